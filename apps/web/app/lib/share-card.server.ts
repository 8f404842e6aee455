import type { ShareableProfile } from "@releve/core/share-visibility";
import { type ShareCard, shareCard } from "@releve/core/vcard";
import { PROFILE_COLUMNS, profileFromRow } from "./share.server";

type Flag = `share_${"email" | "mobile" | "website" | "instagram" | "linkedin" | "tiktok" | "facebook" | "twitter"}`;
type ShareCardRow = Omit<ShareableProfile, Flag> & Record<Flag, number>;

// D1, not the KV routing hint, decides what is true (DESIGN.md §3); the owner is the garment's.
const SHARE_CARD_SQL = `SELECT ${PROFILE_COLUMNS}
  FROM garments g JOIN profiles p ON p.user_id = g.owner_user_id
 WHERE g.short_slug = ?1 AND g.is_active = 1 AND g.status = 'claimed' AND p.nfc_sharing_enabled = 1`;

/**
 * The owner's card behind a garment's 'Save contact' (issue 7, item 5): null unless the garment
 * is active and claimed and its owner's sharing is on; otherwise only what the visibility rule lets out.
 */
export async function loadShareCard(db: D1Database, slug: string): Promise<ShareCard | null> {
  const row = await db.prepare(SHARE_CARD_SQL).bind(slug).first<ShareCardRow>();
  if (!row) return null;
  return shareCard(profileFromRow(row));
}
