/**
 * Contact intake (issue #29): the one command every door that files someone's details with an
 * owner goes through: the share card's form, a contact card's `/receive-info`, a share token
 * (public doors: idempotent, counted against the caps), and the programmer's guest capture (an
 * admin's, audited). The card's reads: ./queries.ts; an owner's lists: ../crm/queries.ts.
 */

import { sha256Hex } from "@releve/core/platform/crypto";
import type { DomainEvent } from "@releve/core/platform/events";
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
import { senderNetwork } from "@releve/core/tap/sender-network";
import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../client";
import { type Actor, auditEntry } from "../platform/audit";
import { eventAfterInsert } from "../platform/events";
import { takeLimits } from "../platform/rate-limits";
import { type ContactSource, contacts } from "../schema";

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
  /** The change's event (issue #48), written with the contact; its payload gets the new contact's id. */
  event?: DomainEvent;
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
  event?: DomainEvent;
};

/** What a public door's post did: stored (or a repeat of one stored), with the contact's id, or the cap it hit. */
export type PublicIntake = { status: "stored" | "repeat"; contactId: number } | { status: Exclude<RateVerdict, "ok"> };

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
  const { target, tag, source, form, event } = intake;
  const key = await sha256Hex(JSON.stringify([source, target.ownerUserId, target.garmentId, tag, form]));
  const submission = { key, since: now - CONTACT_REPEAT_WINDOW_MS };
  const repeat = await recentSubmissionId(db, target.ownerUserId, submission);
  if (repeat !== null) return { status: "repeat", contactId: repeat };
  const verdict = await takeContactPost(db, intake.ip, target.ownerUserId, now);
  if (verdict !== "ok") return { status: verdict };
  return insertVisitorContact(db, { target, tag, source, form, submission, ...(event ? { event } : {}) }, now);
}

/** Where a visitor's details are filed: the owner, the garment tapped (if any), the owner's active event. */
export interface ContactTarget {
  ownerUserId: string;
  garmentId: number | null;
  activeEventId: number | null;
}

/**
 * Writes a visitor's details to the owner's contacts (the spec's create_contact_secure); the
 * post was counted against its sender and the owner before (`takeRateSlots`). With a
 * `submission` (a public form's, issue #28), a repeat of the same submission since
 * `submission.since` stores nothing: one D1 batch (a transaction, so of two at once exactly one
 * inserts) clears the key of an older row with it, then inserts unless the key is held.
 * "stored", or "repeat" when nothing was written.
 */
export async function insertVisitorContact(
  db: Db,
  input: {
    target: ContactTarget;
    tag: string | null;
    source: ContactSource;
    form: ContactFormInput;
    submission?: { key: string; since: number };
    /** Written only if the contact is: its payload's `contactId` is the new row's id. */
    event?: DomainEvent;
  },
  now = Date.now(),
): Promise<{ status: "stored" | "repeat"; contactId: number }> {
  const { target, form, submission, event } = input;
  const insert = db
    .insert(contacts)
    .values({
      owner_user_id: target.ownerUserId,
      garment_id: target.garmentId,
      wardrobe_event_id: target.activeEventId,
      first_name: form.first_name,
      last_name: form.last_name,
      email: form.email,
      phone: form.phone,
      instagram: form.instagram,
      linkedin: form.linkedin,
      notes: form.notes,
      consent_data_collection: form.consent_data_collection,
      consent_marketing: form.consent_marketing,
      consent_event_updates: form.consent_event_updates,
      tag_uuid: input.tag,
      contact_source: input.source,
      submission_key: submission?.key ?? null,
      created_at: new Date(now),
    })
    .onConflictDoNothing()
    .returning({ id: contacts.id });
  const recorded = event ? [eventAfterInsert(db, event, "contactId")] : [];
  if (!submission) {
    const [[row]] = await db.batch([insert, ...recorded]);
    if (!row) throw new Error("contact not created");
    return { status: "stored", contactId: row.id };
  }
  const [, inserted] = await db.batch([
    releaseStaleSubmission(db, target.ownerUserId, submission),
    insert,
    ...recorded,
  ]);
  if (inserted[0]) return { status: "stored", contactId: inserted[0].id };
  // The same submission at the same instant: the other request's row stands.
  const held = await recentSubmissionId(db, target.ownerUserId, submission);
  if (held === null) throw new Error("contact neither stored nor held");
  return { status: "repeat", contactId: held };
}

/** An older submission with this key no longer counts as the same one: its key is let go. */
function releaseStaleSubmission(db: Db, ownerUserId: string, submission: { key: string; since: number }) {
  return db
    .update(contacts)
    .set({ submission_key: null })
    .where(
      and(
        eq(contacts.owner_user_id, ownerUserId),
        eq(contacts.submission_key, submission.key),
        lte(contacts.created_at, new Date(submission.since)),
      ),
    );
}

/** The contact holding this submission for the owner, made after `since` (a repeat: no new row, no limit taken), or null. */
async function recentSubmissionId(
  db: Db,
  ownerUserId: string,
  submission: { key: string; since: number },
): Promise<number | null> {
  const row = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.owner_user_id, ownerUserId),
        eq(contacts.submission_key, submission.key),
        gt(contacts.created_at, new Date(submission.since)),
      ),
    )
    .get();
  return row?.id ?? null;
}

/**
 * The programmer's guest capture (spec part 2 §5, issue #18): a guest an admin met at a brand
 * event, filed as the client's contact with source 'nfc_tap', audited; one D1 batch. Its id.
 * Consent is the guest's to give (issue #49): kept for the client who met them, nothing more
 * (marketing and event updates no) until the guest asks.
 */
async function insertCapturedGuest(
  db: Db,
  actor: Actor,
  input: {
    ownerUserId: string;
    eventId: number | null;
    garmentId: number | null;
    tag: string | null;
    guest: { first_name: string; last_name: string; email: string | null; phone: string | null; notes: string | null };
    event?: DomainEvent;
  },
): Promise<number> {
  const [[row]] = await db.batch([
    db
      .insert(contacts)
      .values({
        owner_user_id: input.ownerUserId,
        event_id: input.eventId,
        garment_id: input.garmentId,
        ...input.guest,
        consent_data_collection: true,
        consent_marketing: false,
        consent_event_updates: false,
        tag_uuid: input.tag,
        contact_source: "nfc_tap",
        created_at: new Date(),
      })
      .returning({ id: contacts.id }),
    // The event before the audit entry: it leaves last_insert_rowid() naming the contact.
    ...(input.event ? [eventAfterInsert(db, input.event, "contactId")] : []),
    auditEntry(
      db,
      actor,
      "contact.capture",
      { type: "contact", id: "inserted" },
      null,
      {
        owner_user_id: input.ownerUserId,
        event_id: input.eventId,
        garment_id: input.garmentId,
      },
      input.event?.id,
    ),
  ]);
  if (!row) throw new Error("guest contact not created");
  return row.id;
}
