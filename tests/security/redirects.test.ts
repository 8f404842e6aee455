/**
 * Issue #17, the redirect table: redirect targets an attacker would try, driven through every
 * route that takes one from input, on the real server. None may leave the origin: each target
 * the server answers with (Location, a meta refresh, the hidden `redirectTo` a page carries on
 * to its form) is resolved against the page's URL as a browser would and must be same-origin,
 * and must not start with `//` or `/\` whatever it resolves to.
 */
import { expect, test } from "vitest";
import {
  type Answer,
  actorContexts,
  demoPassword,
  emailOf,
  HEADER_OVERFLOW,
  inBatches,
  newContext,
  printFigures,
  send,
  serverURL,
} from "./support";

const EVIL = "evil.example";
const KB = 1024;

/** At least 30 inputs (the issue's, then the usual suspects). */
const INPUTS: string[] = [
  `/.//${EVIL}`,
  `/..//${EVIL}`,
  `/%2e//${EVIL}`,
  `/%2E%2E//${EVIL}`,
  `/x/..//${EVIL}`,
  `/dashboard/../..//${EVIL}`,
  `/./\\${EVIL}`,
  `//${EVIL}`,
  `///${EVIL}`,
  `////${EVIL}/x`,
  `/\\${EVIL}`,
  `\\\\${EVIL}`,
  `/\\/${EVIL}`,
  `https://${EVIL}`,
  `http:${EVIL}`,
  `https:/${EVIL}`,
  `//${EVIL}@localhost`,
  `//localhost@${EVIL}`,
  `/@${EVIL}`,
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.domain)",
  "data:text/html,<script>alert(1)</script>",
  `/\t/${EVIL}`,
  `/\n/${EVIL}`,
  `\t//${EVIL}`,
  `/\r\n/${EVIL}`,
  `/%09/${EVIL}`,
  `/%0a/${EVIL}`,
  `%2f%2f${EVIL}`,
  `/%2f/${EVIL}`,
  `/%5c${EVIL}`,
  `/%5C%5C${EVIL}`,
  `/\u2215\u2215${EVIL}`,
  `/\uff0f\uff0f${EVIL}`,
  `/\uff3c${EVIL}`,
  `/\u3002${EVIL}`,
  ` //${EVIL}`,
  `/ /${EVIL}`,
  `/\u0000//${EVIL}`,
  `/#//${EVIL}`,
  `/?//${EVIL}`,
  `${EVIL}`,
  `/dashboard?next=//${EVIL}`,
  `/${"a".repeat(20 * KB)}`,
  `/${"a".repeat(100 * KB)}`,
  `//${EVIL}/${"a".repeat(20 * KB)}`,
];

type Result = {
  via: string;
  input: string;
  status: number;
  target: string | null;
  escaped: boolean;
  why?: string;
  error?: string;
};

const decodeHtml = (s: string) =>
  s
    .replaceAll("&amp;", "&")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

/** Where a browser would go from `pageURL` for `target`, and whether that leaves the origin. */
function escapes(target: string, pageURL: string, baseURL: string): string | null {
  const origin = new URL(baseURL).origin;
  // Browsers strip tabs and newlines, and leading and trailing C0 controls and spaces, first.
  const isC0OrSpace = (ch: string | undefined) => ch !== undefined && ch.charCodeAt(0) <= 0x20;
  let cleaned = target.replace(/[\t\n\r]/g, "");
  while (isC0OrSpace(cleaned[0])) cleaned = cleaned.slice(1);
  while (isC0OrSpace(cleaned.at(-1))) cleaned = cleaned.slice(0, -1);
  if (/^[/\\]{2}/.test(cleaned)) return "starts with // or /\\";
  try {
    const resolved = new URL(cleaned, pageURL);
    if (resolved.origin !== origin)
      return `resolves to ${resolved.origin === "null" ? resolved.href.slice(0, 60) : resolved.origin}`;
  } catch {
    return null; // not a URL at all: a browser goes nowhere
  }
  return null;
}

const metaRefresh = (html: string) => {
  const tag = /<meta[^>]+http-equiv="refresh"[^>]*>/i.exec(html)?.[0];
  const content = tag ? /content="([^"]*)"/i.exec(tag)?.[1] : undefined;
  return content ? decodeHtml(content).replace(/^\s*\d+\s*;\s*url=/i, "") : null;
};
const hiddenRedirect = (html: string) => {
  const tag = /<input[^>]+name="redirectTo"[^>]*>/i.exec(html)?.[0];
  const value = tag ? /value="([^"]*)"/i.exec(tag)?.[1] : undefined;
  return value === undefined ? null : decodeHtml(value);
};

test("the redirect table: no redirect target from input leaves the origin", async () => {
  const baseURL = serverURL();
  expect(INPUTS.length).toBeGreaterThanOrEqual(30);
  const ctx = await actorContexts(baseURL, "redirects");
  const results: Result[] = [];
  const record = (via: string, input: string, res: Answer, target: string | null, pageURL: string) => {
    const why = target ? escapes(target, pageURL, baseURL) : null;
    results.push({
      via,
      input,
      status: res.status,
      target,
      escaped: why !== null,
      why: why ?? undefined,
      error: res.error,
    });
  };
  const q = (x: string) => encodeURIComponent(x);
  const form = (fields: Record<string, string>) => ({
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

  await inBatches(INPUTS, 4, async (input, i) => {
    // Signed in: /auth sends a signed-in visitor on to the redirect (spec part 1 §4).
    const signedIn = await send(ctx.B, baseURL, { method: "GET", path: `/auth?redirect=${q(input)}` });
    record("GET /auth?redirect= (signed in)", input, signedIn, signedIn.location, `${baseURL}/auth`);

    // Signed out: the page keeps it for its form, the sign-in then redirects there.
    const page = await send(ctx.anon, baseURL, { method: "GET", path: `/auth?redirect=${q(input)}` });
    record("GET /auth?redirect= (hidden redirectTo)", input, page, hiddenRedirect(page.body), `${baseURL}/auth`);
    const login = await newContext(baseURL, `redirects:login:${i}`);
    const signIn = await send(login, baseURL, {
      method: "POST",
      path: "/auth",
      ...form({ intent: "login", email: emailOf("visitor"), password: demoPassword("visitor"), redirectTo: input }),
    });
    record("POST /auth login redirectTo", input, signIn, signIn.location, `${baseURL}/auth`);
    // The forgot form carries the same field (a 100 KB one once printed a stack trace).
    const forgot = await send(login, baseURL, {
      method: "POST",
      path: "/auth",
      ...form({ intent: "forgot", email: `nobody-${i}@example.com`, redirectTo: input }),
    });
    record("POST /auth forgot redirectTo", input, forgot, forgot.location, `${baseURL}/auth`);
    await login.dispose();

    // The admin sign-in: Location for a signed-in admin, the meta refresh after signing in here.
    const admin = await send(ctx.admin, baseURL, { method: "GET", path: `/admin/login?redirect=${q(input)}` });
    record("GET /admin/login?redirect= (admin)", input, admin, admin.location, `${baseURL}/admin/login`);
    const adminPage = await send(ctx.anon, baseURL, { method: "GET", path: `/admin/login?redirect=${q(input)}` });
    record(
      "GET /admin/login?redirect= (hidden redirectTo)",
      input,
      adminPage,
      hiddenRedirect(adminPage.body),
      `${baseURL}/admin/login`,
    );
    const adminLogin = await newContext(baseURL, `redirects:admin:${i}`);
    const adminSignIn = await send(adminLogin, baseURL, {
      method: "POST",
      path: "/admin/login",
      ...form({ email: emailOf("admin"), password: demoPassword("admin"), redirectTo: input }),
    });
    record(
      "POST /admin/login redirectTo (meta refresh)",
      input,
      adminSignIn,
      metaRefresh(adminSignIn.body) ?? adminSignIn.location,
      `${baseURL}/admin/login`,
    );
    await adminLogin.dispose();

    // The language switcher (issue #34) sends the person back to the page they were on.
    for (const locale of ["fr", "xx"]) {
      const chosen = await send(ctx.anon, baseURL, {
        method: "POST",
        path: "/language",
        ...form({ locale, back: input }),
      });
      record(
        `POST /language back (${locale === "fr" ? "a language" : "no language"})`,
        input,
        chosen,
        chosen.location,
        `${baseURL}/language`,
      );
    }

    // The variant pages pass their query on to the canonical page.
    const variant = await send(ctx.anon, baseURL, { method: "GET", path: `/dashboard-old?redirect=${q(input)}` });
    record("GET /dashboard-old?redirect=", input, variant, variant.location, `${baseURL}/dashboard-old`);
  });

  // The request target itself: a path that starts like a host must not become one.
  const TARGETS = [
    `//${EVIL}/`,
    `//${EVIL}/dashboard`,
    `//${EVIL}/auth?redirect=/dashboard`,
    `///${EVIL}/`,
    `/\\${EVIL}/`,
    "//",
    `//${EVIL}/%2e%2e/admin`,
  ];
  for (const path of TARGETS) {
    for (const actor of ["anon", "B"] as const) {
      const res = await send(ctx[actor], baseURL, { method: "GET", path });
      record(`GET ${path} (${actor}) Location`, path, res, res.location, `${baseURL}${path}`);
      // The page must not name another host as its own (canonical, og:url).
      const own = [...res.body.matchAll(/<(?:link|meta)[^>]+(?:rel="canonical"|property="og:url")[^>]*>/g)]
        .map((m) => /(?:href|content)="([^"]+)"/.exec(m[0])?.[1])
        .filter((u): u is string => !!u);
      for (const u of own) record(`GET ${path} (${actor}) canonical`, path, res, decodeHtml(u), `${baseURL}/`);
    }
  }

  const escaped = results.filter((r) => r.escaped);
  const fiveXX = results.filter((r) => r.status >= 500);
  const overflow = results.filter((r) => r.status === HEADER_OVERFLOW);
  printFigures("redirect table", {
    inputs: INPUTS.length,
    "request targets": TARGETS.length,
    routes: new Set(results.map((r) => r.via.replace(/ \((anon|B)\).*/, ""))).size,
    checks: results.length,
    escapes: escaped.length,
    "5xx": fiveXX.length,
    "answers with over 16 KB of headers (an uncapped echo)": overflow.length,
  });
  const show = (r: Result) =>
    `${r.via} input ${JSON.stringify(r.input.length > 80 ? `${r.input.slice(0, 80)}...(${r.input.length})` : r.input)} -> ${r.status} ${JSON.stringify((r.target ?? "").slice(0, 120))}`;
  for (const r of escaped) console.log(`ESCAPE ${show(r)}: ${r.why}`);
  for (const r of fiveXX) console.log(`5XX ${show(r)}${r.error ? ` ${r.error}` : ""}`);
  for (const r of overflow) console.log(`OVERSIZED ${show(r)}`);
  expect.soft(overflow.map(show), "answers echoing the input into over 16 KB of headers").toEqual([]);
  expect.soft(fiveXX.map(show), "redirect inputs answered 5xx").toEqual([]);
  expect(
    escaped.map((r) => `${show(r)}: ${r.why}`),
    "redirect targets that leave the origin",
  ).toEqual([]);
});
