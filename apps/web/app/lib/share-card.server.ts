import type { ShareableProfile } from "@releve/core/share-visibility";
import { type ShareCard, shareCard } from "@releve/core/vcard";

type Flag = `share_${"email" | "mobile" | "website" | "instagram" | "linkedin" | "tiktok" | "facebook" | "twitter"}`;
type ShareCardRow = Omit<ShareableProfile, Flag> & Record<Flag, number>;

// D1, not the KV routing hint, decides what is true (DESIGN.md §3); the owner is the garment's.
const SHARE_CARD_SQL = `SELECT p.first_name, p.last_name, p.display_name, p.city_region, p.bio,
       p.email, p.mobile_phone, p.website, p.instagram, p.linkedin, p.tiktok, p.facebook, p.twitter,
       p.share_email, p.share_mobile, p.share_website, p.share_instagram, p.share_linkedin, p.share_tiktok,
       p.share_facebook, p.share_twitter
  FROM garments g JOIN profiles p ON p.user_id = g.owner_user_id
 WHERE g.short_slug = ?1 AND g.is_active = 1 AND g.status = 'claimed' AND p.nfc_sharing_enabled = 1`;

/**
 * The owner's card behind a garment's 'Save contact' (issue 7, item 5): null unless the garment
 * is active and claimed and its owner's sharing is on; otherwise only what the visibility rule lets out.
 */
export async function loadShareCard(db: D1Database, slug: string): Promise<ShareCard | null> {
  const row = await db.prepare(SHARE_CARD_SQL).bind(slug).first<ShareCardRow>();
  if (!row) return null;
  return shareCard({
    ...row,
    share_email: row.share_email === 1,
    share_mobile: row.share_mobile === 1,
    share_website: row.share_website === 1,
    share_instagram: row.share_instagram === 1,
    share_linkedin: row.share_linkedin === 1,
    share_tiktok: row.share_tiktok === 1,
    share_facebook: row.share_facebook === 1,
    share_twitter: row.share_twitter === 1,
  });
}
