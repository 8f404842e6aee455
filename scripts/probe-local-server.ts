/**
 * Sends the local server the abusive requests of issue #17 over raw sockets, group by group:
 * odd request targets, bad Host headers, huge headers and bodies, wrong Content-Length, bodies
 * cut off, non-form bodies to form actions, every method on pages and assets, conditional and
 * range requests on assets, many connections at once, pipelining. After each group it checks
 * that `/`, `/auth`, the CSS and JS /auth loads, an image of `/`, the favicon and the admin
 * remote's entry still answer 200. tests/e2e/local-server.spec.ts runs the same groups against
 * the e2e server and asserts it; this CLI prints the figures for any running server:
 *
 *   npx tsx scripts/probe-local-server.ts [origin, default http://localhost:4173]
 */
import { connect } from "node:net";
import { pathToFileURL } from "node:url";

export type RawResult = { statuses: number[]; error?: string };

/**
 * Statuses of every response found in the bytes the server sent back (a status line may follow
 * the previous body directly, so it is not anchored to a line start; no page here prints one).
 */
function statusesOf(raw: string): number[] {
  return [...raw.matchAll(/HTTP\/1\.[01] (\d{3}) /g)].map((m) => Number(m[1]));
}

/**
 * Writes `parts` to a fresh connection, one after the other, and collects what comes back
 * until the server closes, `waitMs` passes, or `expect` responses have arrived. `hangUp`
 * closes the socket right after the last part (a request cut off mid-body).
 */
export function raw(
  origin: string,
  parts: Array<string | Buffer>,
  opts: { hangUp?: boolean; waitMs?: number; expect?: number } = {},
): Promise<RawResult> {
  const url = new URL(origin);
  const { waitMs = 10_000, expect = 1 } = opts;
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 80) });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (error?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString("latin1");
      resolve({ statuses: statusesOf(text), ...(error ? { error } : {}) });
    };
    const timer = setTimeout(() => finish(), waitMs);
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      if (!opts.hangUp && statusesOf(Buffer.concat(chunks).toString("latin1")).length >= expect) {
        // Give the body of the last response a moment, then stop.
        setTimeout(() => finish(), 50);
      }
    });
    socket.on("error", (error) => finish(error.message));
    socket.on("close", () => finish());
    socket.on("connect", async () => {
      for (const part of parts) {
        if (socket.destroyed) return;
        await new Promise<void>((r) => socket.write(part, () => r()));
      }
      if (opts.hangUp) finish();
    });
  });
}

const CRLF = "\r\n";
/** The probe's own client address (as Cloudflare sends it), so no other visitor's per-IP limit counts it. */
const PROBE_IP = "10.254.17.17";
type RequestOpts = { host?: string | null; headers?: string[]; body?: string; close?: boolean };

/**
 * One HTTP/1.1 request as text, for `origin`: its Host header (`host` null leaves it out, a
 * string replaces it), the probe's client address and, on anything but GET and HEAD, an Origin
 * header, so a form post passes the same-origin check and reaches the action.
 */
export function requestFor(origin: string, method: string, target: string, opts: RequestOpts = {}): string {
  const { host } = new URL(origin);
  const lines = [`${method} ${target} HTTP/1.1`];
  if (opts.host !== null) lines.push(`Host: ${opts.host ?? host}`);
  lines.push(`CF-Connecting-IP: ${PROBE_IP}`);
  if (!/^(GET|HEAD)$/i.test(method)) lines.push(`Origin: ${origin}`);
  lines.push(...(opts.headers ?? []));
  if (opts.body !== undefined && !(opts.headers ?? []).some((h) => /^content-length:/i.test(h))) {
    lines.push(`Content-Length: ${Buffer.byteLength(opts.body)}`);
  }
  if (opts.close !== false) lines.push("Connection: close");
  return lines.join(CRLF) + CRLF + CRLF + (opts.body ?? "");
}

/**
 * - `valid`: well-formed HTTP, however odd: it must be answered, and below 500.
 * - `malformed`: broken HTTP (request line, Host, message framing, unknown method, thousands of
 *   headers). Cloudflare's edge refuses it before any Worker runs; locally workerd's own HTTP
 *   server answers it (400, 500 or 501) or hangs up. Any answer will do, as long as the server
 *   keeps serving everyone else.
 * - `unfinished`: the client hangs up, or never sends the promised body: nothing to answer.
 */
export type CaseKind = "valid" | "malformed" | "unfinished";
/** `answers`: how many responses a `valid` case must get (the server may close a connection early otherwise). */
export type ProbeCase = { name: string; kind: CaseKind; answers: number; run: () => Promise<RawResult> };
export type ProbeGroup = { name: string; cases: ProbeCase[] };

const FORM_ACTIONS = ["/auth", "/reset-password", "/receive-info", "/share/cg-003", "/admin/login"];
const API_POSTS = ["/api/admin/garments", "/api/admin/clients", "/api/health"];
const METHODS = ["HEAD", "OPTIONS", "TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"];
const big = (bytes: number) => "a".repeat(bytes);
const FORM = "Content-Type: application/x-www-form-urlencoded";
const JSON_TYPE = "Content-Type: application/json";

/**
 * The abusive groups for the server at `origin`, in the order they are sent. `assets` are
 * static files the server serves (see `checkServes`); the favicon is always among them.
 */
export function abuseGroups(origin: string, assets: string[] = ["/favicon.svg"]): ProbeGroup[] {
  const make =
    (kind: CaseKind) =>
    (
      name: string,
      text: string | Array<string | Buffer>,
      opts?: Parameters<typeof raw>[2] & { answers?: number },
    ): ProbeCase => ({
      name,
      kind,
      answers: opts?.answers ?? 1,
      run: () => raw(origin, Array.isArray(text) ? text : [text], opts),
    });
  const valid = make("valid");
  const malformed = make("malformed");
  const unfinished = make("unfinished");
  const many = (
    name: string,
    count: number,
    one: (i: number) => Promise<RawResult>,
    kind: CaseKind = "valid",
  ): ProbeCase => ({
    name,
    kind,
    answers: count,
    run: async () => {
      const all = await Promise.all(Array.from({ length: count }, (_, i) => one(i)));
      return { statuses: all.flatMap((r) => r.statuses) };
    },
  });
  const request = (method: string, target: string, opts?: RequestOpts) => requestFor(origin, method, target, opts);
  const asset = assets[0] ?? "/favicon.svg";
  return [
    {
      name: "request targets",
      cases: [
        ...[
          "//x",
          "//evil.example/",
          "/%",
          "/%zz",
          "/assets/%",
          "/%00",
          "/..%2f..%2fetc/passwd",
          "/../../etc/passwd",
          "/%5cevil.example",
          "/t/%",
          "/t/mb-001%00",
          "/api/%",
          "/.data",
          "/_.data?_routes=%",
          `/${big(16_000)}`,
          `/?q=${big(60_000)}`,
          "/%C3%A9%E2%80%AE",
          `${asset}?${big(4_000)}`,
          `${asset}%00`,
        ].map((target) => valid(`GET ${target.slice(0, 40)}`, request("GET", target))),
        // Absolute-form: valid HTTP/1.1, but workerd refuses any target it would have to rebuild.
        ...[
          "http://localhost/",
          "http://evil.example/",
          "http://evil.example/assets/x.css",
          "https://localhost:1/x",
        ].map((target) => malformed(`GET ${target}`, request("GET", target))),
        ...["*", "?x", "x", "/\\evil.example", "/\u00e9"].map((target) =>
          malformed(`GET ${target}`, request("GET", target)),
        ),
        malformed("CONNECT", request("CONNECT", "localhost:80")),
        malformed("absolute-form POST", request("POST", "http://evil.example/auth", { body: "a=b" })),
        malformed("raw bytes in target", [
          Buffer.from("GET /\xff\xfe\x80 HTTP/1.1\r\nHost: localhost\r\n\r\n", "latin1"),
        ]),
        malformed("no HTTP version", "GET /\r\n\r\n"),
        malformed("bad version", "GET / HTTP/9.9\r\nHost: localhost\r\n\r\n"),
        malformed("TLS hello on plain HTTP", "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n"),
      ],
    },
    {
      name: "host headers",
      cases: [
        valid("no Host, HTTP/1.0", "GET / HTTP/1.0\r\n\r\n"),
        valid("Host evil.example", request("GET", "/", { host: "evil.example" })),
        valid("Host evil.example on an asset", request("GET", asset, { host: "evil.example" })),
        valid(
          "X-Forwarded-*",
          request("GET", "/", { headers: ["X-Forwarded-Host: evil.example", "X-Forwarded-Proto: gopher"] }),
        ),
        malformed("no Host, HTTP/1.1", request("GET", "/", { host: null })),
        ...["", "[::1", "a b", "localhost:99999", "%", "localhost:-1", "@", "a/b", big(8_000)].map((host) =>
          malformed(`Host ${host.slice(0, 20) || "(empty)"}`, request("GET", "/", { host })),
        ),
        malformed("two Hosts", request("GET", "/", { headers: ["Host: evil.example"] })),
        malformed("bad Host on an asset", request("GET", asset, { host: "[::1" })),
      ],
    },
    {
      name: "huge headers",
      cases: [
        valid("one 100 KB header", request("GET", "/", { headers: [`X-Big: ${big(100_000)}`] })),
        valid("one 100 KB header on an asset", request("GET", asset, { headers: [`X-Big: ${big(100_000)}`] })),
        valid("60 KB cookie", request("GET", "/dashboard", { headers: [`Cookie: session=${big(60_000)}`] })),
        valid(
          "20 KB Accept-Encoding on an asset",
          request("GET", asset, { headers: [`Accept-Encoding: ${"gzip,".repeat(4_000)}`] }),
        ),
        malformed(
          "2,000 headers",
          request("GET", "/", { headers: Array.from({ length: 2_000 }, (_, i) => `X-H${i}: ${i}`) }),
        ),
        malformed("bad header name", request("GET", "/", { headers: ["Bad Header: x", "X-Ok: \x01\x02"] })),
        malformed("header without colon", request("GET", "/", { headers: ["nocolon"] })),
        malformed("folded header", request("GET", "/", { headers: ["X-A: a", " folded"] })),
      ],
    },
    {
      name: "bodies",
      cases: [
        // A server may answer a huge body early and hang up without reading it; the reset can
        // reach the client before the answer does, so these must not get a 5xx, answered or not.
        valid("10 MB form body", request("POST", "/auth", { body: `email=a&x=${big(10_000_000)}`, headers: [FORM] }), {
          waitMs: 30_000,
          answers: 0,
        }),
        valid(
          "10 MB JSON to the API",
          request("POST", API_POSTS[0] ?? "/api", {
            body: JSON.stringify({ x: big(10_000_000) }),
            headers: [JSON_TYPE],
          }),
          { waitMs: 30_000, answers: 0 },
        ),
        valid(
          "Content-Length smaller than the body",
          request("POST", "/auth", { headers: ["Content-Length: 3", FORM], body: "email=a&password=b" }),
        ),
        valid("GET with a body", request("GET", "/", { body: big(50_000) })),
        valid("asset GET with a body", request("GET", asset, { body: big(50_000) })),
        unfinished(
          "Content-Length larger than the body, then hang up",
          [request("POST", "/auth", { headers: ["Content-Length: 5000", FORM] }), "email=a"],
          { hangUp: true },
        ),
        unfinished(
          "Content-Length larger than the body, left open",
          [request("POST", "/auth", { headers: ["Content-Length: 5000", FORM] }), "email=a"],
          { waitMs: 1_500 },
        ),
        unfinished(
          "chunked body cut off",
          [request("POST", "/auth", { headers: ["Transfer-Encoding: chunked"], body: "" }), "100\r\nabc"],
          { hangUp: true },
        ),
        ...FORM_ACTIONS.map((path) =>
          unfinished(
            `hang up mid-body ${path}`,
            [request("POST", path, { headers: ["Content-Length: 100000", FORM] }), `a=${big(30_000)}`],
            { hangUp: true },
          ),
        ),
        malformed(
          "negative Content-Length",
          request("POST", "/auth", { headers: ["Content-Length: -1"], body: "a=b" }),
        ),
        malformed(
          "non-numeric Content-Length",
          request("POST", "/auth", { headers: ["Content-Length: abc"], body: "a=b" }),
        ),
        malformed(
          "two Content-Lengths",
          request("POST", "/auth", { headers: ["Content-Length: 3", "Content-Length: 30"], body: "a=b" }),
        ),
        malformed(
          "Content-Length and chunked",
          request("POST", "/auth", { headers: ["Content-Length: 3", "Transfer-Encoding: chunked"], body: "a=b" }),
        ),
        malformed(
          "bad chunk size",
          request("POST", "/auth", { headers: ["Transfer-Encoding: chunked"], body: "zz\r\nabc\r\n0\r\n\r\n" }),
        ),
      ],
    },
    {
      name: "non-form bodies to form actions",
      cases: FORM_ACTIONS.flatMap((path) => [
        valid(`JSON ${path}`, request("POST", path, { headers: [JSON_TYPE], body: '{"email":"a@b.c"}' })),
        valid(`JSON array ${path}`, request("POST", path, { headers: [JSON_TYPE], body: "[1,2]" })),
        valid(`text ${path}`, request("POST", path, { headers: ["Content-Type: text/plain"], body: "hello" })),
        valid(`no body ${path}`, request("POST", path, { headers: ["Content-Length: 0"] })),
        valid(`utf-16 ${path}`, request("POST", path, { headers: [`${FORM}; charset=utf-16`], body: "a=b" })),
        valid(
          `multipart without boundary ${path}`,
          request("POST", path, { headers: ["Content-Type: multipart/form-data"], body: "--x\r\n" }),
        ),
        valid(
          `multipart, wrong boundary ${path}`,
          request("POST", path, {
            headers: ["Content-Type: multipart/form-data; boundary=zzz"],
            body: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\nb\r\n--x--\r\n",
          }),
        ),
        valid(
          `multipart cut short ${path}`,
          request("POST", path, {
            headers: ["Content-Type: multipart/form-data; boundary=x"],
            body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
          }),
        ),
        valid(`garbage type ${path}`, request("POST", path, { headers: ["Content-Type: ;;;=="], body: "\x00\x01" })),
      ]),
    },
    {
      name: "APIs refusing a body unread",
      cases: [
        ...API_POSTS.map((path) =>
          valid(
            `keep-alive POST ${path}, then GET`,
            request("POST", path, { headers: [JSON_TYPE], body: JSON.stringify({ x: big(200_000) }), close: false }) +
              request("GET", asset),
            { expect: 2 },
          ),
        ),
        many("100 at once, 1 MB each", 100, (i) =>
          raw(
            origin,
            [
              request("POST", API_POSTS[i % API_POSTS.length] ?? "/api", {
                headers: [JSON_TYPE],
                body: JSON.stringify({ x: big(1_000_000) }),
              }),
            ],
            { waitMs: 30_000 },
          ),
        ),
      ],
    },
    {
      name: "methods",
      cases: [
        ...METHODS.flatMap((method) =>
          ["/", "/auth", "/api/health", "/t/mb-001", ...assets].map((path) =>
            valid(`${method} ${path}`, request(method, path)),
          ),
        ),
        ...["FOO", "get"].flatMap((method) =>
          ["/", asset].map((path) => malformed(`${method} ${path}`, request(method, path))),
        ),
        ...["OPTIONS", "TRACE"].map((method) => malformed(`${method} *`, request(method, "*"))),
      ],
    },
    {
      name: "conditional and range requests on assets",
      cases: assets.flatMap((path) =>
        [
          "Range: bytes=garbage",
          "Range: bytes=100-1",
          "Range: bytes=0-1,2-3,4-5",
          "Range: bytes=99999999999999999999-",
          "If-None-Match: *",
          'If-None-Match: "x", W/"y"',
          "If-Modified-Since: garbage",
          "If-Range: x",
          "Accept-Encoding: br;q=garbage",
          "Accept: \x7f",
        ].map((header) => valid(`${header.slice(0, 30)} ${path}`, request("GET", path, { headers: [header] }))),
      ),
    },
    {
      name: "many connections",
      cases: [
        many("200 GET / at once", 200, () => raw(origin, [request("GET", "/")], { waitMs: 60_000 })),
        many("200 asset GETs at once", 200, (i) =>
          raw(origin, [request("GET", assets[i % assets.length] ?? asset)], { waitMs: 60_000 }),
        ),
        many(
          "100 half-sent requests left open, then dropped",
          100,
          () => raw(origin, ["GET / HTTP/1.1\r\nHost: loc"], { waitMs: 1_000 }),
          "unfinished",
        ),
        many(
          "100 POSTs at once, hung up mid-body",
          100,
          (i) =>
            raw(
              origin,
              [
                request("POST", FORM_ACTIONS[i % FORM_ACTIONS.length] ?? "/auth", {
                  headers: ["Content-Length: 9999", FORM],
                }),
                "a=b",
              ],
              { hangUp: true },
            ),
          "unfinished",
        ),
      ],
    },
    {
      name: "pipelined requests",
      cases: [
        valid(
          "20 pipelined GETs",
          Array.from({ length: 20 }, (_, i) => request("GET", i % 2 ? asset : "/", { close: i === 19 })).join(""),
          { expect: 20, answers: 20, waitMs: 30_000 },
        ),
        malformed(
          "pipelined garbage after a GET",
          `${request("GET", "/", { close: false })}\x00\x01\x02 garbage\r\n\r\n`,
          { expect: 2 },
        ),
      ],
    },
  ];
}

export type Serving = Array<{ path: string; status: number }>;

/**
 * `/`, `/auth`, `/nfc-demo`, the CSS and JS /nfc-demo loads, an image of `/`, the favicon, the
 * admin remote's entry.
 */
export async function checkServes(origin: string): Promise<Serving> {
  const get = async (path: string) => {
    try {
      const res = await fetch(new URL(path, origin), {
        headers: { "CF-Connecting-IP": PROBE_IP },
        signal: AbortSignal.timeout(15_000),
      });
      return { status: res.status, text: await res.text() };
    } catch {
      return { status: 0, text: "" };
    }
  };
  // The home page and /auth are plain HTML with inline styles (decisions 0020, 0049); the NFC
  // demo hydrates, so it loads the app's bundles.
  const home = await get("/");
  const auth = await get("/auth");
  const demo = await get("/nfc-demo");
  const image = /src="(\/images\/[^"]+)"/.exec(home.text)?.[1] ?? "/images/(no image on /)";
  const css = /href="(\/assets\/[^"]+\.css)"/.exec(demo.text)?.[1] ?? "/assets/(no stylesheet on /nfc-demo)";
  const js = /"(\/assets\/[^"]+\.js)"/.exec(demo.text)?.[1] ?? "/assets/(no script on /nfc-demo)";
  const results: Serving = [
    { path: "/", status: home.status },
    { path: "/auth", status: auth.status },
    { path: "/nfc-demo", status: demo.status },
  ];
  for (const path of [css, js, image, "/favicon.svg", "/admin-remote/remoteEntry.js"]) {
    results.push({ path, status: (await get(path)).status });
  }
  return results;
}

/** The static files of `serving` (what `abuseGroups` aims its asset requests at). */
const PAGES = new Set(["/", "/auth", "/nfc-demo"]);
export const assetsOf = (serving: Serving) => serving.map((s) => s.path).filter((p) => !PAGES.has(p));

export type GroupReport = {
  group: string;
  cases: number;
  statuses: Record<number, number>;
  /** `valid` cases answered 5xx, or not answered at all. */
  failures: string[];
  serving: Serving;
};

/** Sends one group, then checks what still serves. */
export async function probeGroup(origin: string, group: ProbeGroup): Promise<GroupReport> {
  const statuses: Record<number, number> = {};
  const failures: string[] = [];
  for (const c of group.cases) {
    const result = await c.run();
    for (const s of result.statuses) statuses[s] = (statuses[s] ?? 0) + 1;
    if (c.kind !== "valid") continue;
    const fives = result.statuses.filter((s) => s >= 500);
    if (fives.length) failures.push(`${c.name}: ${fives.join(", ")}`);
    else if (result.statuses.length < c.answers) {
      const error = result.error ? ` (${result.error})` : "";
      failures.push(`${c.name}: ${result.statuses.length} of ${c.answers} answered${error}`);
    }
  }
  return { group: group.name, cases: group.cases.length, statuses, failures, serving: await checkServes(origin) };
}

export const describeReport = (r: GroupReport) =>
  `${r.group} (${r.cases} cases): ${JSON.stringify(r.statuses)}; then ${r.serving.map((s) => `${s.path} ${s.status}`).join(", ")}`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const origin = process.argv[2] ?? "http://localhost:4173";
  const assets = assetsOf(await checkServes(origin));
  let broken = 0;
  for (const group of abuseGroups(origin, assets)) {
    const report = await probeGroup(origin, group);
    console.log(describeReport(report));
    for (const failure of report.failures) console.log(`  5xx or no answer: ${failure}`);
    if (report.failures.length || report.serving.some((s) => s.status !== 200)) broken++;
  }
  console.log(
    broken
      ? `${broken} group(s) got a 5xx, or broke what the server serves.`
      : "No 5xx to a valid request; every page and asset still serves.",
  );
  process.exit(broken ? 1 : 0);
}
