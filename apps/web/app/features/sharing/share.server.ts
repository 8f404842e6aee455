import { publicProfile } from "@releve/core/sharing/share-visibility";
import { type DoorVerdict, decideDoor } from "@releve/core/tap/rules";
import {
  CARD_WINDOW_COOKIE,
  VERIFIED_TAP_HEADER,
  verifyCardWindow,
  verifyVerifiedTap,
} from "@releve/core/tap/verified-tap";
import { photoUrl } from "@releve/core/wardrobe/photo";
import type { Db } from "@releve/db";
import type { ContactTarget } from "@releve/db/sharing/commands";
import { findContactCardByClientId, findShareByGarmentSlug } from "@releve/db/sharing/queries";
import { tapRouteOf } from "@releve/db/tap/cache";
import { readCookie } from "../../lib/cookies.server";

export type ShareState =
  | { state: "unavailable" }
  // The garment's tag is reported lost or stolen (issue #18): the neutral page, nothing of the owner.
  | { state: "missing"; passport?: boolean }
  // A secure garment outside its verified tap's window (issue #28): nothing of the owner.
  | { state: "not_authenticated" }
  | { state: "sharing_off"; garmentTitle: string; passport: boolean }
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
      /** The piece has a passport (issue #31): the card links to it. */
      passport: boolean;
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
  const passport = row?.product_id != null;
  if (verdict === "missing") return { state: "missing", passport };
  if (verdict !== "open" && verdict !== "sharing_off") return NOT_OPEN[verdict];
  const garmentTitle = row?.garment_name ?? row?.garment_title ?? "Relevé piece";
  if (verdict === "sharing_off" || !row?.profile || !row.owner_user_id) {
    return { state: "sharing_off", garmentTitle, passport };
  }
  return {
    state: "open",
    garmentId: row.garment_id,
    garmentTitle,
    ownerUserId: row.owner_user_id,
    activeEventId: row.active_event_id,
    profile: publicProfile(row.profile),
    secure,
    passport,
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

/** The open share card's owner, garment and active event: where its visitor's contact is filed. */
export const shareTarget = (share: Extract<ShareState, { state: "open" }>): ContactTarget => ({
  ownerUserId: share.ownerUserId,
  garmentId: share.garmentId,
  activeEventId: share.activeEventId,
});

const CLIENT_ID_PATTERN = /^[0-9a-f]{32}$/;

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
