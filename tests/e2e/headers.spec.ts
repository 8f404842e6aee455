import type { Page, Response } from "@playwright/test";
import { demoPassword, signIn } from "./accounts";
import { expect, test } from "./fixtures";

// The shell's response headers (issue #17) on the built app: the strict CSP with a fresh nonce
// on every inline script and style, no framing, no sniffing, a referrer policy, and
// `Cache-Control: private, no-store` on everything that depends on who is signed in.

const BASELINE = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
};

function expectBaseline(headers: Record<string, string>) {
  for (const [name, value] of Object.entries(BASELINE)) expect(headers[name], name).toBe(value);
  // The e2e server is on localhost: HSTS would pin every localhost port to https.
  expect(headers["strict-transport-security"]).toBeUndefined();
}

/** The nonce of a page's CSP, after checking the policy's fixed parts. */
function nonceOf(headers: Record<string, string>): string {
  const csp = headers["content-security-policy"] ?? "";
  for (const directive of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ]) {
    expect(csp, directive).toContain(directive);
  }
  expect(csp).not.toContain("unsafe-eval");
  const nonce = /script-src 'self' 'nonce-([\w+/=]+)'(;|$)/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  return nonce ?? "";
}

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/** The nonce of every inline script and style the server sent ("" for one without). */
async function inlineNonces(response: Response | null) {
  const html = (await response?.text()) ?? "";
  return [...html.matchAll(/<(script|style)\b([^>]*)>/g)]
    .filter(([, , attributes]) => !/\ssrc=/.test(attributes ?? ""))
    .map(([, , attributes]) => /\snonce="([^"]*)"/.exec(attributes ?? "")?.[1] ?? "");
}

test("the landing page: baseline headers, a CSP nonce on its inline style and script, no violation", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const res = await page.goto("/");
  const headers = res?.headers() ?? {};
  expectBaseline(headers);
  const nonce = nonceOf(headers);
  const inline = await inlineNonces(res);
  expect(inline.length).toBeGreaterThanOrEqual(2);
  expect(new Set(inline)).toEqual(new Set([nonce]));
  // A visitor's public page keeps its own caching (none here), never forced private.
  expect(headers["cache-control"]).toBeUndefined();
  // The page's look needs its inline stylesheet: allowed, so the brand header is laid out.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect(await violations()).toEqual([]);

  // A new response, a new nonce.
  const again = await page.goto("/");
  expect(nonceOf(again?.headers() ?? {})).not.toBe(nonce);
});

test("the share page: baseline headers and CSP, private, its QR code drawn, no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  const res = await page.goto("/share/cg-003");
  const headers = res?.headers() ?? {};
  expectBaseline(headers);
  const nonce = nonceOf(headers);
  expect(new Set(await inlineNonces(res))).toEqual(new Set([nonce]));
  expect(headers["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("article", { name: "Camille Laurent's card" })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("signed in: the dashboard, its .data and an export are private, no-store; hydration and the toaster run clean", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);

  const res = await page.goto("/dashboard");
  const headers = res?.headers() ?? {};
  expectBaseline(headers);
  expect(headers["cache-control"]).toBe("private, no-store");
  const nonce = nonceOf(headers);
  // React Router's inline scripts (hydration data, module loader) all carry the nonce.
  const inline = await inlineNonces(res);
  expect(inline.length).toBeGreaterThan(0);
  expect(new Set(inline)).toEqual(new Set([nonce]));
  await page.locator("html[data-hydrated]").waitFor(); // the scripts ran: hydrated, toaster loaded

  const data = await page.request.get("/dashboard.data");
  expect(data.status()).toBe(200);
  expect(data.headers()["cache-control"]).toBe("private, no-store");
  expectBaseline(data.headers());

  for (const path of ["/dashboard/contacts/contacts.csv", "/dashboard/contacts/contacts.vcf"]) {
    const exported = await page.request.get(path);
    expect(exported.status(), path).toBe(200);
    expect(exported.headers()["cache-control"], path).toBe("private, no-store");
    expectBaseline(exported.headers());
  }

  // A client-side navigation (a .data fetch, sonner's stylesheet already in) stays clean too.
  await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
  expect(await violations()).toEqual([]);
});

test("a signed-in visit to a public page is private; the same page for a visitor is not forced", async ({
  page,
  request,
}) => {
  expect((await request.get("/learn-more")).headers()["cache-control"]).toBeUndefined();
  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  const res = await page.goto("/learn-more");
  expect(res?.headers()["cache-control"]).toBe("private, no-store");
});

test("a page carrying a token in its URL is sent with Referrer-Policy: same-origin", async ({ request }) => {
  const res = await request.get("/reset-password?token=not-a-real-token");
  expect(res.headers()["referrer-policy"]).toBe("same-origin");
  expect(res.headers()["x-frame-options"]).toBe("DENY");
});

test("the admin portal's federated remote loads and works under the CSP, with no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  await expect(page).not.toHaveURL(/\/auth/);
  const res = await page.goto("/admin/nfc-dashboard");
  expect(res?.headers()["cache-control"]).toBe("private, no-store");
  nonceOf(res?.headers() ?? {});
  await expect(page.getByRole("heading", { name: "NFC Dashboard" })).toBeVisible();
  // Its data comes from the API (connect-src 'self'), its stylesheet from /admin-remote/ ('self').
  const garments = page.getByRole("term").filter({ hasText: "Garments" }).locator("xpath=..");
  const stats = (await (await page.request.get("/api/admin/stats")).json()) as { garments: { total: number } };
  await expect(garments.getByRole("definition")).toContainText(String(stats.garments.total));
  const api = await page.request.get("/api/admin/me");
  expect(api.status()).toBe(200);
  expect(api.headers()["cache-control"]).toBe("private, no-store");
  expect(await violations()).toEqual([]);
});

test("content-hashed files are kept for a year; the remote's entry and unhashed files are revalidated", async ({
  request,
}) => {
  const IMMUTABLE = "public, max-age=31536000, immutable";
  // The NFC demo hydrates (the landing page and /auth are plain HTML): it names hashed files.
  const demo = await (await request.get("/nfc-demo")).text();
  const assets = [...demo.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
  expect(assets.length, "/nfc-demo's hashed scripts and styles").toBeGreaterThan(0);
  const entry = await request.get("/admin-remote/remoteEntry.js");
  expect(entry.status()).toBe(200);
  expect(entry.headers()["cache-control"]).toBe("no-cache");
  const chunk = /["'`](?:\.\/|\/admin-remote\/)?(assets\/[\w.-]+\.js)["'`]/.exec(await entry.text())?.[1];
  expect(chunk, "a hashed chunk named by the remote's entry").toBeTruthy();
  for (const path of [...assets.slice(0, 3), `/admin-remote/${chunk}`]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["cache-control"], path).toBe(IMMUTABLE);
    expectBaseline(res.headers());
  }
  for (const path of ["/favicon.svg", "/images/instagram/1.jpg"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["cache-control"] ?? "", path).not.toContain("immutable");
  }
});
