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
import { verifyOwnerToken } from "@releve/core/tap/owner-token";
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
import { Hono } from "hono";
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
import { sourcedHeaders, type Tap, type TapBindings, type TapHeaders, tapOf } from "./tap";

export { TagCounter } from "./tag-counter";

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

const tapHeaders = (url: string): TapHeaders => (isLocalHost(url) ? LOCAL_TAP_HEADERS : TAP_HEADERS);

/**
 * The headers of one of the tap's own pages, in the language it was written in (issue #34): it
 * varies by the language cookie and Accept-Language (never stored anyway: no-store above).
 */
const pageHeaders = (tap: Tap, locale: Locale) => ({
  ...sourcedHeaders(tap),
  "Content-Type": "text/html; charset=UTF-8",
  "Content-Security-Policy": RESOLUTION_FAILED_CSP,
  "Content-Language": locale,
  Vary: "Accept-Language, Cookie",
});

/** The failure page; `message` writes its markup in the request's language. */
const failurePage = (tap: Tap, message: (locale: Locale) => string, status: 400 | 404 | 503) => {
  const locale = requestLocale(tap.request);
  return new Response(resolutionFailedPage(locale, message(locale)), { status, headers: pageHeaders(tap, locale) });
};

const invalidLink = (tap: Tap) => failurePage(tap, (locale) => escapeHtml(tapMessage(locale, "tap_invalid_link")), 404);

/**
 * A garment reported lost or stolen: the neutral page, 200 (the link is good and this page is
 * its answer; a phone shows it as the page, not as a broken link), with no Link to the share
 * page and nothing of the owner.
 */
const reportedMissing = (tap: Tap, route: TapRoute) => {
  const locale = requestLocale(tap.request);
  return new Response(
    reportedMissingPage(locale, tap.env.BRAND_CONTACT_EMAIL, route.gtin && route.active ? route.slug : null),
    { status: 200, headers: pageHeaders(tap, locale) },
  );
};

/**
 * A secure garment's tap that did not verify (issue #21): 403, the page saying so and nothing
 * of the owner (no Link, no Location), the failure page's CSP (same stylesheet).
 */
const notAuthenticated = (tap: Tap) => {
  const locale = requestLocale(tap.request);
  return new Response(notAuthenticatedPage(locale), { status: 403, headers: pageHeaders(tap, locale) });
};

let memo: RouteMemo | undefined;
const routeMemo = (env: TapEnv) => {
  memo ??= new RouteMemo(env.TAP_MEMO_TTL_MS ?? MEMO_TTL_MS);
  return memo;
};

/** For a slug this isolate's memo does not hold: KV, then D1; the answer is remembered (decisions 0010, 0022). */
async function readThrough(tap: Tap, slug: string) {
  const found = await getTapRoute(tap.env, slug, tap.waitUntil);
  routeMemo(tap.env).set(slug, found.route);
  return found;
}

/**
 * Outside production, `?answer=redirect` makes a visitor's tap answer the 302 to the share
 * page instead of the page itself, so `bench:share` and `bench:tap` can set both side by side.
 */
const wantsRedirect = (tap: Tap) =>
  tap.env.APP_ENV !== "production" && tap.url.searchParams.get("answer") === "redirect";

/**
 * The answer for a resolved route; its scan is handed to the batch, built and sent after it.
 * A visitor on a claimed garment gets the shell's share page in place (decision 0029), or
 * the 302 to it when the shell cannot give it.
 */
function answer(
  tap: Tap,
  route: TapRoute | null,
  viewerUserId: string | null,
  sun?: SunVerdict,
): Response | Promise<Response> {
  const decision = decideTap(route, viewerUserId);
  if (decision.status === 404 || !route) return invalidLink(tap);
  // A secure garment's tap answers only once its SUN URL verifies (a missing one's page says nothing anyway).
  if (route.secure && decision.status === 302) return secureAnswer(tap, route, route.secure, decision, sun);
  // A missing garment's tap is a scan too (marked 'missing' from the route): the brand's sighting.
  if (!tap.dryRun && mayBeScan(tap.request)) recordScan(tap, route, decision.viewer);
  if (decision.outcome === "missing") return reportedMissing(tap, route);
  return redirectOrShare(tap, decision);
}

/**
 * A 302 decision's answer: the redirect, or for a visitor on a claimed garment the shell's share
 * page in place (decision 0029), the 302 when the shell cannot give it. `verified`: a secure
 * tap that verified, whose share page is asked for with the signed verified-tap marker, and
 * whose answer (page or 302) sets this browser's card window (issue #28).
 */
function redirectOrShare(
  tap: Tap,
  decision: Extract<TapDecision, { status: 302 }>,
  verified?: { slug: string; counter: number },
): Response | Promise<Response> {
  const share = decision.outcome === "share" || decision.outcome === "share_unavailable";
  const redirect = (cookie?: string) => {
    const response = new Response(null, {
      status: 302,
      headers: { ...sourcedHeaders(tap), Location: decision.location },
    });
    if (cookie) response.headers.append("Set-Cookie", cookie);
    return response;
  };
  if (!verified || !share) return plainAnswer(tap, decision, share, redirect);
  // A visitor's verified secure tap (issue #28): the card window for this browser, on the page or the 302 alike.
  const { env } = tap;
  return Promise.all([
    signVerifiedTap(env.SESSION_SECRET, verified),
    signCardWindow(env.SESSION_SECRET, verified.slug),
  ]).then(async ([marker, window]) => {
    const cookie = cardWindowCookie(verified.slug, window, !isLocalHost(tap.request.url));
    const shell = env.SHELL;
    if (!shell || wantsRedirect(tap)) return redirect(cookie);
    const page = await shareInPlace(shell, tap, decision.location, marker);
    if (!page) return redirect(cookie);
    page.headers.append("Set-Cookie", cookie);
    return page;
  });
}

/** A 302 decision's answer without a verified tap: the redirect, or a visitor's share page in place. */
function plainAnswer(
  tap: Tap,
  decision: Extract<TapDecision, { status: 302 }>,
  share: boolean,
  redirect: () => Response,
): Response | Promise<Response> {
  const shell = tap.env.SHELL;
  if (!share || !shell || wantsRedirect(tap)) return redirect();
  return shareInPlace(shell, tap, decision.location).then((found) => found ?? redirect());
}

/** A secure tap's SUN check, before any I/O: its counter, or why it is refused. */
type SunVerdict = { ok: true; counter: number } | { ok: false; reason: SuspectReason };

/**
 * The SUN URL of a secure garment's tap (decision 0034): format, PICC data, MAC (constant time)
 * and that it is this garment's tag. Pure and synchronous: the raw query, as the tag wrote it
 * (the MAC covers its text). The counter is checked after, by the tag's Durable Object.
 */
function checkSun(tap: Tap, secure: SecureTag): SunVerdict {
  const { sunKeys } = tap.env;
  if (!sunKeys) return { ok: false, reason: "keys_unavailable" };
  const result = verifySunTap({
    query: tap.url.search,
    keys: sunKeys,
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
  tap: Tap,
  route: TapRoute,
  secure: SecureTag,
  decision: Extract<TapDecision, { status: 302 }>,
  // Already checked by a tap that had to know before reading the owner's session.
  sun?: SunVerdict,
): Promise<Response> {
  let verdict = sun ?? checkSun(tap, secure);
  if (verdict.ok && !tap.dryRun) {
    const counter = tap.env.TAG_COUNTERS.getByName(secure.uid);
    if (!(await counter.advance(verdict.counter)).ok) verdict = { ok: false, reason: "replay" };
  }
  const scan = !tap.dryRun && mayBeScan(tap.request);
  if (!verdict.ok) {
    if (scan) recordScan(tap, route, decision.viewer, verdict.reason);
    return notAuthenticated(tap);
  }
  if (scan) recordScan(tap, route, decision.viewer);
  return redirectOrShare(tap, decision, { slug: route.slug, counter: verdict.counter });
}

/**
 * The link tester's dry run (issue #20; the marker is checked before this is called): the same
 * answer a real tap gets, the viewer the marker names (the garment's owner, or a visitor without
 * a token; the request's own cookies do not count), no scan, and the diagnosis in
 * `X-Releve-Dry-Run-Result`: where the answer came from and whether KV's record equals D1's.
 */
async function dryRun(tap: Tap, slug: string | null, claims: DryRunClaims): Promise<Response> {
  let response: Response;
  let diagnosis: TapDiagnosis;
  if (!slug) {
    response = invalidLink(tap);
    diagnosis = NOT_FOUND_DIAGNOSIS;
  } else {
    const { env } = tap;
    // Read before the answer, whose KV refill (on a miss) must not count as a cached record.
    const [cached, fromD1] = await Promise.all([readCachedTapRoute(env.TAP_KV, slug), loadTapRoute(env.DB, slug)]);
    const held = routeMemo(env).get(slug);
    const { route, source } =
      held !== undefined ? { route: held, source: "memo" as const } : await readThrough(tap, slug);
    tap.source = source;
    const viewerUserId = claims.viewer === "owner" ? (route?.ownerUserId ?? null) : null;
    const decision = decideTap(route, viewerUserId);
    response = await answer(tap, route, viewerUserId);
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
      const claims = await verifyDryRunToken(getTapEnv(c.env).SESSION_SECRET, marker);
      return claims ? dryRun(tapOf(c, headers, { dryRun: true }), slug, claims) : realTap(tapOf(c, headers), slug);
    })();
  }
  return realTap(tapOf(c, headers), slug);
});

/**
 * A real tap: the memo, KV or D1, the owner token, the answer, and its scan. `gtin`: tapped through
 * a Digital Link (issue #31), which names the garment only under its own product's GTIN.
 */
function realTap(tap: Tap, slug: string | null, gtin?: string): Response | Promise<Response> {
  if (!slug) return invalidLink(tap);
  const { env } = tap;
  const token = tap.ownerToken;
  const ofLink = (route: TapRoute | null) => (gtin === undefined || route?.gtin === gtin ? route : null);
  const held = routeMemo(env).get(slug);
  // This isolate's memo first (no I/O). A remembered answer for someone without an owner
  // token: nothing to await.
  if (held !== undefined && !token) {
    tap.source = "memo";
    return answer(tap, ofLink(held), null);
  }

  return (async () => {
    const [found, owner] = await Promise.all([
      held !== undefined ? { route: held, source: "memo" as const } : readThrough(tap, slug),
      verifyOwnerToken(env.SESSION_SECRET, token),
    ]);
    tap.source = found.source;
    const route = ofLink(found.route);
    // The garment's owner only while the token's session lives (one D1 read, owners only). A
    // secure garment's SUN URL is checked first: one that fails is refused before any such read.
    const sun = route?.secure ? checkSun(tap, route.secure) : undefined;
    const viewerUserId = sun?.ok === false ? null : await tapViewer(env.DB, route, owner);
    return answer(tap, route, viewerUserId, sun);
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
function badDigitalLink(tap: Tap, reason: string): Response {
  if (!(tap.request.headers.get("Accept") ?? "").includes("text/html")) return resolverError(tap, 400, reason);
  // The reason is the resolver's diagnosis, in English for every client; marked so.
  const message = (locale: Locale) =>
    escapeHtml(tapMessage(locale, "tap_invalid_digital_link", { reason: slot("reason") })).replace(
      slot("reason"),
      locale === "en" ? escapeHtml(reason) : `<span lang="en">${escapeHtml(reason)}</span>`,
    );
  return withResolverHeaders(failurePage(tap, message, 400));
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
  if (!parsed.ok) return badDigitalLink(tapOf(c, headers, { url }), parsed.reason);
  const { link } = parsed;
  const linkHeader = linkHeaderFor(url.origin, link);
  const asked = url.searchParams.get("linkType");
  const wantsLinkset = (asked !== null && readLinkType(asked) === "linkset") || acceptsLinkset(c.req.raw);
  // A machine asking for JSON-LD is answered by the resolver (its JSON-LD link), never as a tap.
  const wantsJsonLd = !wantsLinkset && acceptsJsonLd(c.req.raw);
  if (link.serial !== undefined && asked === null && !wantsLinkset && !wantsJsonLd) {
    // The resolver's headers go in with the tap's, so every answer is built with them (no copy).
    const tap = tapOf(c, { ...headers, ...RESOLVER_CORS, Link: linkHeader }, { url });
    return realTap(tap, normalizeSlug(link.serial), link.gtin);
  }
  return resolve(tapOf(c, headers, { url }), link, linkHeader, wantsLinkset ? "linkset" : asked, wantsJsonLd);
});

/** A resolver's question: the levels up to the product, then a linkset or the asked link type. */
async function resolve(
  tap: Tap,
  link: DigitalLink,
  linkHeader: string,
  asked: string | null,
  jsonLd = false,
): Promise<Response> {
  const { env, url } = tap;
  const product = await productFacts(env, link.gtin);
  if (!product) return resolverError(tap, 404, "No product has this GTIN.", linkHeader);
  const levels = [productLevel(url.origin, product)];
  const slug = link.serial === undefined ? null : normalizeSlug(link.serial);
  if (slug) {
    const held = routeMemo(env).get(slug);
    const route = held !== undefined ? held : (await readThrough(tap, slug)).route;
    // An unknown or withdrawn serial under a known GTIN answers the product's links (GS1: walk up).
    if (route?.active && route.gtin === link.gtin) levels.unshift(itemLevel(url.origin, route, product));
  }
  if (asked === "linkset") return linksetAnswer(tap, levels, linkHeader);
  const type = asked === null ? "defaultLink" : readLinkType(asked);
  const mediaType = jsonLd ? JSON_LD_TYPE : undefined;
  return linkTypeAnswer(tap, levels, type === "linkset" ? null : type, linkHeader, mediaType);
}

app.options("/01/*", (c) => {
  const url = new URL(c.req.url);
  const parsed = parseDigitalLink(url.pathname, url.searchParams);
  const headers: Record<string, string> = { ...tapHeaders(c.req.url), ...RESOLVER_CORS };
  if (parsed.ok) headers.Link = linkHeaderFor(url.origin, parsed.link);
  return new Response(null, { status: 204, headers });
});

app.get("/.well-known/gs1resolver", (c) => resolverDescription(tapOf(c, tapHeaders(c.req.url))));

app.notFound((c) => invalidLink(tapOf(c, tapHeaders(c.req.url))));

app.onError((err, c) => {
  console.error("[tap]", err);
  const message = (locale: Locale) => escapeHtml(tapMessage(locale, "tap_resolve_failed"));
  return failurePage(tapOf(c, tapHeaders(c.req.url)), message, 503);
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
