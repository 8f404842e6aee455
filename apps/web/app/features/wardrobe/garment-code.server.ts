import { isChipId, normalizeChipId } from "@releve/core/tags/chip-id";
import { normalizeSlug } from "@releve/core/tap/slug";
import type { Db } from "@releve/db";
import { existingSlug, slugByTagOrChip } from "@releve/db/wardrobe/queries";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a wearer types from a label, or reads from a tag, to find a garment: its short slug,
 * a `/t/<slug>` link, its tag UUID or its chip id. Returns the slug of an existing garment,
 * or null.
 */
export async function slugFromCode(db: Db, raw: string): Promise<string | null> {
  const code = raw.trim();
  if (code === "" || code.length > 300) return null;
  if (UUID.test(code)) return slugByTagOrChip(db, code.toLowerCase(), code.toUpperCase());
  const chipId = normalizeChipId(code);
  if (isChipId(chipId)) return slugByTagOrChip(db, chipId.toLowerCase(), chipId);
  const fromLink = /\/t\/([^/?#\s]+)/.exec(code)?.[1];
  let slug: string | null = null;
  try {
    slug = normalizeSlug(fromLink ? decodeURIComponent(fromLink) : code);
  } catch {
    return null;
  }
  if (!slug) return null;
  return existingSlug(db, slug);
}
