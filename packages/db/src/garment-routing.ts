import { parseTapRoute, type TapRoute } from "@releve/core/tap-rules";
import type { D1Like } from "./binding-types";

// Plain SQL, not drizzle: this module is bundled into the tap worker, whose whole bundle must
// stay under 50 KB gzip (issue #5). One indexed lookup (garments_short_slug_unique).
const ROUTE_BY_SLUG_SQL = `SELECT g.id AS garment_id, g.short_slug AS slug, g.status AS status, g.is_active AS is_active,
  g.owner_user_id AS owner_user_id, p.nfc_sharing_enabled AS nfc_sharing_enabled, e.id AS active_event_id
FROM garments g
LEFT JOIN profiles p ON p.user_id = g.owner_user_id
LEFT JOIN wardrobe_events e ON e.id = p.active_event_id AND e.owner_user_id = g.owner_user_id AND e.is_active = 1
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
};

/**
 * The tap's view of one garment, straight from D1; null when no garment has this slug. A row
 * that cannot make a valid route (a slug outside the slug rules, say) is treated as unknown:
 * the tap answers 'Invalid garment link', never a 500.
 */
export async function loadTapRoute(db: D1Like, slug: string): Promise<TapRoute | null> {
  const row = await db.prepare(ROUTE_BY_SLUG_SQL).bind(slug).first<RouteRow>();
  if (!row) return null;
  const route = parseTapRoute({
    garmentId: row.garment_id,
    slug: row.slug,
    status: row.status === "claimed" ? "claimed" : "unclaimed",
    active: row.is_active === 1,
    ownerUserId: row.owner_user_id,
    // A claimed garment whose owner has no profile has nothing to share.
    sharingEnabled: row.nfc_sharing_enabled === 1,
    activeEventId: row.active_event_id,
  });
  if (!route) console.warn(`[garment-routing] garment ${row.garment_id} (${row.slug}) has no valid route`);
  return route;
}

/** Every slug an owner's sharing flag or active event affects. */
export async function loadOwnerSlugs(db: D1Like, ownerUserId: string): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT short_slug FROM garments WHERE owner_user_id = ?1")
    .bind(ownerUserId)
    .all<{ short_slug: string }>();
  return results.map((r) => r.short_slug);
}
