import type { Db } from "@releve/db";

export interface WardrobeItem {
  id: number;
  name: string | null;
  title: string | null;
  brand: string | null;
  garment_type: string | null;
  color: string | null;
  size: string | null;
  short_slug: string;
  is_active: number;
  created_at: number;
  claimed_at: number | null;
  taps: number;
}

/** The owner's claimed garments, newest claim first, with taps per garment (one query). */
export async function listWardrobe(db: Db, userId: string, limit = 200): Promise<WardrobeItem[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT g.id, g.name, g.title, g.brand, g.garment_type, g.color, g.size, g.short_slug, g.is_active,
              g.created_at, g.claimed_at,
              (SELECT count(*) FROM scans s WHERE s.garment_id = g.id AND s.viewer_kind != 'owner') AS taps
         FROM garments g
        WHERE g.owner_user_id = ?1 AND g.status = 'claimed'
        ORDER BY g.claimed_at DESC, g.id DESC
        LIMIT ?2`,
    )
    .bind(userId, limit)
    .all<WardrobeItem>();
  return results;
}
