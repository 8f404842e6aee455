import {
  NEGATIVE_TTL_SECONDS,
  POSITIVE_TTL_SECONDS,
  parseTapKvRecord,
  parseTapRoute,
  type TapRoute,
  tapKvKey,
  tapKvRecord,
} from "@releve/core/tap/rules";
import type { D1Like, KvLike } from "../platform/binding-types";

/**
 * KV is a routing hint, never an authority (docs/decisions/0010): it decides where a tap is
 * redirected; every destination page re-reads D1 before showing anything.
 */
export type TapStores = { DB: D1Like; TAP_KV: KvLike; TAP_CONTROL?: TapControlLike };

/** The tap worker's `TapControl` entrypoint (a service binding): drops its memo of slugs. */
export interface TapControlLike {
  forget(slugs: string[]): unknown;
}

/**
 * After KV holds the new answer, the tap worker's memo must let go of the old one (0022). A
 * failure is logged, not thrown: the memo expires within seconds and D1 stays the authority.
 */
async function forgetMemo(stores: Pick<TapStores, "TAP_CONTROL">, slugs: string[]) {
  if (!stores.TAP_CONTROL || slugs.length === 0) return;
  try {
    await stores.TAP_CONTROL.forget(slugs);
  } catch (error) {
    console.warn(`[tap-cache] tap memo not invalidated for ${slugs.join(", ")}`, error);
  }
}

// Plain SQL on the binding, not drizzle: this module is bundled into the tap worker, whose bundle
// must stay under 50 KB gzip (issue #5); drizzle and the schema would more than double it.
// The garment's current tag is its newest nfc_tags row (nfc_tags_garment_id_idx); a garment without
// one (the seed's) answers by the garment alone. A secure tag's UID and key version come with it.
const ROUTE_BY_SLUG_SQL = `SELECT g.id AS garment_id, g.short_slug AS slug, g.status AS status, g.is_active AS is_active,
  g.owner_user_id AS owner_user_id, p.nfc_sharing_enabled AS nfc_sharing_enabled, e.id AS active_event_id,
  t.status AS tag_status, t.uid AS tag_uid, t.sun_key_version AS sun_key_version, pr.gtin AS gtin
FROM garments g
LEFT JOIN nfc_tags t ON t.id = (SELECT MAX(id) FROM nfc_tags WHERE garment_id = g.id)
LEFT JOIN products pr ON pr.id = g.product_id
LEFT JOIN profiles p ON p.user_id = g.owner_user_id
LEFT JOIN wardrobe_events e ON e.id = p.active_event_id AND e.owner_user_id = g.owner_user_id AND e.is_active = 1
  AND (e.date IS NULL OR e.date >= date('now'))
WHERE g.short_slug = ?1
LIMIT 1`;

type RouteRow = {
  garment_id: number;
  slug: string;
  status: string;
  is_active: number;
  owner_user_id: string | null;
  nfc_sharing_enabled: number | null;
  active_event_id: number | null;
  tag_status: string | null;
  tag_uid: string | null;
  sun_key_version: number | null;
  gtin: string | null;
};

/**
 * The tap's view of one garment, straight from D1; null when no garment has this slug. Its
 * current tag decides too: a deactivated tag (or one whose write failed) makes the garment
 * inactive, a tag reported lost or stolen makes it missing (issue #18). A row
 * that cannot make a valid route (a slug outside the slug rules, say) is treated as unknown:
 * the tap answers 'Invalid garment link', never a 500. One indexed lookup (garments_short_slug_unique).
 */
export async function loadTapRoute(db: D1Like, slug: string): Promise<TapRoute | null> {
  const row = await db.prepare(ROUTE_BY_SLUG_SQL).bind(slug).first<RouteRow>();
  if (!row) return null;
  return tapRouteOf({
    ...row,
    is_active: row.is_active === 1,
    nfc_sharing_enabled: row.nfc_sharing_enabled === 1,
  });
}

/** What the tap's route is made of: one garment, its owner's sharing and active event, its current tag. */
export type TapRouteFacts = Omit<RouteRow, "is_active" | "nfc_sharing_enabled" | "gtin"> & {
  is_active: boolean;
  nfc_sharing_enabled: boolean | null;
  /** Its product's GTIN (issue #31); a door that does not answer Digital Links may leave it out. */
  gtin?: string | null;
};

/**
 * The tap's route from one garment's facts, for the tap (loadTapRoute) and for every other
 * door that reads the same facts in its own query (the share page, issue #28): one rule.
 */
export function tapRouteOf(row: TapRouteFacts): TapRoute | null {
  const route = parseTapRoute({
    garmentId: row.garment_id,
    slug: row.slug,
    status: row.status === "claimed" ? "claimed" : "unclaimed",
    active: row.is_active && row.tag_status !== "inactive",
    ownerUserId: row.owner_user_id,
    // A claimed garment whose owner has no profile has nothing to share.
    sharingEnabled: row.nfc_sharing_enabled === true,
    activeEventId: row.active_event_id,
    missing: row.tag_status === "lost" || row.tag_status === "stolen" ? row.tag_status : null,
    // A secure tag (issue #21): its taps must verify against this UID and key version.
    secure:
      row.sun_key_version !== null && row.tag_uid !== null
        ? { uid: row.tag_uid, keyVersion: row.sun_key_version }
        : null,
    gtin: row.gtin ?? null,
  });
  if (!route) console.warn(`[garment-routing] garment ${row.garment_id} (${row.slug}) has no valid route`);
  return route;
}

/** Every slug an owner's sharing flag or active event affects. */
async function loadOwnerSlugs(db: D1Like, ownerUserId: string): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT short_slug FROM garments WHERE owner_user_id = ?1")
    .bind(ownerUserId)
    .all<{ short_slug: string }>();
  return results.map((r) => r.short_slug);
}

/** The cached route, null for a cached "no such slug", or undefined on a miss (or an unreadable entry). */
export async function readCachedTapRoute(kv: KvLike, slug: string): Promise<TapRoute | null | undefined> {
  try {
    return parseTapKvRecord(await kv.get(tapKvKey(slug), "json"), slug);
  } catch (error) {
    // A KV outage or a non-JSON value costs a D1 read, not the tap.
    console.warn(`[tap-cache] KV read failed for ${slug}`, error);
    return undefined;
  }
}

export async function writeCachedTapRoute(kv: KvLike, slug: string, route: TapRoute | null): Promise<void> {
  await kv.put(tapKvKey(slug), JSON.stringify(tapKvRecord(route)), {
    expirationTtl: route ? POSITIVE_TTL_SECONDS : NEGATIVE_TTL_SECONDS,
  });
}

/**
 * The hot-path read: KV first (no D1 query at all on a hit), D1 on a miss, and the KV refill
 * handed to `waitUntil` so it never delays the answer.
 */
export async function getTapRoute(
  stores: TapStores,
  slug: string,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<{ route: TapRoute | null; source: "kv" | "d1" }> {
  const cached = await readCachedTapRoute(stores.TAP_KV, slug);
  if (cached !== undefined) return { route: cached, source: "kv" };
  const route = await loadTapRoute(stores.DB, slug);
  waitUntil(
    writeCachedTapRoute(stores.TAP_KV, slug, route).catch((error) =>
      // KV allows one write per key per second; a burst of misses on a cold slug loses some refills, harmlessly.
      console.warn(`[tap-cache] KV refill failed for ${slug}`, error),
    ),
  );
  return { route, source: "d1" };
}

/**
 * Cache coherence: call after (not before) a D1 change that alters a tap's answer for one
 * garment has committed: claim, reassign, activate/deactivate, its tag's status (issue #18),
 * garment created (which also replaces a cached "no such slug"), garment deleted. Rewrites the KV entry from D1 and drops
 * the tap worker's memo of it (when `TAP_CONTROL` is given), so the next tap here gets the new
 * answer. Returns the route now cached. Throws if D1 or KV fails:
 * the caller's change stands either way (KV is only a hint, and the entry expires within
 * POSITIVE_TTL_SECONDS), so a caller may log the failure and carry on.
 */
export async function refreshTapRoute(stores: TapStores, slug: string): Promise<TapRoute | null> {
  const route = await loadTapRoute(stores.DB, slug);
  await writeCachedTapRoute(stores.TAP_KV, slug, route);
  await forgetMemo(stores, [slug]);
  return route;
}

/** Cache coherence for owner-wide changes: the NFC sharing toggle and the active event. */
export async function refreshOwnerTapRoutes(stores: TapStores, ownerUserId: string): Promise<number> {
  const slugs = await loadOwnerSlugs(stores.DB, ownerUserId);
  await Promise.all(slugs.map((slug) => refreshTapRoute(stores, slug)));
  return slugs.length;
}

/**
 * What every command that changes a tap's answer does after its D1 batch commits (issue #29):
 * rewrites each slug's record and drops it from the tap's memo, so the next tap answers the new
 * state. Only the commands in this package call it (a house rule in biome.json). A KV failure
 * is logged, not thrown: the change stands and the entry expires within POSITIVE_TTL_SECONDS (0010).
 */
export async function keepTapTrue(stores: TapStores, slugs: Iterable<string>): Promise<void> {
  await Promise.all(
    [...new Set(slugs)].map((slug) =>
      refreshTapRoute(stores, slug).catch((error) =>
        console.error(`[tap-cache] tap record not refreshed for ${slug}`, error),
      ),
    ),
  );
}

/** keepTapTrue for an owner-wide change (the NFC sharing toggle, the active event): every garment of theirs. */
export async function keepOwnerTapTrue(stores: TapStores, ownerUserId: string): Promise<void> {
  try {
    await keepTapTrue(stores, await loadOwnerSlugs(stores.DB, ownerUserId));
  } catch (error) {
    console.error(`[tap-cache] tap records not refreshed for owner ${ownerUserId}`, error);
  }
}

/** keepTapTrue for slugs that no longer name a garment (a removed QA run): drop their entries. */
export async function forgetTapRoutes(
  stores: Pick<TapStores, "TAP_KV" | "TAP_CONTROL">,
  slugs: string[],
): Promise<void> {
  try {
    await Promise.all(slugs.map((slug) => stores.TAP_KV.delete(tapKvKey(slug))));
    await forgetMemo(stores, slugs);
  } catch (error) {
    console.error(`[tap-cache] tap records not dropped for ${slugs.join(", ")}`, error);
  }
}
