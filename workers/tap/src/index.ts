import { WorkerEntrypoint } from "cloudflare:workers";
import { type DigitalLink, parseDigitalLink } from "@releve/core/passport/digital-link";
import { JSON_LD_TYPE, readLinkType } from "@releve/core/passport/linkset";
import { HSTS, isLocalHost } from "@releve/core/platform/security-headers";
import {
  DRY_RUN_HEADER,
  DRY_RUN_RESULT_HEADER,
  type DryRunClaims,
  NOT_FOUND_DIAGNOSIS,
  type TapDiagnosis,
  verifyDryRunToken,
} from "@releve/core/qa/dry-run";
import { OWNER_TOKEN_COOKIE, verifyOwnerToken } from "@releve/core/tap/owner-token";
import { decideTap, type TapDecision, type TapRoute } from "@releve/core/tap/rules";
import type { SecureTag, SuspectReason } from "@releve/core/tap/secure-tap";
import { normalizeSlug } from "@releve/core/tap/slug";
import { verifySunTap } from "@releve/core/tap/sun";
import { cardWindowCookie, signCardWindow, signVerifiedTap } from "@releve/core/tap/verified-tap";
import { getTapRoute, loadTapRoute, readCachedTapRoute } from "@releve/db/tap/cache";
import { tapViewer } from "@releve/db/tap/owner-session";
import { loadProductFacts, type ProductFacts } from "@releve/db/tap/product-facts";
import { type Locale, requestLocale, slot } from "@releve/i18n";
import { tapMessage } from "@releve/i18n/tap";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { getTapEnv, type TapEnv } from "./env";
import { MEMO_TTL_MS, Memo, RouteMemo } from "./memo";
import { notAuthenticatedPage } from "./not-authenticated";
import { reportedMissingPage } from "./reported-missing";
import { escapeHtml, RESOLUTION_FAILED_CSP, resolutionFailedPage } from "./resolution-failed";
import {
  acceptsJsonLd,
  acceptsLinkset,
  itemLevel,
  linkHeaderFor,
  linksetAnswer,
  linkTypeAnswer,
  productLevel,
  RESOLVER_CORS,
  resolverDescription,
  resolverError,
} from "./resolver";
import { mayBeScan, recordScan } from "./scan";
import { shareInPlace } from "./share-in-place";

export { TagCounter } from "./tag-counter";

type TapBindings = { Bindings: Env };
type WaitUntil = (promise: Promise<unknown>) => void;

const app = new Hono<TapBindings>({ strict: false });

// On every answer. 302, never 301, and never stored: a cached redirect would hide repeat taps
// from statistics and keep sending people to a stale answer. Plus the shell's
// baseline (issue #17): no sniffing, no framing, HSTS off localhost. Two constant sets, one
// picked per request; responses are built directly with them (no middleware pass on the hot path).
const LOCAL_TAP_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "X-Robots-Tag": "noindex",
  "X-Served-By": "releve-tap",
} as const;
const TAP_HEADERS = { ...LOCAL_TAP_HEADERS, "Strict-Transport-Security": HSTS } as const;
/** An answer's headers: one of the two sets, or (a Digital Link's tap) one with the resolver's added. */
type TapHeaders = Readonly<Record<string, string>>;

const tapHeaders = (url: string): TapHeaders => (isLocalHost(url) ? LOCAL_TAP_HEADERS : TAP_HEADERS);

type Source = "memo" | "kv" | "d1";

/**
 * The headers of one of the tap's own pages, in the language it was written in (issue #34): it
 * varies by the language cookie and Accept-Language (never stored anyway: no-store above).
 */
const pageHeaders = (headers: TapHeaders, locale: Locale, source?: Source) => ({
  ...headers,
  "Content-Type": "text/html; charset=UTF-8",
  "Content-Security-Policy": RESOLUTION_FAILED_CSP,
  "Content-Language": locale,
  Vary: "Accept-Language, Cookie",
  ...(source && { "X-Tap-Source": source }),
});

/** The failure page; `message` writes its markup in the request's language. */
const failurePage = (
  request: Request,
  headers: TapHeaders,
  message: (locale: Locale) => string,
  status: 400 | 404 | 503,
  source?: Source,
) => {
  const locale = requestLocale(request);
  return new Response(resolutionFailedPage(locale, message(locale)), {
    status,
    headers: pageHeaders(headers, locale, source),
  });
};

const invalidLink = (request: Request, headers: TapHeaders, source?: Source) =>
  failurePage(request, headers, (locale) => escapeHtml(tapMessage(locale, "tap_invalid_link")), 404, source);

/**
 * A garment reported lost or stolen: the neutral page, 200 (the link is good and this page is
 * its answer; a phone shows it as the page, not as a broken link), with no Link to the share
 * page and nothing of the owner.
 */
const reportedMissing = (env: TapEnv, request: Request, headers: TapHeaders, source: Source, route: TapRoute) => {
  const locale = requestLocale(request);
  return new Response(
    reportedMissingPage(locale, env.BRAND_CONTACT_EMAIL, route.gtin && route.active ? route.slug : null),
    { status: 200, headers: pageHeaders(headers, locale, source) },
  );
};

/**
 * A secure garment's tap that did not verify (issue #21): 403, the page saying so and nothing
 * of the owner (no Link, no Location), the failure page's CSP (same stylesheet).
 */
const notAuthenticated = (request: Request, headers: TapHeaders, source: Source) => {
  const locale = requestLocale(request);
  return new Response(notAuthenticatedPage(locale), { status: 403, headers: pageHeaders(headers, locale, source) });
};

let memo: RouteMemo | undefined;
const routeMemo = (env: TapEnv) => {
  memo ??= new RouteMemo(env.TAP_MEMO_TTL_MS ?? MEMO_TTL_MS);
  return memo;
};

/** For a slug this isolate's memo does not hold: KV, then D1; the answer is remembered (decisions 0010, 0022). */
async function readThrough(env: TapEnv, slug: string, waitUntil: WaitUntil) {
  const found = await getTapRoute(env, slug, waitUntil);
  routeMemo(env).set(slug, found.route);
  return found;
}

/**
 * Outside production, `?answer=redirect` makes a visitor's tap answer the 302 to the share
 * page instead of the page itself, so `bench:share` and `bench:tap` can set both side by side.
 */
const wantsRedirect = (env: TapEnv, request: Request) =>
  env.APP_ENV !== "production" && new URL(request.url).searchParams.get("answer") === "redirect";

/**
 * The answer for a resolved route; its scan is handed to the batch, built and sent after it.
 * A visitor on a claimed garment gets the shell's share page in place (decision 0029), or
 * the 302 to it when the shell cannot give it.
 */
function answer(
  env: TapEnv,
  request: Request,
  headers: TapHeaders,
  waitUntil: WaitUntil,
  route: TapRoute | null,
  source: Source,
  viewerUserId: string | null,
  dryRun = false,
  sun?: SunVerdict,
): Response | Promise<Response> {
  const decision = decideTap(route, viewerUserId);
  if (decision.status === 404 || !route) return invalidLink(request, headers, source);
  // A secure garment's tap answers only once its SUN URL verifies (a missing one's page says nothing anyway).
  if (route.secure && decision.status === 302) {
    return secureAnswer(env, request, headers, waitUntil, route, route.secure, decision, source, dryRun, sun);
  }
  // A missing garment's tap is a scan too (marked 'missing' from the route): the brand's sighting.
  if (!dryRun && mayBeScan(request)) recordScan(env, waitUntil, request, route, decision.viewer, Date.now());
  if (decision.outcome === "missing") return reportedMissing(env, request, headers, source, route);
  return redirectOrShare(env, request, headers, decision, source);
}

/**
 * A 302 decision's answer: the redirect, or for a visitor on a claimed garment the shell's share
 * page in place (decision 0029), the 302 when the shell cannot give it. `verified`: a secure
 * tap that verified, whose share page is asked for with the signed verified-tap marker, and
 * whose answer (page or 302) sets this browser's card window (issue #28).
 */
function redirectOrShare(
  env: TapEnv,
  request: Request,
  headers: TapHeaders,
  decision: Extract<TapDecision, { status: 302 }>,
  source: Source,
  verified?: { slug: string; counter: number },
): Response | Promise<Response> {
  const share = decision.outcome === "share" || decision.outcome === "share_unavailable";
  const redirect = (cookie?: string) => {
    const response = new Response(null, {
      status: 302,
      headers: { ...headers, Location: decision.location, "X-Tap-Source": source },
    });
    if (cookie) response.headers.append("Set-Cookie", cookie);
    return response;
  };
  if (!verified || !share) return plainAnswer(env, request, headers, decision, source, share, redirect);
  // A visitor's verified secure tap (issue #28): the card window for this browser, on the page or the 302 alike.
  return Promise.all([
    signVerifiedTap(env.SESSION_SECRET, verified),
    signCardWindow(env.SESSION_SECRET, verified.slug),
  ]).then(async ([marker, window]) => {
    const cookie = cardWindowCookie(verified.slug, window, !isLocalHost(request.url));
    const shell = env.SHELL;
    if (!shell || wantsRedirect(env, request)) return redirect(cookie);
    const tapHeaders = { ...headers, "X-Tap-Source": source };
    const page = await shareInPlace(shell, request, decision.location, tapHeaders, marker);
    if (!page) return redirect(cookie);
    page.headers.append("Set-Cookie", cookie);
    return page;
  });
}

/** A 302 decision's answer without a verified tap: the redirect, or a visitor's share page in place. */
function plainAnswer(
  env: TapEnv,
  request: Request,
  headers: TapHeaders,
  decision: Extract<TapDecision, { status: 302 }>,
  source: Source,
  share: boolean,
  redirect: () => Response,
): Response | Promise<Response> {
  const shell = env.SHELL;
  if (!share || !shell || wantsRedirect(env, request)) return redirect();
  const tapHeaders = { ...headers, "X-Tap-Source": source };
  return shareInPlace(shell, request, decision.location, tapHeaders).then((found) => found ?? redirect());
}

/** A secure tap's SUN check, before any I/O: its counter, or why it is refused. */
type SunVerdict = { ok: true; counter: number } | { ok: false; reason: SuspectReason };

/**
 * The SUN URL of a secure garment's tap (decision 0034): format, PICC data, MAC (constant time)
 * and that it is this garment's tag. Pure and synchronous: the raw query, as the tag wrote it
 * (the MAC covers its text). The counter is checked after, by the tag's Durable Object.
 */
function checkSun(env: TapEnv, request: Request, secure: SecureTag): SunVerdict {
  if (!env.sunKeys) return { ok: false, reason: "keys_unavailable" };
  const result = verifySunTap({
    query: new URL(request.url).search,
    keys: env.sunKeys,
    keyVersion: secure.keyVersion,
    expectedUid: secure.uid,
  });
  return result.ok ? { ok: true, counter: result.counter } : { ok: false, reason: result.reason };
}

/**
 * A secure garment's tap (issue #21): the MAC first (no I/O), then the tag's counter, advanced
 * atomically by its Durable Object (a counter at or below the last one is a replay). Verified:
 * the usual answer, a visitor's share page asked for with the signed verified-tap marker.
 * Refused: the 403 page and a 'suspect' scan with the reason. Every request that verifies
 * spends its counter (HEAD, prefetch and bots too: otherwise a copied URL could be replayed
 * under their guise); only scans follow mayBeScan. A dry run (the link tester) checks the MAC
 * and answers as a real tap would, but never touches the counter, so it cannot spend a
 * visitor's tap: a replayed URL passes a dry run.
 */
async function secureAnswer(
  env: TapEnv,
  request: Request,
  headers: TapHeaders,
  waitUntil: WaitUntil,
  route: TapRoute,
  secure: SecureTag,
  decision: Extract<TapDecision, { status: 302 }>,
  source: Source,
  dryRun: boolean,
  // Already checked by a tap that had to know before reading the owner's session.
  sun?: SunVerdict,
): Promise<Response> {
  let verdict = sun ?? checkSun(env, request, secure);
  if (verdict.ok && !dryRun) {
    const counter = env.TAG_COUNTERS.getByName(secure.uid);
    if (!(await counter.advance(verdict.counter)).ok) verdict = { ok: false, reason: "replay" };
  }
  const scan = !dryRun && mayBeScan(request);
  if (!verdict.ok) {
    if (scan) recordScan(env, waitUntil, request, route, decision.viewer, Date.now(), verdict.reason);
    return notAuthenticated(request, headers, source);
  }
  if (scan) recordScan(env, waitUntil, request, route, decision.viewer, Date.now());
  return redirectOrShare(env, request, headers, decision, source, { slug: route.slug, counter: verdict.counter });
}

/**
 * The link tester's dry run (issue #20; the marker is checked before this is called): the same
 * answer a real tap gets, the viewer the marker names (the garment's owner, or a visitor without
 * a token; the request's own cookies do not count), no scan, and the diagnosis in
 * `X-Releve-Dry-Run-Result`: where the answer came from and whether KV's record equals D1's.
 */
async function dryRun(
  env: TapEnv,
  request: Request,
  headers: TapHeaders,
  waitUntil: WaitUntil,
  slug: string | null,
  claims: DryRunClaims,
): Promise<Response> {
  let response: Response;
  let diagnosis: TapDiagnosis;
  if (!slug) {
    response = invalidLink(request, headers);
    diagnosis = NOT_FOUND_DIAGNOSIS;
  } else {
    // Read before the answer, whose KV refill (on a miss) must not count as a cached record.
    const [cached, fromD1] = await Promise.all([readCachedTapRoute(env.TAP_KV, slug), loadTapRoute(env.DB, slug)]);
    const held = routeMemo(env).get(slug);
    const { route, source } =
      held !== undefined ? { route: held, source: "memo" as const } : await readThrough(env, slug, waitUntil);
    const viewerUserId = claims.viewer === "owner" ? (route?.ownerUserId ?? null) : null;
    const decision = decideTap(route, viewerUserId);
    response = await answer(env, request, headers, waitUntil, route, source, viewerUserId, true);
    const status = response.status;
    diagnosis = {
      found: route !== null,
      garmentStatus: route?.status ?? null,
      active: route?.active ?? null,
      missing: route?.missing ?? null,
      viewer: decision.status === 404 ? null : decision.viewer,
      outcome: decision.outcome,
      action: status === 302 ? "redirect" : status === 404 ? "not_found" : "page",
      status,
      target: status === 302 ? response.headers.get("Location") : decision.status === 302 ? decision.location : null,
      source,
      cacheAgrees: cached === undefined ? null : JSON.stringify(cached) === JSON.stringify(fromD1),
    };
  }
  const out = new Response(response.body, response);
  out.headers.set(DRY_RUN_RESULT_HEADER, JSON.stringify(diagnosis));
  return out;
}

// GET also answers HEAD (Hono strips the body); a HEAD is never a scan. A HEAD on a share
// answer asks the shell with HEAD: the status and headers a GET would get, no page rendered.
app.get("/t/:slug", (c) => {
  const headers = tapHeaders(c.req.url);
  const slug = normalizeSlug(c.req.param("slug"));
  const marker = c.req.header(DRY_RUN_HEADER);
  // Only a marker the shell signed for an admin's link test makes a dry run; any other is ignored.
  if (marker) {
    return (async () => {
      const env = getTapEnv(c.env);
      const claims = await verifyDryRunToken(env.SESSION_SECRET, marker);
      const waitUntil: WaitUntil = (promise) => c.executionCtx.waitUntil(promise);
      return claims ? dryRun(env, c.req.raw, headers, waitUntil, slug, claims) : tap(c, headers, slug);
    })();
  }
  return tap(c, headers, slug);
});

/**
 * A real tap: the memo, KV or D1, the owner token, the answer, and its scan. `gtin`: tapped through
 * a Digital Link (issue #31), which names the garment only under its own product's GTIN.
 */
function tap(
  c: Context<TapBindings>,
  headers: TapHeaders,
  slug: string | null,
  gtin?: string,
): Response | Promise<Response> {
  if (!slug) return invalidLink(c.req.raw, headers);
  const env = getTapEnv(c.env);
  const token = getCookie(c, OWNER_TOKEN_COOKIE);
  const ofLink = (route: TapRoute | null) => (gtin === undefined || route?.gtin === gtin ? route : null);
  const held = routeMemo(env).get(slug);
  const waitUntil: WaitUntil = (promise) => c.executionCtx.waitUntil(promise);
  // This isolate's memo first (no I/O). A remembered answer for someone without an owner
  // token: nothing to await.
  if (held !== undefined && !token) return answer(env, c.req.raw, headers, waitUntil, ofLink(held), "memo", null);

  return (async () => {
    const [found, owner] = await Promise.all([
      held !== undefined ? { route: held, source: "memo" as const } : readThrough(env, slug, waitUntil),
      verifyOwnerToken(env.SESSION_SECRET, token),
    ]);
    const { source } = found;
    const route = ofLink(found.route);
    // The garment's owner only while the token's session lives (one D1 read, owners only). A
    // secure garment's SUN URL is checked first: one that fails is refused before any such read.
    const sun = route?.secure ? checkSun(env, c.req.raw, route.secure) : undefined;
    const viewerUserId = sun?.ok === false ? null : await tapViewer(env.DB, route, owner);
    return answer(env, c.req.raw, headers, waitUntil, route, source, viewerUserId, false, sun);
  })();
}

/** The resolver's products, remembered like routes (a product's name and repair link change rarely). */
let productMemo: Memo<ProductFacts | null> | undefined;
async function productFacts(env: TapEnv, gtin: string): Promise<ProductFacts | null> {
  productMemo ??= new Memo(env.TAP_MEMO_TTL_MS ?? MEMO_TTL_MS, 1_000);
  const held = productMemo.get(gtin);
  if (held !== undefined) return held;
  const facts = await loadProductFacts(env.DB, gtin);
  productMemo.set(gtin, facts);
  return facts;
}

/** A page answered to a Digital Link, copied to carry the resolver's CORS headers. */
function withResolverHeaders(response: Response): Response {
  const out = new Response(response.body, response);
  for (const [name, value] of Object.entries(RESOLVER_CORS)) out.headers.set(name, value);
  return out;
}

/** A malformed Digital Link: 400 with its reason, as a page for a browser and a line for a machine. */
function badDigitalLink(request: Request, headers: TapHeaders, reason: string): Response {
  if (!(request.headers.get("Accept") ?? "").includes("text/html")) return resolverError(headers, 400, reason);
  // The reason is the resolver's diagnosis, in English for every client; marked so.
  const message = (locale: Locale) =>
    escapeHtml(tapMessage(locale, "tap_invalid_digital_link", { reason: slot("reason") })).replace(
      slot("reason"),
      locale === "en" ? escapeHtml(reason) : `<span lang="en">${escapeHtml(reason)}</span>`,
    );
  return withResolverHeaders(failurePage(request, headers, message, 400));
}

/**
 * `/01/<gtin>[/21/<serial>]` (issue #31): checked before any lookup; a garment's link without a
 * resolver's question is a tap (the same answer and scan as `/t/<slug>`); the rest is the
 * resolver's (resolver.ts). Every answer points at its linkset and may be read from any origin.
 */
app.get("/01/*", async (c) => {
  const url = new URL(c.req.url);
  const headers = tapHeaders(c.req.url);
  const parsed = parseDigitalLink(url.pathname, url.searchParams);
  if (!parsed.ok) return badDigitalLink(c.req.raw, headers, parsed.reason);
  const { link } = parsed;
  const linkHeader = linkHeaderFor(url.origin, link);
  const asked = url.searchParams.get("linkType");
  const wantsLinkset = (asked !== null && readLinkType(asked) === "linkset") || acceptsLinkset(c.req.raw);
  // A machine asking for JSON-LD is answered by the resolver (its JSON-LD link), never as a tap.
  const wantsJsonLd = !wantsLinkset && acceptsJsonLd(c.req.raw);
  if (link.serial !== undefined && asked === null && !wantsLinkset && !wantsJsonLd) {
    // The resolver's headers go in with the tap's, so every answer is built with them (no copy).
    return tap(c, { ...headers, ...RESOLVER_CORS, Link: linkHeader }, normalizeSlug(link.serial), link.gtin);
  }
  return resolve(c, url, headers, link, linkHeader, wantsLinkset ? "linkset" : asked, wantsJsonLd);
});

/** A resolver's question: the levels up to the product, then a linkset or the asked link type. */
async function resolve(
  c: Context<TapBindings>,
  url: URL,
  headers: TapHeaders,
  link: DigitalLink,
  linkHeader: string,
  asked: string | null,
  jsonLd = false,
): Promise<Response> {
  const env = getTapEnv(c.env);
  const product = await productFacts(env, link.gtin);
  if (!product) return resolverError(headers, 404, "No product has this GTIN.", linkHeader);
  const levels = [productLevel(url.origin, product)];
  const slug = link.serial === undefined ? null : normalizeSlug(link.serial);
  if (slug) {
    const held = routeMemo(env).get(slug);
    const waitUntil: WaitUntil = (promise) => c.executionCtx.waitUntil(promise);
    const route = held !== undefined ? held : (await readThrough(env, slug, waitUntil)).route;
    // An unknown or withdrawn serial under a known GTIN answers the product's links (GS1: walk up).
    if (route?.active && route.gtin === link.gtin) levels.unshift(itemLevel(url.origin, route, product));
  }
  if (asked === "linkset") return linksetAnswer(headers, levels, linkHeader);
  const type = asked === null ? "defaultLink" : readLinkType(asked);
  const mediaType = jsonLd ? JSON_LD_TYPE : undefined;
  return linkTypeAnswer(headers, levels, type === "linkset" ? null : type, url.searchParams, linkHeader, mediaType);
}

app.options("/01/*", (c) => {
  const url = new URL(c.req.url);
  const parsed = parseDigitalLink(url.pathname, url.searchParams);
  const headers: Record<string, string> = { ...tapHeaders(c.req.url), ...RESOLVER_CORS };
  if (parsed.ok) headers.Link = linkHeaderFor(url.origin, parsed.link);
  return new Response(null, { status: 204, headers });
});

app.get("/.well-known/gs1resolver", (c) => resolverDescription(tapHeaders(c.req.url), new URL(c.req.url).origin));

app.notFound((c) => invalidLink(c.req.raw, tapHeaders(c.req.url)));

app.onError((err, c) => {
  console.error("[tap]", err);
  return failurePage(
    c.req.raw,
    tapHeaders(c.req.url),
    (locale) => escapeHtml(tapMessage(locale, "tap_resolve_failed")),
    503,
  );
});

export default app;

/**
 * The writers' side door (a service binding with `entrypoint: "TapControl"`, never routed to
 * the internet): after a change rewrites a slug's KV record, `forget` drops this isolate's
 * memo of it, so the very next tap here answers from the new record. A GTIN among the keys
 * drops the memo of that product (a slug is never 14 digits).
 */
export class TapControl extends WorkerEntrypoint<Env> {
  forget(keys: string[]): void {
    if (!Array.isArray(keys)) return;
    const strings = keys.filter((key): key is string => typeof key === "string");
    memo?.forget(strings);
    productMemo?.forget(strings);
  }
}
