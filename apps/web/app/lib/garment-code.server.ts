import { normalizeSlug } from "@releve/core/slug";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CHIP = /^RLV(-[A-Z0-9]+){2,}$/i;

/**
 * What a wearer types from a label, or reads from a tag, to find a garment: its short slug,
 * a `/t/<slug>` link, its tag UUID or its chip id. Returns the slug of an existing garment,
 * or null.
 */
export async function slugFromCode(db: D1Database, raw: string): Promise<string | null> {
  const code = raw.trim();
  if (code === "" || code.length > 300) return null;
  if (UUID.test(code) || CHIP.test(code)) {
    const row = await db
      .prepare("SELECT short_slug FROM garments WHERE tag_uuid = ?1 OR nfc_chip_id = ?2 LIMIT 1")
      .bind(code.toLowerCase(), code.toUpperCase())
      .first<{ short_slug: string }>();
    return row?.short_slug ?? null;
  }
  const fromLink = /\/t\/([^/?#\s]+)/.exec(code)?.[1];
  let slug: string | null = null;
  try {
    slug = normalizeSlug(fromLink ? decodeURIComponent(fromLink) : code);
  } catch {
    return null;
  }
  if (!slug) return null;
  const row = await db
    .prepare("SELECT short_slug FROM garments WHERE short_slug = ?1")
    .bind(slug)
    .first<{ short_slug: string }>();
  return row?.short_slug ?? null;
}

/** The fields a claim or registration screen shows and decides on, by slug (null if none). */
export async function garmentBySlug(db: D1Database, slug: string) {
  return db
    .prepare(
      "SELECT id, name, title, brand, garment_type, color, size, status, is_active, owner_user_id FROM garments WHERE short_slug = ?1",
    )
    .bind(slug)
    .first<{
      id: number;
      name: string | null;
      title: string | null;
      brand: string | null;
      garment_type: string | null;
      color: string | null;
      size: string | null;
      status: string;
      is_active: number;
      owner_user_id: string | null;
    }>();
}
