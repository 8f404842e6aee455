/**
 * Contacts: what visitors leave, the owner's lists, filters, exports and marks.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */

import {
  CONNECTIONS_MAX_ROWS,
  CONTACTS_PAGE_SIZE,
  type ContactedFilter,
  type ContactsQuery,
  type EventFilter,
  EXPORT_MAX_ROWS,
} from "@releve/core/crm/rules";
import type { ContactFormInput } from "@releve/core/sharing/contact";
import { and, count, desc, eq, gt, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { type Actor, auditEntry } from "./audit";
import type { Db } from "./client";
import { containsText } from "./like";
import { events as brandEvents, type ContactSource, contacts, garments, wardrobeEvents } from "./schema";

export interface ContactFilter {
  q: string;
  event: EventFilter;
  contacted: ContactedFilter;
  garmentId?: number | null;
}

const ALL: ContactFilter = { q: "", event: { kind: "all" }, contacted: "all" };

/** The owner's contacts matching the filter; the owner is always the first condition. */
function contactsWhere(userId: string, filter: ContactFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [eq(contacts.owner_user_id, userId)];
  if (filter.q) {
    // What the owner typed is taken literally (`%` and `_` too), at any length D1 is given.
    const term = filter.q;
    // Spec part 2 §2: search by name, email, phone and notes (the visitor's and the owner's).
    const fields = [
      contacts.first_name,
      contacts.last_name,
      // Raw: drizzle has no string concatenation.
      sql`(${contacts.first_name} || ' ' || ${contacts.last_name})`,
      contacts.email,
      contacts.phone,
      contacts.notes,
      contacts.contact_notes,
    ].map((field) => containsText(field, term));
    // Phones are stored normalised (+33611223344); "06 11 22" should still find them.
    const digits = filter.q.replace(/[^\d+]/g, "");
    if (digits.length >= 3 && digits !== filter.q) {
      // Raw: drizzle has no replace().
      fields.push(containsText(sql`replace(${contacts.phone}, ' ', '')`, digits));
    }
    conditions.push(or(...fields));
  }
  // "No event": neither one of the owner's events nor a brand event (a guest captured there).
  if (filter.event.kind === "none") conditions.push(isNull(contacts.wardrobe_event_id), isNull(contacts.event_id));
  if (filter.event.kind === "event") conditions.push(eq(contacts.wardrobe_event_id, filter.event.id));
  if (filter.contacted === "yes") conditions.push(isNotNull(contacts.contacted_at));
  if (filter.contacted === "no") conditions.push(isNull(contacts.contacted_at));
  if (filter.garmentId) conditions.push(eq(contacts.garment_id, filter.garmentId));
  return and(...conditions);
}

/**
 * The owner's contacts as every list shows them, newest first. The joins carry the owner too:
 * a contact row can never pull in another owner's garment or event.
 */
export function selectOwnerContacts(db: Db, userId: string, filter: ContactFilter = ALL) {
  return db
    .select({
      id: contacts.id,
      first_name: contacts.first_name,
      last_name: contacts.last_name,
      email: contacts.email,
      phone: contacts.phone,
      instagram: contacts.instagram,
      linkedin: contacts.linkedin,
      tiktok: contacts.tiktok,
      facebook: contacts.facebook,
      notes: contacts.notes,
      contact_notes: contacts.contact_notes,
      contacted_at: contacts.contacted_at,
      created_at: contacts.created_at,
      garment_id: contacts.garment_id,
      // Raw: coalesce() has no drizzle builder.
      garment_name: sql<string | null>`coalesce(${garments.name}, ${garments.title})`.as("garment_name"),
      // Aliased: in a D1 batch drizzle maps rows by column name, and contacts.id is "id" too.
      event_id: sql<number | null>`${wardrobeEvents.id}`.as("event_id"),
      // The owner's own event; else the brand event an admin captured the guest at (contacts.event_id
      // names `events`, the brand's, never the owner's: issue #18). Raw: coalesce() has no drizzle builder.
      event_name: sql<string | null>`coalesce(${wardrobeEvents.name}, ${brandEvents.name})`.as("event_name"),
      event_date: wardrobeEvents.date,
      brand_event_id: sql<number | null>`${brandEvents.id}`.as("brand_event_id"),
    })
    .from(contacts)
    .leftJoin(garments, and(eq(garments.id, contacts.garment_id), eq(garments.owner_user_id, contacts.owner_user_id)))
    .leftJoin(
      wardrobeEvents,
      and(eq(wardrobeEvents.id, contacts.wardrobe_event_id), eq(wardrobeEvents.owner_user_id, contacts.owner_user_id)),
    )
    .leftJoin(brandEvents, eq(brandEvents.id, contacts.event_id))
    .where(contactsWhere(userId, filter))
    .orderBy(desc(contacts.created_at), desc(contacts.id))
    .$dynamic();
}

/** One contact as the owner's lists show it (every list is filtered to the owner on the server). */
export type OwnerContact = Awaited<ReturnType<typeof selectOwnerContacts>>[number];

const countContacts = (db: Db, userId: string, filter: ContactFilter) =>
  db.select({ n: count() }).from(contacts).where(contactsWhere(userId, filter));

/** The owner's events as the contact filters offer them, by name. */
function selectEventOptions(db: Db, userId: string) {
  return (
    db
      .select({
        id: wardrobeEvents.id,
        name: wardrobeEvents.name,
        date: wardrobeEvents.date,
        is_active: wardrobeEvents.is_active,
      })
      .from(wardrobeEvents)
      .where(eq(wardrobeEvents.owner_user_id, userId))
      // Raw: drizzle has no collation helper.
      .orderBy(sql`${wardrobeEvents.name} COLLATE NOCASE`, wardrobeEvents.id)
  );
}

export type EventOption = Awaited<ReturnType<typeof selectEventOptions>>[number];

const eventKnown = (events: EventOption[], filter: EventFilter) =>
  filter.kind !== "event" || events.some((e) => e.id === filter.id);

export type ContactsPage = {
  contacts: OwnerContact[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  events: EventOption[];
};

/**
 * /dashboard/contacts: one page of the owner's filtered contacts, the filtered total and the
 * owner's events, in ONE D1 batch (three statements). Null when the event filter names an
 * event that is not this owner's (the page answers 404).
 */
export async function listContacts(
  db: Db,
  userId: string,
  query: ContactsQuery,
  pageSize = CONTACTS_PAGE_SIZE,
): Promise<ContactsPage | null> {
  const [rows, [total], events] = await db.batch([
    selectOwnerContacts(db, userId, query)
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    countContacts(db, userId, query),
    selectEventOptions(db, userId),
  ]);
  if (!eventKnown(events, query.event)) return null;
  const n = total?.n ?? 0;
  return {
    contacts: rows,
    total: n,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(n / pageSize)),
    pageSize,
    events,
  };
}

/**
 * Every contact matching the filter (no paging), for CSV and vCard export; null for an
 * event that is not this owner's. Two statements in one batch.
 */
export async function exportContacts(
  db: Db,
  userId: string,
  filter: ContactFilter,
): Promise<{ contacts: OwnerContact[]; event: EventOption | null } | null> {
  const [rows, events] = await db.batch([
    selectOwnerContacts(db, userId, filter).limit(EXPORT_MAX_ROWS),
    selectEventOptions(db, userId),
  ]);
  if (!eventKnown(events, filter.event)) return null;
  const { event } = filter;
  return { contacts: rows, event: event.kind === "event" ? (events.find((e) => e.id === event.id) ?? null) : null };
}

/**
 * /connections: the owner's most recent connections matching the search (optionally one
 * garment's), for grouping by event. Null when the garment is not this owner's.
 */
export async function listConnections(
  db: Db,
  userId: string,
  opts: { q: string; garmentId: number | null },
): Promise<{ contacts: OwnerContact[]; total: number; garment: { id: number; name: string | null } | null } | null> {
  const filter: ContactFilter = { ...ALL, q: opts.q, garmentId: opts.garmentId };
  const [[garment], rows, [total]] = await db.batch([
    db
      .select({ id: garments.id, name: sql<string | null>`coalesce(${garments.name}, ${garments.title})` })
      .from(garments)
      .where(and(eq(garments.id, opts.garmentId ?? 0), eq(garments.owner_user_id, userId))),
    selectOwnerContacts(db, userId, filter).limit(CONNECTIONS_MAX_ROWS),
    countContacts(db, userId, filter),
  ]);
  if (opts.garmentId && !garment) return null;
  return { contacts: rows, total: total?.n ?? 0, garment: garment ?? null };
}

/**
 * 'Mark Contacted' (spec part 2 §4): contacted_at = now, with the optional notes, only on one
 * of this owner's contacts (and, from a garment's page, only one made through that garment).
 * False (nothing changed) for any other id.
 */
export async function markContactContacted(
  db: Db,
  input: { userId: string; contactId: number; notes: string | null; garmentId?: number },
  now = Date.now(),
): Promise<boolean> {
  const row = await db
    .update(contacts)
    .set({ contacted_at: new Date(now), contact_notes: input.notes })
    .where(
      and(
        eq(contacts.id, input.contactId),
        eq(contacts.owner_user_id, input.userId),
        input.garmentId === undefined ? undefined : eq(contacts.garment_id, input.garmentId),
      ),
    )
    .returning({ id: contacts.id })
    .get();
  return row !== undefined;
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
  },
  now = Date.now(),
): Promise<"stored" | "repeat"> {
  const { target, form, submission } = input;
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
  if (!submission) {
    await insert;
    return "stored";
  }
  const [, inserted] = await db.batch([releaseStaleSubmission(db, target.ownerUserId, submission), insert]);
  return inserted.length > 0 ? "stored" : "repeat";
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

/** True when the owner already holds this submission, made after `since` (a repeat: no new row, no limit taken). */
export async function hasRecentSubmission(
  db: Db,
  ownerUserId: string,
  submission: { key: string; since: number },
): Promise<boolean> {
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
  return row !== undefined;
}

/** The owner's latest connections (the dashboard's list): their own, newest first. */
export function listRecentContacts(db: Db, userId: string, limit: number) {
  return selectOwnerContacts(db, userId).limit(limit);
}

/**
 * The programmer's guest capture (spec part 2 §5, issue #18): a guest an admin met at a brand
 * event, filed as the client's contact with source 'nfc_tap' and the spec's default consent
 * (data collection yes, marketing no, event updates yes), audited; one D1 batch. Its id.
 */
export async function insertCapturedGuest(
  db: Db,
  actor: Actor,
  input: {
    ownerUserId: string;
    eventId: number | null;
    garmentId: number | null;
    tag: string | null;
    guest: { first_name: string; last_name: string; email: string | null; phone: string | null; notes: string | null };
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
        consent_event_updates: true,
        tag_uuid: input.tag,
        contact_source: "nfc_tap",
        created_at: new Date(),
      })
      .returning({ id: contacts.id }),
    auditEntry(db, actor, "contact.capture", { type: "contact", id: "inserted" }, null, {
      owner_user_id: input.ownerUserId,
      event_id: input.eventId,
      garment_id: input.garmentId,
    }),
  ]);
  if (!row) throw new Error("guest contact not created");
  return row.id;
}
