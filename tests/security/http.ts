/**
 * A client of the local server for the security suites: Node's fetch with a cookie jar of its
 * own (one signed-in actor each), fixed extra headers (its client address) and redirects
 * followed only when asked. The suites send requests and read answers; no browser is involved.
 */

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  /** A raw body, sent as is. */
  data?: string | Buffer;
  /** A form, sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Redirects to follow (same origin only); 0 answers the redirect itself. Default 20. */
  maxRedirects?: number;
  /** Milliseconds before the request is abandoned. Default 30 s. */
  timeout?: number;
};

export class HttpResponse {
  constructor(
    private readonly code: number,
    private readonly headerList: Headers,
    private readonly bytes: Buffer,
  ) {}

  status(): number {
    return this.code;
  }

  /** Header names in lower case; repeated headers joined by ", " (Set-Cookie by "\n"). */
  headers(): Record<string, string> {
    const out: Record<string, string> = {};
    this.headerList.forEach((value, name) => {
      out[name] = value;
    });
    const cookies = this.headerList.getSetCookie();
    if (cookies.length > 0) out["set-cookie"] = cookies.join("\n");
    return out;
  }

  async body(): Promise<Buffer> {
    return this.bytes;
  }

  async text(): Promise<string> {
    return this.bytes.toString("utf8");
  }
}

export class HttpClient {
  readonly #cookies = new Map<string, string>();

  constructor(
    readonly baseURL: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  get(path: string, options: RequestOptions = {}) {
    return this.fetch(path, { ...options, method: "GET" });
  }

  post(path: string, options: RequestOptions = {}) {
    return this.fetch(path, { ...options, method: "POST" });
  }

  /** A path ("/auth") or an absolute URL on the base URL's origin. */
  async fetch(target: string, options: RequestOptions = {}): Promise<HttpResponse> {
    let url = new URL(target, this.baseURL);
    let method = options.method ?? "GET";
    let body: string | Buffer | undefined = options.form ? new URLSearchParams(options.form).toString() : options.data;
    const headers: Record<string, string> = { ...this.extraHeaders, ...(options.headers ?? {}) };
    if (options.form) headers["Content-Type"] ??= "application/x-www-form-urlencoded";
    const signal = AbortSignal.timeout(options.timeout ?? 30_000);
    for (let redirects = options.maxRedirects ?? 20; ; redirects--) {
      const cookie = this.cookieHeader();
      const res = await fetch(url, {
        method,
        headers: cookie ? { ...headers, Cookie: cookie } : headers,
        body:
          method === "GET" || method === "HEAD" || body === undefined ? undefined : new Uint8Array(Buffer.from(body)),
        redirect: "manual",
        signal,
      });
      this.keepCookies(res.headers.getSetCookie());
      const bytes = Buffer.from(await res.arrayBuffer());
      const location = res.headers.get("location");
      const next = location ? new URL(location, url) : null;
      if (redirects <= 0 || res.status < 300 || res.status >= 400 || !next || next.origin !== url.origin) {
        return new HttpResponse(res.status, res.headers, bytes);
      }
      // As browsers do: a 303 (and a POST's 301 or 302) is followed by a GET without the body.
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
        delete headers["Content-Type"];
      }
      url = next;
    }
  }

  async dispose(): Promise<void> {
    this.#cookies.clear();
  }

  private cookieHeader(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Keeps each cookie set, and drops one set empty, expired or with Max-Age 0 or less. */
  private keepCookies(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const attribute = (key: string) =>
        attributes
          .map((a) => a.trim())
          .find((a) => a.toLowerCase().startsWith(`${key}=`))
          ?.slice(key.length + 1);
      const maxAge = attribute("max-age");
      const expires = attribute("expires");
      const gone =
        value === "" ||
        (maxAge !== undefined && Number(maxAge) <= 0) ||
        (expires !== undefined && Date.parse(expires) <= Date.now());
      if (gone) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
}
