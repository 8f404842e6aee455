/**
 * A garment's next owner (issue #32): transfer links the owner hands over, and requests a
 * would-be owner sends. Both are rows of `ownership_transfers`; these are their rules, words and
 * tokens. Zod-free (the admin remote may read the labels).
 */

import { signedId, signedIdToken } from "../platform/crypto";
/** A transfer link, and a request left unanswered, last 14 days; then the link is dead and silence is a no. */
export const TRANSFER_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** A request's optional note to the owner. */
export const TRANSFER_REQUEST_MESSAGE_MAX = 280;

/** Requests are rate-limited per requester and per garment (sliding 24 hours). */
export const TRANSFER_REQUEST_LIMITS = {
  perRequester: 5,
  perGarment: 5,
  windowMs: 24 * 60 * 60 * 1000,
} as const;

export const TRANSFER_KINDS = ["link", "request"] as const;
type TransferKind = (typeof TRANSFER_KINDS)[number];

/** A pending row past its `expires_at` reads as expired (a link) or declined by silence (a request). */
export const TRANSFER_STATUSES = ["pending", "accepted", "declined", "cancelled"] as const;
type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** Why a transfer ended without being accepted or declined by a person. */
export const TRANSFER_END_REASONS = [
  /** Its owner cancelled it. */
  "cancelled",
  /** A newer link replaced it. */
  "replaced",
  /** The piece changed hands another way (a claim, an admin reassign, a registry release, a release). */
  "owner_changed",
  /** The piece's tag was reported lost or stolen. */
  "reported",
  /** Its requester withdrew it. */
  "withdrawn",
] as const;
type TransferEndReason = (typeof TRANSFER_END_REASONS)[number];

export const TRANSFER_MESSAGES = {
  invalidLink: "This transfer link is no longer valid",
  invalidLinkText: "It was used, cancelled or replaced by its owner, or it has expired. Nothing has changed.",
  ownPiece: "This piece is already yours.",
  ownLink: "This is your own transfer link: share it with the piece's next owner.",
  accepted: "Transfer complete",
  acceptedText: (name: string) => `${name} is now in your wardrobe.`,
  created: "Transfer link created",
  cancelled: "Transfer cancelled",
  notOwned: "This piece is no longer in your wardrobe.",
  released: "Removed from your wardrobe",
  releasedText: (name: string) => `${name} is now available for its next owner to claim.`,
  requested: "Transfer requested",
  requestedText: "The owner has been asked. If they approve within 14 days, the piece will be yours.",
  alreadyRequested: "You have already asked for this piece. The owner has 14 days to answer.",
  requestLimited: "Too many transfer requests. Please try again tomorrow.",
  requestUnclaimed: "This piece has no owner yet: you can claim it.",
  requestNotFound: "Garment not found",
  approved: "Transfer approved",
  declined: "Request declined",
  requestGone: "This request has already been answered or has expired.",
  requesterGone: "The person who asked no longer has an account.",
  unexpected: "An unexpected error occurred. Please try again.",
} as const;

/**
 * A transfer link's token: the row's id and its HMAC under the server's secret. Nothing secret
 * is stored (the link can be shown again to its owner), and a forged or truncated token fails
 * the HMAC before any query. Each link is a new row, so a new link never revives an old one.
 */
export const transferToken = (secret: string, id: number): Promise<string> => signedIdToken(secret, "transfer", id);

/** The transfer id a token names, or null when it is malformed or its HMAC does not match. */
export const transferIdOf = (secret: string, token: string | null | undefined): Promise<number | null> =>
  signedId(secret, "transfer", token);

/** The path a transfer link opens. */
export const transferPath = (token: string) => `/transfer/${token}`;

/** How each step of a garment's ownership reads for staff (the admin's history dialog). */
export const OWNERSHIP_HOW_LABELS: Record<string, string> = {
  claim: "Claimed",
  registration: "Registered (pool)",
  attach: "Attached by the brand",
  transfer: "Transferred",
  reassign: "Reassigned by an admin",
  release: "Released",
  reset: "QA reset",
  deletion: "Owner deleted their account",
};

/** A garment's ownership history as the admin API answers it (GET /api/admin/garments/:id/ownership). */
export type AdminOwnershipHistory = {
  periods: {
    id: number;
    ownerEmail: string | null;
    startedAt: number;
    startedHow: string;
    endedAt: number | null;
    endedHow: string | null;
  }[];
  transfers: {
    id: number;
    kind: TransferKind;
    /** pending, accepted, declined, cancelled, or expired (a pending one past its time). */
    status: TransferStatus | "expired";
    endReason: TransferEndReason | null;
    fromEmail: string | null;
    toEmail: string | null;
    createdAt: number;
    expiresAt: number;
    decidedAt: number | null;
  }[];
};
