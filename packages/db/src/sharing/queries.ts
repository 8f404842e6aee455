/**
 * Sharing, the reads: the card a visitor sees (by garment slug or contact card), with every
 * profile column the share-visibility rule reads. Writes: ./commands.ts.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { and, eq, isNotNull, isNull, max, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { contacts, garments, nfcTags, profiles, users, wardrobeEvents } from "../schema";

/** Every profile column the share-visibility rule reads (ShareableProfile), for each public query. */
const shareableProfileColumns = {
  first_name: profiles.first_name,
  last_name: profiles.last_name,
  display_name: profiles.display_name,
  city_region: profiles.city_region,
  job_title: profiles.job_title,
  company: profiles.company,
  bio: profiles.bio,
  email: profiles.email,
  mobile_phone: profiles.mobile_phone,
  website: profiles.website,
  instagram: profiles.instagram,
  linkedin: profiles.linkedin,
  tiktok: profiles.tiktok,
  facebook: profiles.facebook,
  twitter: profiles.twitter,
  share_email: profiles.share_email,
  share_mobile: profiles.share_mobile,
  share_website: profiles.share_website,
  share_instagram: profiles.share_instagram,
  share_linkedin: profiles.share_linkedin,
  share_tiktok: profiles.share_tiktok,
  share_facebook: profiles.share_facebook,
  share_twitter: profiles.share_twitter,
  // From users (each public query joins the profile's user): the email shows only once verified.
  email_verified: isNotNull(users.email_verified_at).mapWith(Boolean),
};

/**
 * The owner's active event as a visitor's contact is filed under it: only if still the owner's,
 * flagged active and not over (issue #49: an event tags nothing once its day has gone, UTC).
 */
const activeEventOf = (ownerUserId: typeof profiles.user_id | typeof garments.owner_user_id) =>
  and(
    eq(wardrobeEvents.id, profiles.active_event_id),
    eq(wardrobeEvents.owner_user_id, ownerUserId),
    eq(wardrobeEvents.is_active, true),
    // Raw: SQLite's date('now'), the day of the query; events hold their day as YYYY-MM-DD.
    or(isNull(wardrobeEvents.date), sql`${wardrobeEvents.date} >= date('now')`),
  );

/**
 * The public share page's one query (issue #7 performance budget): the garment, its owner's
 * shareable profile and the owner's active event. D1, not KV, decides what is shown (decision 0010).
 */
export function findShareByGarmentSlug(db: Db, slug: string) {
  return db
    .select({
      garment_id: garments.id,
      garment_name: garments.name,
      garment_title: garments.title,
      status: garments.status,
      is_active: garments.is_active,
      owner_user_id: garments.owner_user_id,
      photo_key: garments.photo_key,
      photo_width: garments.photo_width,
      photo_height: garments.photo_height,
      photo_card_key: garments.photo_card_key,
      photo_public: garments.photo_public,
      // Whether the piece has a passport (issue #31): it has a product.
      product_id: garments.product_id,
      nfc_sharing_enabled: profiles.nfc_sharing_enabled,
      profile: shareableProfileColumns,
      active_event_id: wardrobeEvents.id,
      // The garment's current tag, as the tap reads it (tap/cache.ts's loadTapRoute): its status
      // (inactive, lost, stolen) and, for a secure tag, its UID and key version (issue #28).
      tag_status: nfcTags.status,
      tag_uid: nfcTags.uid,
      sun_key_version: nfcTags.sun_key_version,
    })
    .from(garments)
    .leftJoin(profiles, eq(profiles.user_id, garments.owner_user_id))
    .leftJoin(users, eq(users.id, profiles.user_id))
    .leftJoin(wardrobeEvents, activeEventOf(garments.owner_user_id))
    .leftJoin(nfcTags, eq(nfcTags.id, currentTagId(db)))
    .where(eq(garments.short_slug, slug))
    .get();
}

/** The id of the garment's current tag (its newest nfc_tags row), for a join; null when it has none. */
function currentTagId(db: Db) {
  const newest = db
    .select({ id: max(nfcTags.id) })
    .from(nfcTags)
    .where(eq(nfcTags.garment_id, garments.id));
  // Raw: a correlated scalar subquery compared in place; drizzle has no scalar-subquery helper.
  return sql<number | null>`(${newest})`;
}

/** A contact card's profile by its client id, with the owner's active event. */
export function findContactCardByClientId(db: Db, clientId: string) {
  return db
    .select({
      user_id: profiles.user_id,
      nfc_sharing_enabled: profiles.nfc_sharing_enabled,
      profile: shareableProfileColumns,
      active_event_id: wardrobeEvents.id,
    })
    .from(profiles)
    .leftJoin(users, eq(users.id, profiles.user_id))
    .leftJoin(wardrobeEvents, activeEventOf(profiles.user_id))
    .where(eq(profiles.client_id, clientId))
    .get();
}

/** The address a contact left and its owner's names, for the visitor's mail; undefined once withdrawn. */
export function contactForSharedMail(db: Db, contactId: number) {
  return db
    .select({
      email: contacts.email,
      profile: { first_name: profiles.first_name, last_name: profiles.last_name, display_name: profiles.display_name },
    })
    .from(contacts)
    .leftJoin(profiles, eq(profiles.user_id, contacts.owner_user_id))
    .where(eq(contacts.id, contactId))
    .get();
}
