import {
  CONNECTIONS_MAX_ROWS,
  CONTACTS_PAGE_SIZE,
  type ContactedFilter,
  type ContactsQuery,
  type EventFilter,
  EXPORT_MAX_ROWS,
} from "@releve/core/crm";
import type { Db } from "@releve/db";

/** One contact as the owner's lists show it (every list is filtered to the owner on the server). */
export interface OwnerContact {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  instagram: string | null;
  linkedin: string | null;
  tiktok: string | null;
  facebook: string | null;
  notes: string | null;
  contact_notes: string | null;
  contacted_at: number | null;
  created_at: number;
  garment_id: number | null;
  garment_name: string | null;
  event_id: number | null;
  event_name: string | null;
  event_date: string | null;
}

export interface EventOption {
  id: number;
  name: string;
  date: string | null;
  is_active: number;
}

const CONTACT_COLUMNS = `c.id, c.first_name, c.last_name, c.email, c.phone, c.instagram, c.linkedin, c.tiktok, c.facebook,
  c.notes, c.contact_notes, c.contacted_at, c.created_at, c.garment_id, coalesce(g.name, g.title) AS garment_name,
  e.id AS event_id, e.name AS event_name, e.date AS event_date`;

// The joins carry the owner too: a contact row can never pull in another owner's garment or event.
const CONTACT_FROM = `FROM contacts c
  LEFT JOIN garments g ON g.id = c.garment_id AND g.owner_user_id = c.owner_user_id
  LEFT JOIN wardrobe_events e ON e.id = c.wardrobe_event_id AND e.owner_user_id = c.owner_user_id`;

const EVENTS_SQL = `SELECT id, name, date, is_active FROM wardrobe_events WHERE owner_user_id = ?1
  ORDER BY name COLLATE NOCASE, id`;

/** `%` and `_` in what the owner typed are literal, not wildcards. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ContactFilter {
  q: string;
  event: EventFilter;
  contacted: ContactedFilter;
  garmentId?: number | null;
}

/** WHERE clause and its parameters; ?1 is always the owner. */
function whereClause(userId: string, filter: ContactFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [userId];
  const parts = ["c.owner_user_id = ?1"];
  const bind = (value: unknown) => {
    params.push(value);
    return `?${params.length}`;
  };
  if (filter.q) {
    const p = bind(likePattern(filter.q));
    const digits = filter.q.replace(/[^\d+]/g, "");
    // Spec part 2 §2: search by name, email, phone and notes (the visitor's and the owner's).
    const fields = [
      "c.first_name",
      "c.last_name",
      "(c.first_name || ' ' || c.last_name)",
      "c.email",
      "c.phone",
      "c.notes",
      "c.contact_notes",
    ].map((f) => `${f} LIKE ${p} ESCAPE '\\'`);
    // Phones are stored normalised (+33611223344); "06 11 22" should still find them.
    if (digits.length >= 3 && digits !== filter.q) fields.push(`replace(c.phone, ' ', '') LIKE ${bind(`%${digits}%`)}`);
    parts.push(`(${fields.join(" OR ")})`);
  }
  if (filter.event.kind === "none") parts.push("c.wardrobe_event_id IS NULL");
  if (filter.event.kind === "event") parts.push(`c.wardrobe_event_id = ${bind(filter.event.id)}`);
  if (filter.contacted === "yes") parts.push("c.contacted_at IS NOT NULL");
  if (filter.contacted === "no") parts.push("c.contacted_at IS NULL");
  if (filter.garmentId) parts.push(`c.garment_id = ${bind(filter.garmentId)}`);
  return { sql: parts.join(" AND "), params };
}

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
  const d1 = db.$client;
  const where = whereClause(userId, query);
  const limit = where.params.length + 1;
  const [rows, count, events] = await d1.batch([
    d1
      .prepare(
        `SELECT ${CONTACT_COLUMNS} ${CONTACT_FROM} WHERE ${where.sql}
          ORDER BY c.created_at DESC, c.id DESC LIMIT ?${limit} OFFSET ?${limit + 1}`,
      )
      .bind(...where.params, pageSize, (query.page - 1) * pageSize),
    d1.prepare(`SELECT count(*) AS n FROM contacts c WHERE ${where.sql}`).bind(...where.params),
    d1.prepare(EVENTS_SQL).bind(userId),
  ]);
  const eventRows = (events?.results ?? []) as EventOption[];
  if (!eventKnown(eventRows, query.event)) return null;
  const total = (count?.results[0] as { n: number } | undefined)?.n ?? 0;
  return {
    contacts: (rows?.results ?? []) as OwnerContact[],
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    pageSize,
    events: eventRows,
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
  const d1 = db.$client;
  const where = whereClause(userId, filter);
  const [rows, events] = await d1.batch([
    d1
      .prepare(
        `SELECT ${CONTACT_COLUMNS} ${CONTACT_FROM} WHERE ${where.sql}
          ORDER BY c.created_at DESC, c.id DESC LIMIT ${EXPORT_MAX_ROWS}`,
      )
      .bind(...where.params),
    d1.prepare(EVENTS_SQL).bind(userId),
  ]);
  const eventRows = (events?.results ?? []) as EventOption[];
  if (!eventKnown(eventRows, filter.event)) return null;
  const event =
    filter.event.kind === "event"
      ? (eventRows.find((e) => e.id === (filter.event as { id: number }).id) ?? null)
      : null;
  return { contacts: (rows?.results ?? []) as OwnerContact[], event };
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
  const d1 = db.$client;
  const where = whereClause(userId, {
    q: opts.q,
    event: { kind: "all" },
    contacted: "all",
    garmentId: opts.garmentId,
  });
  const [garment, rows, count] = await d1.batch([
    d1
      .prepare("SELECT id, coalesce(name, title) AS name FROM garments WHERE id = ?1 AND owner_user_id = ?2")
      .bind(opts.garmentId ?? 0, userId),
    d1
      .prepare(
        `SELECT ${CONTACT_COLUMNS} ${CONTACT_FROM} WHERE ${where.sql}
          ORDER BY c.created_at DESC, c.id DESC LIMIT ${CONNECTIONS_MAX_ROWS}`,
      )
      .bind(...where.params),
    d1.prepare(`SELECT count(*) AS n FROM contacts c WHERE ${where.sql}`).bind(...where.params),
  ]);
  const garmentRow = (garment?.results[0] as { id: number; name: string | null } | undefined) ?? null;
  if (opts.garmentId && !garmentRow) return null;
  return {
    contacts: (rows?.results ?? []) as OwnerContact[],
    total: (count?.results[0] as { n: number } | undefined)?.n ?? 0,
    garment: garmentRow,
  };
}

export interface ConnectionGroup {
  key: string;
  eventId: number | null;
  name: string;
  date: string | null;
  contacts: OwnerContact[];
}

/** Groups by event, newest connection first within and across groups; no event is its own group. */
export function groupByEvent(contacts: OwnerContact[]): ConnectionGroup[] {
  const groups = new Map<string, ConnectionGroup>();
  for (const c of contacts) {
    const key = c.event_id ? `event-${c.event_id}` : "no-event";
    let group = groups.get(key);
    if (!group) {
      group = { key, eventId: c.event_id, name: c.event_name ?? "No event", date: c.event_date, contacts: [] };
      groups.set(key, group);
    }
    group.contacts.push(c);
  }
  return [...groups.values()];
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
  const row = await db.$client
    .prepare(
      `UPDATE contacts SET contacted_at = ?1, contact_notes = ?2
        WHERE id = ?3 AND owner_user_id = ?4 AND (?5 IS NULL OR garment_id = ?5) RETURNING id`,
    )
    .bind(now, input.notes, input.contactId, input.userId, input.garmentId ?? null)
    .first<{ id: number }>();
  return row !== null;
}
