import { isSecureTag, type SecureTag } from "./secure-tap";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./slug";

// Checked by hand, not with zod: this module is on the tap worker's hot path and in its
// bundle (issue #5 budget: <= 50 KB gzip for the whole worker; zod/mini alone is ~12 KB).

export const VIEWER_KINDS = ["owner", "visitor", "anonymous"] as const;
export type ViewerKind = (typeof VIEWER_KINDS)[number];

/** A garment whose tag is reported lost or stolen (issue #18, decision 0033): the tap shows neither owner nor card. */
const MISSING_KINDS = ["lost", "stolen"] as const;
type MissingKind = (typeof MISSING_KINDS)[number];
export const REPORTED_MISSING_MESSAGE = "This garment has been reported missing";

const BRAND_EMAIL = /^[a-z0-9._+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i;

/**
 * The brand's own address (not an owner's), where whoever finds a missing garment can write, is
 * configuration (issue #35): `BRAND_CONTACT_EMAIL`, a var of apps/web and workers/tap that each
 * checks with this when it starts; pages read it from their env (a route, from its loader).
 * One plain address: nothing a page or a `mailto:` link could be made to carry.
 */
export function isBrandContactEmail(value: unknown): value is string {
  return typeof value === "string" && value.length <= 254 && BRAND_EMAIL.test(value);
}

/** What the tap needs to know about one garment: the KV record, also built straight from D1. */
export type TapRoute = {
  garmentId: number;
  slug: string;
  status: "unclaimed" | "claimed";
  active: boolean;
  ownerUserId: string | null;
  sharingEnabled: boolean;
  activeEventId: number | null;
  /** Set only while the garment's tag is reported lost or stolen; absent otherwise (and in records made before it existed). */
  missing?: MissingKind;
  /** Set only when the garment's tag is an NTAG 424 DNA whose taps must verify (issue #21). */
  secure?: SecureTag;
  /** Its product's GTIN-14, set only when it has a product (issue #31): its Digital Link's key. */
  gtin?: string;
};

const isId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0;
const isUserId = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 64;

/** The route if `value` is exactly a valid one (unknown keys dropped), else null. */
export function parseTapRoute(value: unknown): TapRoute | null {
  if (typeof value !== "object" || value === null) return null;
  const r = value as Record<string, unknown>;
  const { garmentId, slug, status, active, ownerUserId, sharingEnabled, activeEventId, missing, secure, gtin } = r;
  if (!isId(garmentId)) return null;
  if (typeof slug !== "string" || slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug)) return null;
  if (status !== "unclaimed" && status !== "claimed") return null;
  if (typeof active !== "boolean" || typeof sharingEnabled !== "boolean") return null;
  if (ownerUserId !== null && !isUserId(ownerUserId)) return null;
  if (activeEventId !== null && !isId(activeEventId)) return null;
  const route: TapRoute = { garmentId, slug, status, active, ownerUserId, sharingEnabled, activeEventId };
  if (missing !== undefined && missing !== null) {
    if (missing !== "lost" && missing !== "stolen") return null;
    route.missing = missing;
  }
  if (secure !== undefined && secure !== null) {
    if (!isSecureTag(secure)) return null;
    route.secure = { uid: secure.uid, keyVersion: secure.keyVersion };
  }
  if (gtin !== undefined && gtin !== null) {
    if (typeof gtin !== "string" || !/^\d{14}$/.test(gtin)) return null;
    route.gtin = gtin;
  }
  return route;
}

/**
 * The KV value under `slug:<slug>`. `route: null` is a negative entry (no such garment).
 * `v` lets a later shape change ignore old entries instead of misreading them.
 */
export type TapKvRecord = { v: 1; route: TapRoute | null };

const TAP_KV_PREFIX = "slug:";
export const tapKvKey = (slug: string) => `${TAP_KV_PREFIX}${slug}`;

/** Unknown slugs are cached briefly (60 s is also KV's minimum TTL). */
export const NEGATIVE_TTL_SECONDS = 60;
/**
 * Known slugs are rewritten on every change that alters an answer; the TTL only bounds how
 * long a lost race (a miss refill landing after a change's rewrite) can linger.
 */
export const POSITIVE_TTL_SECONDS = 60 * 60;

/**
 * A KV value as read (already JSON-parsed, or null). Returns the record's route, null for a
 * negative entry, or undefined when there is no usable entry (absent, malformed, another
 * version, or filed under the wrong slug): the caller then treats it as a miss.
 */
export function parseTapKvRecord(value: unknown, slug: string): TapRoute | null | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { v, route } = value as Record<string, unknown>;
  if (v !== 1 || route === undefined) return undefined;
  if (route === null) return null;
  const parsed = parseTapRoute(route);
  return parsed && parsed.slug === slug ? parsed : undefined;
}

export function tapKvRecord(route: TapRoute | null): TapKvRecord {
  return { v: 1, route };
}

/** Who taps: the owner token's user id (verified), or null when there is none or it is invalid. */
export function viewerKindOf(route: TapRoute, viewerUserId: string | null): ViewerKind {
  if (!viewerUserId) return "anonymous";
  return route.ownerUserId !== null && viewerUserId === route.ownerUserId ? "owner" : "visitor";
}

type TapOutcome = "not_found" | "missing" | "claim" | "owner_dashboard" | "share" | "share_unavailable";

export type TapDecision =
  | { outcome: "not_found"; status: 404; message: "Invalid garment link" }
  | {
      // No location, no owner: whoever taps (the owner included) gets the neutral page; the
      // tap worker keeps the tap (garmentId, viewer) as a scan for the brand. 200: the link is
      // good and this page is its answer (a finder's phone shows it as the page, not an error).
      outcome: "missing";
      status: 200;
      message: typeof REPORTED_MISSING_MESSAGE;
      missing: MissingKind;
      garmentId: number;
      viewer: ViewerKind;
    }
  | {
      outcome: Exclude<TapOutcome, "not_found" | "missing">;
      status: 302;
      location: string;
      garmentId: number;
      viewer: ViewerKind;
    };

/**
 * The tap rule, whole (docs/architecture.md, "How a tap is answered"). Pure: the tap worker
 * feeds it the KV/D1 route, the admin link tester feeds it the same route for a dry run.
 * Destination pages re-check D1, so this decides where to send the tapper, never what they may see.
 */
export function decideTap(route: TapRoute | null, viewerUserId: string | null): TapDecision {
  if (!route?.active) return { outcome: "not_found", status: 404, message: "Invalid garment link" };
  const viewer = viewerKindOf(route, viewerUserId);
  if (route.missing) {
    const { garmentId, missing } = route;
    return { outcome: "missing", status: 200, message: REPORTED_MISSING_MESSAGE, missing, garmentId, viewer };
  }
  const slug = encodeURIComponent(route.slug);
  const redirect = (outcome: Exclude<TapOutcome, "not_found" | "missing">, location: string): TapDecision => ({
    outcome,
    status: 302,
    location,
    garmentId: route.garmentId,
    viewer,
  });
  // A claimed garment whose owner account is gone is not claimable again: it behaves as
  // claimed with sharing off.
  if (route.status === "unclaimed") return redirect("claim", `/claim/${slug}`);
  if (viewer === "owner") return redirect("owner_dashboard", `/dashboard/garment/${route.garmentId}`);
  const sharing = route.ownerUserId !== null && route.sharingEnabled;
  return redirect(sharing ? "share" : "share_unavailable", `/share/${slug}`);
}

/**
 * What a public door other than `/t/` (the share page, its vCard and QR, the share form's POST,
 * and any door added later) may show for a garment (issue #28): the tap's own decision for a
 * visitor without a token, so no door opens what the tap keeps shut. A secure garment opens only
 * inside the window its verified tap minted for this browser (`cardWindow`, ./verified-tap);
 * outside it the door answers what an unsigned tap gets. Owners get no special door here: their
 * own view of a garment is its private page.
 */
export type DoorVerdict =
  /** Unknown slug, garment inactive, tag inactive: the tap's 'Invalid garment link'. */
  | "not_found"
  /** Tag reported lost or stolen: the neutral page, nothing of the owner, the form refuses. */
  | "missing"
  /** A secure garment outside its verified-tap window: 'This tag could not be authenticated'. */
  | "not_authenticated"
  /** Unclaimed (never claimed, or released): the tap's claim page; no card, the form refuses. */
  | "claim"
  /** Claimed, the owner's sharing off: 'Owner profile not available for sharing'. */
  | "sharing_off"
  /** Claimed and shared: the card. */
  | "open";

export function decideDoor(route: TapRoute | null, door: { cardWindow: boolean }): DoorVerdict {
  const decision = decideTap(route, null);
  if (decision.outcome === "not_found") return "not_found";
  if (decision.outcome === "missing") return "missing";
  // Every 302 of a secure garment's tap needs its SUN URL; a door needs the window it minted.
  if (route?.secure && !door.cardWindow) return "not_authenticated";
  if (decision.outcome === "claim") return "claim";
  return decision.outcome === "share" ? "open" : "sharing_off";
}
