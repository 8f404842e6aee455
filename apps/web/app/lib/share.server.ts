import { CONTACT_MESSAGES, type ContactFormInput } from "@releve/core/contact";
import { photoUrl } from "@releve/core/photo";
import { senderNetwork } from "@releve/core/sender-network";
import { publicProfile } from "@releve/core/share-visibility";
import { type DoorVerdict, decideDoor } from "@releve/core/tap/rules";
import {
  CARD_WINDOW_COOKIE,
  VERIFIED_TAP_HEADER,
  verifyCardWindow,
  verifyVerifiedTap,
} from "@releve/core/tap/verified-tap";
import type { Db } from "@releve/db";
import { type ContactTarget, hasRecentSubmission, insertVisitorContact } from "@releve/db/contacts";
import { findContactCardByClientId, findShareByGarmentSlug } from "@releve/db/profiles";
import { tapRouteOf } from "@releve/db/tap/cache";
import { readCookie } from "./cookies.server";
import { sha256Hex } from "./crypto.server";
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
  // A secure garment outside its verified tap's window (issue #28): nothing of the owner.
  | { state: "not_authenticated" }
  | { state: "sharing_off"; garmentTitle: string }
  | {
      state: "open";
      garmentId: number;
      garmentTitle: string;
      ownerUserId: string;
      activeEventId: number | null;
      profile: ReturnType<typeof publicProfile>;
      /** A secure garment's card: open only in its verified tap's window, so it says so. */
      secure: boolean;
      /**
       * The garment's photo when its owner shows it on the card (issue #19); else null. `url` is
       * its card-size rendition when there is one; width and height are the full photo's (the
       * same aspect ratio within 2%), which only fix the box's shape.
       */
      photo: { url: string; width: number; height: number } | null;
    };

/**
 * What a garment's public doors (the share page, its vCard and QR, the form's POST) may show,
 * decided as the tap decides (decideDoor, issue #28) on what D1 says now, in one query (issue #7
 * performance budget): garment, current tag, owner profile, active event. `cardWindow`: this
 * browser holds the window a verified tap of this garment minted (or the tap's own marker).
 */
export async function shareDoor(db: Db, slug: string, door: { cardWindow: boolean }) {
  const row = await findShareByGarmentSlug(db, slug);
  const route = row ? tapRouteOf({ ...row, slug }) : null;
  return { verdict: decideDoor(route, door), row, secure: route?.secure !== undefined };
}

const NOT_OPEN: Record<Exclude<DoorVerdict, "open" | "sharing_off">, ShareState> = {
  not_found: { state: "unavailable" },
  missing: { state: "missing" },
  not_authenticated: { state: "not_authenticated" },
  // The claim offer is the tap's alone (a tap proves the garment is in hand): a link says unavailable.
  claim: { state: "unavailable" },
};

/** The share page's state: the door's verdict, and the card only when it is open. */
export async function loadShare(db: Db, slug: string, door: { cardWindow: boolean }): Promise<ShareState> {
  const { verdict, row, secure } = await shareDoor(db, slug, door);
  if (verdict !== "open" && verdict !== "sharing_off") return NOT_OPEN[verdict];
  const garmentTitle = row?.garment_name ?? row?.garment_title ?? "Relevé piece";
  if (verdict === "sharing_off" || !row?.profile || !row.owner_user_id) return { state: "sharing_off", garmentTitle };
  return {
    state: "open",
    garmentId: row.garment_id,
    garmentTitle,
    ownerUserId: row.owner_user_id,
    activeEventId: row.active_event_id,
    profile: publicProfile(row.profile),
    secure,
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

/**
 * The card window for `slug` that this request carries (issue #28): the window cookie the tap
 * set after a verified tap, or the marker the tap sends with a card it answers in place.
 */
export async function hasCardWindow(request: Request, secret: string, slug: string): Promise<boolean> {
  const marker = request.headers.get(VERIFIED_TAP_HEADER);
  if (marker && (await verifyVerifiedTap(secret, marker, slug))) return true;
  return verifyCardWindow(secret, readCookie(request, CARD_WINDOW_COOKIE), slug);
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
 * (`takeContactPost`). For a public form's post, `submitContact` (a repeat stores nothing).
 */
/** A visitor's details for one owner: where they are filed, the tag named, the door they came through. */
export type VisitorContact = {
  target: ContactTarget;
  tag: string | null;
  source: "nfc_share" | "contact_card" | "share_token";
  form: ContactFormInput;
};

export async function createContact(db: Db, input: VisitorContact, now = Date.now()): Promise<void> {
  await insertVisitorContact(db, input, now);
}

/** How long the same submission to the same owner through the same door counts as a repeat (issue #28). */
export const CONTACT_REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * A public form's post (the share card, a share token, `/receive-info`), idempotent (issue #28):
 * the same details sent again to the same owner through the same door within
 * CONTACT_REPEAT_WINDOW_MS (a double click, back-and-resubmit, a network retry) store nothing
 * more, take no limit and answer the same success ("repeat"). Otherwise the post is counted
 * against the limits (a refused one names the cap) and stored; of two identical posts at once,
 * one is stored.
 */
export async function submitContact(
  db: Db,
  input: VisitorContact & { ip: string | null },
  now = Date.now(),
): Promise<"stored" | "repeat" | Exclude<RateVerdict, "ok">> {
  const { target, tag, source, form } = input;
  const key = await sha256Hex(JSON.stringify([source, target.ownerUserId, target.garmentId, tag, form]));
  const submission = { key, since: now - CONTACT_REPEAT_WINDOW_MS };
  if (await hasRecentSubmission(db, target.ownerUserId, submission)) return "repeat";
  const verdict = await takeContactPost(db, input.ip, target.ownerUserId, now);
  if (verdict !== "ok") return verdict;
  return insertVisitorContact(db, { target, tag, source, form, submission }, now);
}

/** The open share card's owner, garment and active event: where its visitor's contact is filed. */
export const shareTarget = (share: Extract<ShareState, { state: "open" }>): ContactTarget => ({
  ownerUserId: share.ownerUserId,
  garmentId: share.garmentId,
  activeEventId: share.activeEventId,
});

/** The visitor page's contact: filed under the tapped garment (tests; the page posts through submitContact). */
export function createShareContact(
  db: Db,
  input: { share: Extract<ShareState, { state: "open" }>; slug: string; form: ContactFormInput },
  now = Date.now(),
): Promise<void> {
  return createContact(
    db,
    { target: shareTarget(input.share), tag: input.slug, source: "nfc_share", form: input.form },
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
