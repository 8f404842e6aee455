import type { ContactFormInput } from "@releve/core/contact";
import { publicProfile } from "@releve/core/share-visibility";
import type { Db } from "@releve/db";
import { type ContactTarget, countRecentContactPosts, insertVisitorContact } from "@releve/db/contacts";
import { findContactCardByClientId, findShareByGarmentSlug } from "@releve/db/profiles";
import { sha256Hex } from "./crypto.server";

export const IP_WINDOW_MS = 10 * 60 * 1000;
export const IP_LIMIT = 10;
export const OWNER_WINDOW_MS = 24 * 60 * 60 * 1000;
export const OWNER_LIMIT = 200;

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

/** One query for the whole page (issue #7 performance budget): garment, owner profile, active event. */
export async function loadShare(db: Db, slug: string): Promise<ShareState> {
  const row = await findShareByGarmentSlug(db, slug);
  if (!row?.is_active || row.status !== "claimed" || !row.owner_user_id) return { state: "unavailable" };
  const garmentTitle = row.garment_name ?? row.garment_title ?? "Relevé piece";
  if (!row.nfc_sharing_enabled || !row.profile) return { state: "sharing_off", garmentTitle };
  return {
    state: "open",
    garmentId: row.garment_id,
    garmentTitle,
    ownerUserId: row.owner_user_id,
    activeEventId: row.active_event_id,
    profile: publicProfile(row.profile),
  };
}

export type RateVerdict = "ok" | "ip" | "owner";

const contactIpKey = (ip: string | null) => (ip ? sha256Hex(`contact:${ip}`) : null);

/** Sliding windows in D1: 10 posts per 10 minutes per IP, 200 per day per owner. */
export async function checkContactRate(
  db: Db,
  ip: string | null,
  ownerUserId: string,
  now = Date.now(),
): Promise<RateVerdict> {
  const posts = await countRecentContactPosts(db, {
    ownerUserId,
    ownerSince: now - OWNER_WINDOW_MS,
    ipKey: await contactIpKey(ip),
    ipSince: now - IP_WINDOW_MS,
  });
  if (posts.ip >= IP_LIMIT) return "ip";
  if (posts.owner >= OWNER_LIMIT) return "owner";
  return "ok";
}

/**
 * Writes a visitor's details to the owner's contacts (the spec's create_contact_secure),
 * tagged with the garment (if any) and the owner's active event, and counts the post against
 * the IP, in one batch: all or nothing.
 */
export async function createContact(
  db: Db,
  input: {
    target: ContactTarget;
    tag: string | null;
    source: "nfc_share" | "contact_card" | "share_token";
    form: ContactFormInput;
    ip: string | null;
  },
  now = Date.now(),
): Promise<void> {
  const { ip, ...contact } = input;
  await insertVisitorContact(db, { ...contact, ipKey: await contactIpKey(ip) }, now);
}

/** The visitor page's contact: filed under the tapped garment. */
export function createShareContact(
  db: Db,
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

export const CLIENT_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * A contact card by the profile's client id (32 random hex characters, so cards cannot be
 * enumerated the way sequential ids could): open only when the profile exists, belongs to an
 * account and shares; otherwise why not (a share token says which, spec part 2 §8).
 */
export async function contactCardState(db: Db, clientId: string) {
  if (!CLIENT_ID_PATTERN.test(clientId)) return { state: "missing" as const };
  const row = await findContactCardByClientId(db, clientId);
  if (!row?.user_id) return { state: "missing" as const };
  if (!row.nfc_sharing_enabled) return { state: "sharing_off" as const };
  return {
    state: "open" as const,
    target: { ownerUserId: row.user_id, garmentId: null, activeEventId: row.active_event_id } satisfies ContactTarget,
    profile: publicProfile(row.profile),
  };
}

/** The open contact card, or null (the contact card page says 'User not found.' either way). */
export async function loadContactCard(db: Db, clientId: string) {
  const card = await contactCardState(db, clientId);
  return card.state === "open" ? { target: card.target, profile: card.profile } : null;
}
