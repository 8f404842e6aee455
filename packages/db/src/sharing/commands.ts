/**
 * Contact intake (issue #29): the one command every door that files someone's details with an
 * owner goes through: the share card's form, a contact card's `/receive-info`, a share token
 * (public doors: idempotent, counted against the caps), and the programmer's guest capture (an
 * admin's, audited). Reads of contacts: ../contacts.ts.
 */

import { sha256Hex } from "@releve/core/platform/crypto";
import { senderNetwork } from "@releve/core/sender-network";
import type { ContactFormInput } from "@releve/core/sharing/contact";
import {
  CONTACT_OWNER_BUCKET,
  CONTACT_REPEAT_WINDOW_MS,
  IP_LIMIT,
  IP_WINDOW_MS,
  OWNER_LIMIT,
  OWNER_WINDOW_MS,
  type RateVerdict,
  SENDER_OWNER_LIMIT,
  SENDER_OWNER_WINDOW_MS,
} from "@releve/core/sharing/contact-limits";
import type { Actor } from "../audit";
import type { Db } from "../client";
import { type ContactTarget, hasRecentSubmission, insertCapturedGuest, insertVisitorContact } from "../contacts";
import { takeLimits } from "../rate-limits";

/**
 * Counts one post to `ownerUserId`'s contact forms from `ip` against the sender's burst, the
 * sender's day with that owner and the owner's day, all or none (a refused post counts
 * nowhere, so it cannot use up the owner's day): "ok" when it may be written, else the
 * first cap it hit.
 */
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

/** A visitor's details for one owner, through a public door: where they are filed, the tag named, the door. */
export type PublicContact = {
  door: "public";
  target: ContactTarget;
  tag: string | null;
  source: "nfc_share" | "contact_card" | "share_token";
  form: ContactFormInput;
  /** The sender's address (CF-Connecting-IP), for the caps. */
  ip: string | null;
};

/** A guest an admin met at a brand event, filed with a client (spec part 2 §5). */
export type CapturedContact = {
  door: "capture";
  actor: Actor;
  ownerUserId: string;
  eventId: number | null;
  garmentId: number | null;
  tag: string | null;
  guest: { first_name: string; last_name: string; email: string | null; phone: string | null; notes: string | null };
};

export type PublicIntake = "stored" | "repeat" | Exclude<RateVerdict, "ok">;

/**
 * Files someone's details with an owner.
 * - A public door's post is idempotent (issue #28): the same details sent again to the same
 *   owner through the same door within CONTACT_REPEAT_WINDOW_MS (a double click, a retry) store
 *   nothing more, take no limit and answer "repeat". Otherwise the post is counted against the
 *   caps (a refused one answers the cap it hit) and stored; of two identical posts at once, one is.
 * - A capture is an admin's: stored with the spec's default consent and an audit row, one batch.
 */
export async function takeContact(db: Db, intake: PublicContact, now?: number): Promise<PublicIntake>;
export async function takeContact(db: Db, intake: CapturedContact, now?: number): Promise<{ contactId: number }>;
export async function takeContact(
  db: Db,
  intake: PublicContact | CapturedContact,
  now = Date.now(),
): Promise<PublicIntake | { contactId: number }> {
  if (intake.door === "capture") {
    const { actor, door: _door, ...guest } = intake;
    return { contactId: await insertCapturedGuest(db, actor, guest) };
  }
  const { target, tag, source, form } = intake;
  const key = await sha256Hex(JSON.stringify([source, target.ownerUserId, target.garmentId, tag, form]));
  const submission = { key, since: now - CONTACT_REPEAT_WINDOW_MS };
  if (await hasRecentSubmission(db, target.ownerUserId, submission)) return "repeat";
  const verdict = await takeContactPost(db, intake.ip, target.ownerUserId, now);
  if (verdict !== "ok") return verdict;
  return insertVisitorContact(db, { target, tag, source, form, submission }, now);
}
