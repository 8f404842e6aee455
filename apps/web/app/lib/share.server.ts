import type { ContactFormInput } from "@releve/core/contact";
import { publicProfile, type ShareableProfile } from "@releve/core/share-visibility";
import { sha256Hex } from "./crypto.server";

export const IP_WINDOW_MS = 10 * 60 * 1000;
export const IP_LIMIT = 10;
export const OWNER_WINDOW_MS = 24 * 60 * 60 * 1000;
export const OWNER_LIMIT = 200;

type ShareRow = ShareableProfile & {
  garment_id: number;
  garment_name: string | null;
  garment_title: string | null;
  status: string;
  is_active: number;
  owner_user_id: string | null;
  nfc_sharing_enabled: number | null;
  active_event_id: number | null;
};

/** Every profile column the visibility rule reads (alias `p`), for each public query. */
export const PROFILE_COLUMNS = `p.first_name, p.last_name, p.display_name, p.city_region, p.bio,
    p.email, p.mobile_phone, p.website, p.instagram, p.linkedin, p.tiktok, p.facebook, p.twitter,
    p.share_email, p.share_mobile, p.share_website, p.share_instagram, p.share_linkedin, p.share_tiktok,
    p.share_facebook, p.share_twitter`;

// One query for the whole page (issue #7 performance budget): garment, owner profile and the
// owner's active event. D1, not KV, decides what is shown (DESIGN.md §3).
const SHARE_SQL = `SELECT g.id AS garment_id, g.name AS garment_name, g.title AS garment_title, g.status, g.is_active,
    g.owner_user_id, p.nfc_sharing_enabled, ${PROFILE_COLUMNS},
    (SELECT e.id FROM wardrobe_events e WHERE e.id = p.active_event_id AND e.owner_user_id = g.owner_user_id AND e.is_active = 1) AS active_event_id
  FROM garments g LEFT JOIN profiles p ON p.user_id = g.owner_user_id
 WHERE g.short_slug = ?1`;

const FLAGS = [
  "share_email",
  "share_mobile",
  "share_website",
  "share_instagram",
  "share_linkedin",
  "share_tiktok",
  "share_facebook",
  "share_twitter",
] as const;

/** D1 returns the share_ flags as 0/1; the visibility rule wants booleans. */
export function profileFromRow(
  row: Record<(typeof FLAGS)[number], unknown> & Omit<ShareableProfile, (typeof FLAGS)[number]>,
): ShareableProfile {
  const profile = { ...row } as unknown as ShareableProfile;
  for (const flag of FLAGS) profile[flag] = row[flag] === 1;
  return profile;
}

export type ShareState =
  | { state: "unavailable" }
  | { state: "sharing_off"; garmentTitle: string }
  | {
      state: "open";
      garmentId: number;
      garmentTitle: string;
      ownerUserId: string;
      activeEventId: number | null;
      profile: ReturnType<typeof publicProfile>;
    };

export async function loadShare(db: D1Database, slug: string): Promise<ShareState> {
  const row = await db.prepare(SHARE_SQL).bind(slug).first<ShareRow>();
  if (row?.is_active !== 1 || row.status !== "claimed" || !row.owner_user_id) return { state: "unavailable" };
  const garmentTitle = row.garment_name ?? row.garment_title ?? "Relevé piece";
  if (row.nfc_sharing_enabled !== 1) return { state: "sharing_off", garmentTitle };
  const profile = profileFromRow(row);
  return {
    state: "open",
    garmentId: row.garment_id,
    garmentTitle,
    ownerUserId: row.owner_user_id,
    activeEventId: row.active_event_id,
    profile: publicProfile(profile),
  };
}

export type RateVerdict = "ok" | "ip" | "owner";

/** Sliding windows in D1: 10 posts per 10 minutes per IP, 200 per day per owner. */
export async function checkContactRate(
  db: D1Database,
  ip: string | null,
  ownerUserId: string,
  now = Date.now(),
): Promise<RateVerdict> {
  const ipKey = ip ? await sha256Hex(`contact:${ip}`) : null;
  const statements = [
    db
      .prepare("SELECT count(*) AS n FROM contacts WHERE owner_user_id = ?1 AND created_at > ?2")
      .bind(ownerUserId, now - OWNER_WINDOW_MS),
    ...(ipKey
      ? [
          db
            .prepare(
              "SELECT count(*) AS n FROM rate_events WHERE bucket = 'contact_ip' AND key = ?1 AND created_at > ?2",
            )
            .bind(ipKey, now - IP_WINDOW_MS),
        ]
      : []),
  ];
  const [owner, byIp] = await db.batch<{ n: number }>(statements);
  if ((byIp?.results[0]?.n ?? 0) >= IP_LIMIT) return "ip";
  if ((owner?.results[0]?.n ?? 0) >= OWNER_LIMIT) return "owner";
  return "ok";
}

export interface ContactTarget {
  ownerUserId: string;
  garmentId: number | null;
  activeEventId: number | null;
}

/**
 * Writes a visitor's details to the owner's contacts (the spec's create_contact_secure),
 * tagged with the garment (if any) and the owner's active event, and counts the post against
 * the IP, in one batch: all or nothing.
 */
export async function createContact(
  db: D1Database,
  input: {
    target: ContactTarget;
    tag: string | null;
    source: "nfc_share" | "contact_card" | "share_token";
    form: ContactFormInput;
    ip: string | null;
  },
  now = Date.now(),
): Promise<void> {
  const { target, form } = input;
  const statements = [
    db
      .prepare(
        `INSERT INTO contacts (owner_user_id, garment_id, wardrobe_event_id, first_name, last_name, email, phone, instagram,
           linkedin, notes, consent_data_collection, consent_marketing, consent_event_updates, tag_uuid, contact_source, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)`,
      )
      .bind(
        target.ownerUserId,
        target.garmentId,
        target.activeEventId,
        form.first_name,
        form.last_name,
        form.email,
        form.phone,
        form.instagram,
        form.linkedin,
        form.notes,
        form.consent_data_collection ? 1 : 0,
        form.consent_marketing ? 1 : 0,
        form.consent_event_updates ? 1 : 0,
        input.tag,
        input.source,
        now,
      ),
  ];
  if (input.ip) {
    statements.push(
      db
        .prepare("INSERT INTO rate_events (bucket, key, created_at) VALUES ('contact_ip', ?1, ?2)")
        .bind(await sha256Hex(`contact:${input.ip}`), now),
    );
  }
  await db.batch(statements);
}

/** The visitor page's contact: filed under the tapped garment. */
export function createShareContact(
  db: D1Database,
  input: { share: Extract<ShareState, { state: "open" }>; slug: string; form: ContactFormInput; ip: string | null },
  now = Date.now(),
): Promise<void> {
  const { share } = input;
  return createContact(
    db,
    {
      target: { ownerUserId: share.ownerUserId, garmentId: share.garmentId, activeEventId: share.activeEventId },
      tag: input.slug,
      source: "nfc_share",
      form: input.form,
      ip: input.ip,
    },
    now,
  );
}

const CARD_SQL = `SELECT p.user_id, p.nfc_sharing_enabled, ${PROFILE_COLUMNS},
    (SELECT e.id FROM wardrobe_events e WHERE e.id = p.active_event_id AND e.owner_user_id = p.user_id AND e.is_active = 1) AS active_event_id
  FROM profiles p WHERE p.client_id = ?1`;

export const CLIENT_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * A contact card by the profile's client id (32 random hex characters, so cards cannot be
 * enumerated the way sequential ids could); null unless the profile exists, belongs to an
 * account and shares.
 */
export async function loadContactCard(db: D1Database, clientId: string) {
  if (!CLIENT_ID_PATTERN.test(clientId)) return null;
  const row = await db
    .prepare(CARD_SQL)
    .bind(clientId)
    .first<
      ShareableProfile & { user_id: string | null; nfc_sharing_enabled: number; active_event_id: number | null }
    >();
  if (!row?.user_id || row.nfc_sharing_enabled !== 1) return null;
  const profile = profileFromRow(row);
  return {
    target: { ownerUserId: row.user_id, garmentId: null, activeEventId: row.active_event_id } satisfies ContactTarget,
    profile: publicProfile(profile),
  };
}
