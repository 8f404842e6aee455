import type { D1Like } from "./binding-types";
import { refreshTapRoute, type TapStores } from "./tap-cache";

export type ClaimResult =
  | { status: "claimed" | "already_owned"; garmentId: number }
  | { status: "claimed_by_other" | "not_found" | "profile_missing" };

// One conditional UPDATE decides a race: of two people claiming at once exactly one matches
// `status = 'unclaimed'`, the other sees a claimed garment afterwards (claimed_by_other).
const CLAIM_SQL = `UPDATE garments
  SET status = 'claimed', owner_user_id = ?1, owner_profile_id = ?2, claimed_at = ?3, ownership_status = 'active'
  WHERE short_slug = ?4 AND status = 'unclaimed' AND is_active = 1
  RETURNING id`;

/**
 * Claims an unclaimed, active garment for a user who has a profile (spec part 1 §4, Claim
 * flow), then rewrites the tap cache so the very next tap sends the owner to their garment.
 */
type GarmentState = { id: number; is_active: number; status: string; owner_user_id: string | null };

function settled(garment: GarmentState | null, userId: string): ClaimResult | null {
  if (garment?.is_active !== 1) return { status: "not_found" };
  if (garment.owner_user_id === userId) return { status: "already_owned", garmentId: garment.id };
  if (garment.status !== "unclaimed") return { status: "claimed_by_other" };
  return null;
}

export async function claimGarment(
  stores: TapStores,
  input: { slug: string; userId: string },
  now = Date.now(),
): Promise<ClaimResult> {
  const db: D1Like = stores.DB;
  const read = () =>
    db
      .prepare("SELECT id, is_active, status, owner_user_id FROM garments WHERE short_slug = ?1")
      .bind(input.slug)
      .first<GarmentState>();
  // What cannot be claimed is said first: nobody is sent to set up a profile for it.
  const before = settled(await read(), input.userId);
  if (before) return before;

  const profile = await db
    .prepare("SELECT id FROM profiles WHERE user_id = ?1")
    .bind(input.userId)
    .first<{ id: number }>();
  if (!profile) return { status: "profile_missing" };

  const claimed = await db.prepare(CLAIM_SQL).bind(input.userId, profile.id, now, input.slug).first<{ id: number }>();
  if (claimed) {
    await refreshTapRoute(stores, input.slug);
    return { status: "claimed", garmentId: claimed.id };
  }
  // Lost a race (or the garment changed in between): report what it is now.
  return settled(await read(), input.userId) ?? { status: "claimed_by_other" };
}
