import { UrlSuiteBodySchema } from "@releve/core/qa/contracts";
import { QA_MESSAGES } from "@releve/core/qa/tools";
import { type UrlCheck, type UrlCheckId, type UrlSuiteResult, urlCheckName } from "@releve/core/qa/url-suite";
import { type DoorVerdict, decideTap, type TapDecision, type TapRoute } from "@releve/core/tap/rules";
import { normalizeSlug } from "@releve/core/tap/slug";
import { loadTapRoute, readCachedTapRoute } from "@releve/db/tap/cache";
import { type Context, Hono } from "hono";
import type { AdminEnv } from "../../api/admin/admin-env";
import { jsonBody } from "../../api/validation";
import { shareDoor } from "../sharing/share.server";
import { type DryRunAnswer, dryRunTap } from "./dry-run-tap";
import { type CardFacts, judgeSharePage, judgeVCard } from "./url-suite-card";

/**
 * `/api/admin/qa/url-suite`, the /test-urls page's suite (issue #20 item 3, spec part 2 §2): for
 * one slug, real checks with their reasons, never a random outcome (decision 0035). The taps are
 * dry runs of the real tap worker (no scan); the pages are fetched through this same shell as a
 * signed-out browser would (the loopback); what they must answer is decided from D1 now.
 */
export const urlSuiteRoutes = new Hono<AdminEnv>();

type C = Context<AdminEnv>;
type Viewer = "visitor" | "owner";
/** The real tap's answer to a dry run: its own status and Location, and its diagnosis (null when it gave none). */
type DryRun = DryRunAnswer;

const check = (id: UrlCheckId, result: UrlCheck["result"], detail: string): UrlCheck => ({
  id,
  name: urlCheckName(id),
  result,
  detail,
});

/** One dry run of the real tap, as the link tester makes it. */
const dryRun = (c: C, slug: string, viewer: Viewer) =>
  dryRunTap(c.get("env"), {
    origin: c.req.url,
    slug,
    viewer,
    adminUserId: c.get("admin").userId,
    userAgent: "releve-url-suite",
  });

/** A page of this shell, as a signed-out browser asks for it (no cookies), redirects not followed. */
function fetchPage(c: C, path: string) {
  return c.get("loopback")(
    new Request(new URL(path, c.req.url), {
      method: "GET",
      redirect: "manual",
      headers: { Accept: "text/html,*/*", "User-Agent": "releve-url-suite" },
    }),
  );
}

/** A Location as a same-origin path (with its query); null when it leaves this origin. */
function localPath(c: C, location: string): string | null {
  const origin = new URL(c.req.url).origin;
  const url = new URL(location, origin);
  return url.origin === origin ? `${url.pathname}${url.search}` : null;
}

const describeDecision = (d: TapDecision) =>
  d.status === 404
    ? "404 'Invalid garment link'"
    : d.status === 200
      ? "200, the reported-missing page"
      : `302 to ${d.location} (${d.outcome.replace("_", " ")})`;

function describeAnswer(got: DryRun): string {
  const source = got.diagnosis?.source;
  const from = source ? `, answered from ${source === "d1" ? "D1" : source === "kv" ? "KV" : "the tap's memo"}` : "";
  if (got.status === 302) return `302 to ${got.location ?? "nowhere"}${from}`;
  if (got.diagnosis?.action === "page") {
    return got.diagnosis.target
      ? `200, the page of ${got.diagnosis.target} served in place (decision 0029)${from}`
      : `200, the tap's own page (${got.diagnosis.outcome.replace("_", " ")})${from}`;
  }
  return `${got.status}${from}`;
}

/**
 * The real tap's answer equals what the rules decide for the record D1 holds now. A visitor's
 * share answer is the share page served in place (decision 0029): 200, standing for the 302.
 */
function tapCheck(id: UrlCheckId, route: TapRoute | null, viewerUserId: string | null, got: DryRun): UrlCheck {
  const expected = decideTap(route, viewerUserId);
  const want = `Expected ${describeDecision(expected)}, as the tap rules decide from D1 now`;
  if (!got.diagnosis && got.status !== 404) {
    return check(id, "fail", `${want}; got ${got.status} without the tap's diagnosis.`);
  }
  const d = got.diagnosis;
  let equal: boolean;
  if (expected.status === 404) equal = got.status === 404;
  else if (expected.status === 200) equal = got.status === 200 && d?.outcome === "missing";
  else if (got.status === 302) equal = got.location === expected.location;
  else {
    const inPlace = expected.outcome === "share" || expected.outcome === "share_unavailable";
    equal = inPlace && got.status === 200 && d?.action === "page" && d.target === expected.location;
  }
  return check(id, equal ? "pass" : "fail", `${want}; got ${describeAnswer(got)}.`);
}

/** Why there is no owner to tap as, or null when there is one. */
function noOwner(slug: string, route: TapRoute | null): string | null {
  if (!route) return `No garment has the slug ${slug} in D1: there is no owner to tap as.`;
  if (route.status === "unclaimed") return `${slug} is unclaimed: it has no owner.`;
  if (!route.ownerUserId) return `${slug} is claimed but its owner's account is gone.`;
  return null;
}

/** Where the tap sent its viewer (a 302's Location or the page served in place), or why there is no such page. */
function destinationOf(got: DryRun): { path: string } | { none: string } {
  if (got.status === 302 && got.location) return { path: got.location };
  if (got.diagnosis?.action === "page" && got.diagnosis.target) return { path: got.diagnosis.target };
  if (got.status === 404) return { none: "the tap answers 404 'Invalid garment link': no page to follow" };
  return { none: `the tap's answer (${describeAnswer(got)}) is the page itself: nothing to follow` };
}

const MAX_HOPS = 3;

/**
 * The visitor's destination, fetched signed out; same-origin redirects are followed (an
 * unclaimed garment's claim page sends a signed-out visitor to sign in first, then comes back):
 * it passes when the page reached answers 200.
 */
async function visitorDestination(c: C, got: DryRun): Promise<UrlCheck> {
  const id = "destination-visitor";
  const to = destinationOf(got);
  if ("none" in to) return check(id, "skip", `No destination: ${to.none}.`);
  const want = `Expected GET ${to.path}, signed out, to end on a page of this site answering 200 (its redirects followed)`;
  const hops: string[] = [];
  let path: string | null = to.path;
  for (let hop = 0; path && hop <= MAX_HOPS; hop++) {
    const res = await fetchPage(c, path);
    await res.body?.cancel();
    const location = res.headers.get("Location");
    if (res.status >= 300 && res.status < 400 && location) {
      path = localPath(c, location);
      hops.push(`${res.status} to ${location}`);
      if (!path) return check(id, "fail", `${want}; got ${hops.join(", then ")}, another site.`);
      continue;
    }
    hops.push(`${res.status}`);
    return check(id, res.status === 200 ? "pass" : "fail", `${want}; got ${hops.join(", then ")}.`);
  }
  return check(id, "fail", `${want}; got ${hops.join(", then ")}: more than ${MAX_HOPS} redirects.`);
}

/**
 * The owner's destination is private (their garment's dashboard page): fetched signed out, it
 * must send to sign-in, coming back to it afterwards (302 to /auth?redirect=<it>), and that
 * sign-in page must answer 200.
 */
async function ownerDestination(c: C, got: DryRun | null, why: string | null): Promise<UrlCheck> {
  const id = "destination-owner";
  if (!got) return check(id, "skip", why ?? "No owner.");
  const to = destinationOf(got);
  if ("none" in to) return check(id, "skip", `No destination: ${to.none}.`);
  const signIn = `/auth?redirect=${encodeURIComponent(to.path)}`;
  const want = `Expected GET ${to.path} signed out to answer 302 to ${signIn}, and that page 200`;
  const first = await fetchPage(c, to.path);
  await first.body?.cancel();
  const location = first.headers.get("Location");
  const at = location ? localPath(c, location) : null;
  if (first.status !== 302 || at !== signIn) {
    return check(id, "fail", `${want}; got ${first.status}${location ? ` to ${location}` : ""}.`);
  }
  const page = await fetchPage(c, signIn);
  await page.body?.cancel();
  return check(id, page.status === 200 ? "pass" : "fail", `${want}; got 302 to ${location}, then ${page.status}.`);
}

const ROUTE_FIELDS = [
  "garmentId",
  "slug",
  "status",
  "active",
  "ownerUserId",
  "sharingEnabled",
  "activeEventId",
  "missing",
] as const satisfies readonly (keyof TapRoute)[];

/** KV's record deep-equals the one built from D1 now; a miss is fine (the next tap reads D1). */
function cacheCheck(slug: string, key: string | null, cached: TapRoute | null | undefined, fromD1: TapRoute | null) {
  const id = "cache";
  if (!key) return check(id, "skip", `${slug} is not a slug: the tap refuses it before any lookup, nothing is cached.`);
  if (cached === undefined) return check(id, "pass", "Not cached yet: the next tap reads D1.");
  if (cached === null && fromD1 === null) return check(id, "pass", "KV holds 'no such garment', as D1 says.");
  if (cached === null) return check(id, "fail", `KV holds 'no such garment'; D1 has garment ${fromD1?.garmentId}.`);
  if (fromD1 === null) return check(id, "fail", `KV holds garment ${cached.garmentId}; D1 has no garment ${key}.`);
  const show = (v: unknown) => (v === undefined ? "none" : JSON.stringify(v));
  const differing = ROUTE_FIELDS.filter((f) => (cached[f] ?? null) !== (fromD1[f] ?? null)).map(
    (f) => `${f} (KV ${show(cached[f])}, D1 ${show(fromD1[f])})`,
  );
  return differing.length === 0
    ? check(id, "pass", "KV's record equals the one built from D1 now.")
    : check(id, "fail", `KV's record differs from D1's in ${differing.join(", ")}.`);
}

type CardState = { card: false; reason: string } | ({ card: true } & CardFacts);

/** Why a visitor (without a verified tap's window) gets no card, per door verdict (issue #28). */
const NO_CARD: Record<Exclude<DoorVerdict, "open">, string> = {
  not_found: "is deactivated: there is no card.",
  missing: "is reported missing: its card is not shown.",
  not_authenticated: "is a secure garment: its card opens only after a verified tap, never to a plain request.",
  claim: "is unclaimed: there is no card.",
  sharing_off: "'s owner does not share (sharing is off): there is no card.",
};

/** The owner's card as D1 says it is now (the share doors' own query and rule), or why a visitor gets none. */
async function cardOf(c: C, slug: string, key: string | null): Promise<CardState> {
  if (!key) return { card: false, reason: `${slug} is not a slug: there is no card.` };
  const { verdict, row } = await shareDoor(c.get("db"), key, { cardWindow: false });
  if (!row) return { card: false, reason: `No garment has the slug ${key}: there is no card.` };
  if (verdict !== "open" || !row.profile) {
    const why = NO_CARD[verdict === "open" ? "sharing_off" : verdict];
    return { card: false, reason: `${key}${why.startsWith("'") ? "" : " "}${why}` };
  }
  return { card: true, profile: row.profile, garmentTitle: row.garment_name ?? row.garment_title ?? "" };
}

/** GET /share/<slug> as a visitor: the shared channels on the page, the unshared nowhere in it. */
async function shareCardCheck(c: C, key: string | null, state: CardState): Promise<UrlCheck> {
  const id = "share-card";
  if (!state.card) return check(id, "skip", state.reason);
  const path = `/share/${key}`;
  const res = await fetchPage(c, path);
  const html = await res.text();
  if (res.status !== 200) {
    return check(id, "fail", `Expected GET ${path} to answer 200 with the card; got ${res.status}.`);
  }
  const verdict = judgeSharePage(path, html, state);
  return check(id, verdict.result, verdict.detail);
}

/** GET /share/<slug>/contact.vcf: it parses (ical.js), has FN, and carries no unshared value. */
async function vCardCheck(c: C, key: string | null, state: CardState): Promise<UrlCheck> {
  const id = "vcard";
  if (!state.card) return check(id, "skip", state.reason);
  const path = `/share/${key}/contact.vcf`;
  const res = await fetchPage(c, path);
  const text = await res.text();
  if (res.status !== 200) {
    return check(id, "fail", `Expected GET ${path} to answer 200 with a vCard; got ${res.status}.`);
  }
  const verdict = judgeVCard(path, text, state);
  return check(id, verdict.result, verdict.detail);
}

/** A check that threw is a failed check with the reason, never a 500 for the whole suite. */
async function guarded(id: UrlCheckId, run: () => Promise<UrlCheck>): Promise<UrlCheck> {
  try {
    return await run();
  } catch (error) {
    console.warn(`[url-suite] ${id} failed to run`, error);
    return check(id, "fail", `${QA_MESSAGES.testFailed}: ${(error as Error).message || "the check could not run"}.`);
  }
}

urlSuiteRoutes.post("/", jsonBody(UrlSuiteBodySchema), async (c) => {
  const { slug } = c.req.valid("json");
  const env = c.get("env");
  // What the tap looks up (it lower-cases; anything that cannot be a slug is refused before any lookup).
  const key = normalizeSlug(slug);
  // KV is read before any tap: a miss's refill by the dry runs below must not count as cached.
  const [route, cached] = key
    ? await Promise.all([loadTapRoute(env.DB, key), readCachedTapRoute(env.TAP_KV, key)])
    : [null, undefined];

  const visitor = await dryRun(c, slug, "visitor").catch((error: Error) => error);
  const why = noOwner(key ?? slug, route);
  const owner = why ? null : await dryRun(c, slug, "owner").catch((error: Error) => error);
  const failedTap = (id: UrlCheckId, error: Error) =>
    check(id, "fail", `${QA_MESSAGES.testFailed}: the tap could not be asked (${error.message}).`);

  const checks: UrlCheck[] = [
    visitor instanceof Error ? failedTap("tap-visitor", visitor) : tapCheck("tap-visitor", route, null, visitor),
    owner === null
      ? check("tap-owner", "skip", why ?? "No owner.")
      : owner instanceof Error
        ? failedTap("tap-owner", owner)
        : tapCheck("tap-owner", route, route?.ownerUserId ?? null, owner),
  ];
  checks.push(
    visitor instanceof Error
      ? check("destination-visitor", "skip", "No destination: the visitor's tap could not be asked.")
      : await guarded("destination-visitor", () => visitorDestination(c, visitor)),
    owner instanceof Error
      ? check("destination-owner", "skip", "No destination: the owner's tap could not be asked.")
      : await guarded("destination-owner", () => ownerDestination(c, owner, why)),
    cacheCheck(slug, key, cached, route),
  );
  const card = await cardOf(c, slug, key);
  checks.push(
    await guarded("share-card", () => shareCardCheck(c, key, card)),
    await guarded("vcard", () => vCardCheck(c, key, card)),
  );
  const body: UrlSuiteResult = { slug, checks, testedAt: Date.now() };
  return c.json(body);
});
