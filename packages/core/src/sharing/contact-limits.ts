import { CONTACT_MESSAGES } from "./contact";

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
/** The per-owner bucket of contact-form posts (the QA e2e run removes what its post counted). */
export const CONTACT_OWNER_BUCKET = "contact_owner";
/** How long the same submission to the same owner through the same door counts as a repeat (issue #28). */
export const CONTACT_REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A post's verdict against the caps: "ok", or the first cap it hit. */
export type RateVerdict = "ok" | "ip" | "sender_owner" | "owner";

/** The spec's (and our) message for a refused post. */
export function contactRateMessage(verdict: Exclude<RateVerdict, "ok">): string {
  if (verdict === "ip") return CONTACT_MESSAGES.rateLimited;
  if (verdict === "sender_owner") return CONTACT_MESSAGES.senderLimited;
  return CONTACT_MESSAGES.ownerBusy;
}
