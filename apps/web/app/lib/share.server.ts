import { CONTACT_MESSAGES, type ContactFormInput } from "@releve/core/contact";
import { photoUrl } from "@releve/core/photo";
import { senderNetwork } from "@releve/core/sender-network";
import { publicProfile } from "@releve/core/share-visibility";
import type { Db } from "@releve/db";
import { type ContactTarget, insertVisitorContact } from "@releve/db/contacts";
import { findContactCardByClientId, findShareByGarmentSlug } from "@releve/db/profiles";
import { takeLimits } from "./rate-limit.server";

// Caps on the public contact forms (decision 0031). A sender is an IPv4 address or an IPv6 /64.
/** A sender's burst, whoever it writes to. */
export const IP_WINDOW_MS = 10 * 60 * 1000;
export const IP_LIMIT = 10;
/** A sender's day with one owner: what one sender can take of that owner's day. */
export const SENDER_OWNER_WINDOW_MS = 24 * 60 * 60 * 1000;
export const SENDER_OWNER_LIMIT = 10;
/** An owner's day, counting only posts that passed the sender caps: 20 senders to fill it. */
export const OWNER_WINDOW_MS = 24 * 60 * 60 * 1000;
export const OWNER_LIMIT = 200;

export type ShareState =
  | { state: "unavailable" }
  // The garment's tag is reported lost or stolen (issue #18): the neutral page, nothing of the owner.
  | { state: "missing" }
  | { state: "sharing_off"; garmentTitle: string }
  | {
      state: "open";
      garmentId: number;
      garmentTitle: string;
      ownerUserId: string;
      activeEventId: number | null;
      profile: ReturnType<typeof publicProfile>;
      /**
       * The garment's photo when its owner shows it on the card (issue #19); else null. `url` is
       * its card-size rendition when there is one; width and height are the full photo's (the
       * same aspect ratio within 2%), which only fix the box's shape.
       */
      photo: { url: string; width: number; height: number } | null;
    };

/** One query for the whole page (issue #7 performance budget): garment, owner profile, active event. */
export async function loadShare(db: Db, slug: string): Promise<ShareState> {
  const row = await findShareByGarmentSlug(db, slug);
  if (!row?.is_active) return { state: "unavailable" };
  if (row.reported_missing) return { state: "missing" };
  if (row.status !== "claimed" || !row.owner_user_id) return { state: "unavailable" };
  const garmentTitle = row.garment_name ?? row.garment_title ?? "Relevé piece";
  if (!row.nfc_sharing_enabled || !row.profile) return { state: "sharing_off", garmentTitle };
  return {
    state: "open",
    garmentId: row.garment_id,
    garmentTitle,
    ownerUserId: row.owner_user_id,
    activeEventId: row.active_event_id,
    profile: publicProfile(row.profile),
    photo:
      row.photo_public && row.photo_key && row.photo_width && row.photo_height
        ? {
            // The card-size rendition when there is one (decision 0039): the card's LCP image.
            url: photoUrl(row.photo_card_key ?? row.photo_key),
            width: row.photo_width,
            height: row.photo_height,
          }
        : null,
  };
}

export type RateVerdict = "ok" | "ip" | "sender_owner" | "owner";

/**
 * Counts one post to `ownerUserId`'s contact forms from `ip` against the sender's burst, the
 * sender's day with that owner and the owner's day, all or none (a refused post counts
 * nowhere, so it cannot use up the owner's day): "ok" when it may be written, else the
 * first cap it hit. Call it once per post, right before `createContact`.
 */
/** The per-owner bucket of contact-form posts (the QA e2e run removes what its post counted). */
export const CONTACT_OWNER_BUCKET = "contact_owner";

export async function takeContactPost(
  db: Db,
  ip: string | null,
  ownerUserId: string,
  now = Date.now(),
): Promise<RateVerdict> {
  const sender = senderNetwork(ip);
  const full = await takeLimits(
    db,
    [
      { bucket: "contact_ip", value: sender, limit: IP_LIMIT, windowMs: IP_WINDOW_MS },
      {
        bucket: "contact_sender_owner",
        value: sender === null ? null : `${sender}>${ownerUserId}`,
        limit: SENDER_OWNER_LIMIT,
        windowMs: SENDER_OWNER_WINDOW_MS,
      },
      { bucket: CONTACT_OWNER_BUCKET, value: ownerUserId, limit: OWNER_LIMIT, windowMs: OWNER_WINDOW_MS },
    ] as const,
    now,
  );
  if (full === "contact_ip") return "ip";
  if (full === "contact_sender_owner") return "sender_owner";
  if (full === "contact_owner") return "owner";
  return "ok";
}

/** The spec's (and our) message for a refused post. */
export function contactRateMessage(verdict: Exclude<RateVerdict, "ok">): string {
  if (verdict === "ip") return CONTACT_MESSAGES.rateLimited;
  if (verdict === "sender_owner") return CONTACT_MESSAGES.senderLimited;
  return CONTACT_MESSAGES.ownerBusy;
}

/**
 * Writes a visitor's details to the owner's contacts (the spec's create_contact_secure),
 * tagged with the garment (if any) and the owner's active event. The post was counted first
 * (`takeContactPost`).
 */
export async function createContact(
  db: Db,
  input: {
    target: ContactTarget;
    tag: string | null;
    source: "nfc_share" | "contact_card" | "share_token";
    form: ContactFormInput;
  },
  now = Date.now(),
): Promise<void> {
  await insertVisitorContact(db, input, now);
}

/** The visitor page's contact: filed under the tapped garment. */
export function createShareContact(
  db: Db,
  input: { share: Extract<ShareState, { state: "open" }>; slug: string; form: ContactFormInput },
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
