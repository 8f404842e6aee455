/**
 * The CRM, the reads: an owner's contacts with their filters, pages and exports, connections,
 * events and brand events, scan counts (rollups plus the fresh tail), analytics and the admin's
 * dashboard figures. Writes: ./commands.ts.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import {
  CONNECTIONS_PAGE_SIZE,
  CONTACTS_PAGE_SIZE,
  type ContactCursor,
  type ContactedFilter,
  type ContactsQuery,
  EVENT_CONTACTS_SHOWN,
  type EventFilter,
  encodeContactCursor,
  eventDay,
  eventState,
  TAPPED_CONTACT_SOURCES,
} from "@releve/core/crm/rules";
import { formatTextIdCursor, type TextIdCursor } from "@releve/core/platform/keyset";
import { EXPORT_BATCH_ROWS, type ReadBatch, toBatch } from "@releve/core/platform/stream-export";
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  ne,
  not,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { Db } from "../client";
import { claimedBy } from "../platform/claimed-by";
import { olderThan } from "../platform/keyset";
import { containsText } from "../platform/like";
import { ftsPhrase, inColumns, searchRowids } from "../platform/search";
import {
  events as brandEvents,
  contacts,
  events,
  garments,
  jobWatermarks,
  profiles,
  rowCounts,
  scanDailyDimensions,
  scanDailyStats,
  scans,
  wardrobeEvents,
} from "../schema";

export interface ContactFilter {
  q: string;
  event: EventFilter;
  contacted: ContactedFilter;
  garmentId?: number | null;
  /** Only rows older than this one (keyset paging, newest first). */
  before?: ContactCursor | null;
}

const ALL: ContactFilter = { q: "", event: { kind: "all" }, contacted: "all" };

// Spec part 2 §2: search by name, email, phone and notes (the visitor's and the owner's).
const CONTACT_SEARCH_COLUMNS = ["name", "email", "phone", "notes", "contact_notes"];

/** The FTS5 query for `term` over the contact's fields (null below three characters: row by row). */
function contactSearchMatch(term: string): string | null {
  const phrase = ftsPhrase(term);
  if (!phrase) return null;
  // Phones are stored normalised (+33611223344); "06 11 22" should still find them.
  const digits = term.replace(/[^\d+]/g, "");
  const inFields = inColumns(CONTACT_SEARCH_COLUMNS, phrase);
  return digits.length >= 3 && digits !== term ? `(${inFields} OR digits : ${ftsPhrase(digits)})` : inFields;
}

/** The contacts that contain `term` (one or two characters), taken literally (`%` and `_` too), row by row. */
function contactsContaining(term: string): SQL | undefined {
  const digits = term.replace(/[^\d+]/g, "");
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
  // Raw: drizzle has no replace().
  if (digits.length >= 3 && digits !== term)
    fields.push(containsText(sql`replace(${contacts.phone}, ' ', '')`, digits));
  return or(...fields);
}

/** The filter's conditions other than the owner and the search. */
function contactsNarrowedBy(filter: ContactFilter): Array<SQL | undefined> {
  const conditions: Array<SQL | undefined> = [];
  // "No event": neither one of the owner's events nor a brand event (a guest captured there).
  if (filter.event.kind === "none") conditions.push(isNull(contacts.wardrobe_event_id), isNull(contacts.event_id));
  if (filter.event.kind === "event") conditions.push(eq(contacts.wardrobe_event_id, filter.event.id));
  if (filter.contacted === "yes") conditions.push(isNotNull(contacts.contacted_at));
  if (filter.contacted === "no") conditions.push(isNull(contacts.contacted_at));
  if (filter.garmentId) conditions.push(eq(contacts.garment_id, filter.garmentId));
  conditions.push(olderThan(contacts.created_at, contacts.id, filter.before));
  return conditions;
}

// Rows on the contact_search side under which a search page is sorted from what the index found.
const SORTED_FROM_INDEX = 1000;

// Raw: the owner with a unary `+` (drizzle has none) is checked on each row the index found, not
// walked through the owner's index: 50,000 of an owner's rows to find 1 match cost 10 ms (issue #30).
const ownerOnRow = (userId: string) => sql`+${contacts.owner_user_id} = ${userId}`;

/**
 * The ids of one page of the owner's contacts that match `match` (an FTS5 query) and the filter,
 * newest first: the page's ids or, for a search that finds few, all of them. The index is read
 * once (`mine`: the owner's rows among what it found), then one of two ways, by how many those
 * are: up to SORTED_FROM_INDEX they are all passed on and sorted (a rare term costs what it
 * finds); above, the owner's contacts are walked newest first until a page has matched (so many
 * match that a page comes soon). Walking for a rare term read all 50,000 of an owner's contacts
 * (16 ms at brand scale, issue #30); sorting a common one, all its matches.
 * Raw sql: drizzle has no materialized CTE inside a condition, no compound of limited selects,
 * and no LIMIT that is an expression (LIMIT 0 skips a select before it reads a row).
 */
function searchPageIds(userId: string, filter: ContactFilter, match: string, limit: number): SQL {
  const mine = sql`SELECT ${contacts.id} FROM ${contacts}
    WHERE ${ownerOnRow(userId)} AND ${contacts.id} IN (${searchRowids("contact_search", match)})`;
  const many = sql`(SELECT count(*) FROM mine) > ${SORTED_FROM_INDEX}`;
  const walked = sql`SELECT ${contacts.id} FROM ${contacts}
    WHERE ${and(eq(contacts.owner_user_id, userId), sql`${contacts.id} IN mine`, ...contactsNarrowedBy(filter))}
    ORDER BY ${contacts.created_at} DESC, ${contacts.id} DESC LIMIT CASE WHEN ${many} THEN ${limit} ELSE 0 END`;
  return sql`${contacts.id} IN (WITH mine AS MATERIALIZED (${mine})
    SELECT * FROM (${walked}) UNION ALL SELECT id FROM mine WHERE NOT ${many})`;
}

/**
 * The owner's contacts matching the filter; the owner is always the first condition. A search of
 * three characters or more goes through the contact_search index (platform/search.ts): a page of
 * a list through searchPageIds (`limit`), a count checking the owner on each row the index found.
 */
function contactsWhere(userId: string, filter: ContactFilter, limit: number | "count"): SQL | undefined {
  const match = filter.q ? contactSearchMatch(filter.q) : null;
  if (match === null) {
    return and(
      eq(contacts.owner_user_id, userId),
      filter.q ? contactsContaining(filter.q) : undefined,
      ...contactsNarrowedBy(filter),
    );
  }
  const found =
    limit === "count"
      ? sql`${contacts.id} IN (${searchRowids("contact_search", match)})`
      : searchPageIds(userId, filter, match, limit);
  return and(ownerOnRow(userId), found, ...contactsNarrowedBy(filter));
}

/**
 * The owner's contacts as every list shows them, newest first. The events' joins carry the owner
 * too: a contact row can never pull in another owner's event. Its garment is joined by id alone
 * (issue #32): a piece since handed on still shows its name (the brand's), flagged as no longer
 * this owner's, and nothing else of it.
 */
export function selectOwnerContacts(db: Db, userId: string, filter: ContactFilter, limit: number) {
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
      // The piece whatever its owner now (joined by id alone): a contact left on a piece since handed
      // on (issue #32) still names it, marked as no longer this owner's. Raw: a comparison as a flag.
      garment_owned: sql<number>`coalesce(${garments.owner_user_id} = ${contacts.owner_user_id}, 0)`
        .mapWith(Boolean)
        .as("garment_owned"),
      // Aliased: in a D1 batch drizzle maps rows by column name, and contacts.id is "id" too.
      event_id: sql<number | null>`${wardrobeEvents.id}`.as("event_id"),
      // The owner's own event; else the brand event an admin captured the guest at (contacts.event_id
      // names `events`, the brand's, never the owner's: issue #18). Raw: coalesce() has no drizzle builder.
      event_name: sql<string | null>`coalesce(${wardrobeEvents.name}, ${brandEvents.name})`.as("event_name"),
      event_date: wardrobeEvents.date,
      brand_event_id: sql<number | null>`${brandEvents.id}`.as("brand_event_id"),
    })
    .from(contacts)
    .leftJoin(garments, eq(garments.id, contacts.garment_id))
    .leftJoin(
      wardrobeEvents,
      and(eq(wardrobeEvents.id, contacts.wardrobe_event_id), eq(wardrobeEvents.owner_user_id, contacts.owner_user_id)),
    )
    .leftJoin(brandEvents, eq(brandEvents.id, contacts.event_id))
    .where(contactsWhere(userId, filter, limit))
    .orderBy(desc(contacts.created_at), desc(contacts.id))
    .limit(limit);
}

/** One contact as the owner's lists show it (every list is filtered to the owner on the server). */
export type OwnerContact = Awaited<ReturnType<typeof selectOwnerContacts>>[number];

/** How many of the owner's contacts match: a search counts what its index found (see contactsWhere). */
const countContacts = (db: Db, userId: string, filter: ContactFilter) =>
  db
    .select({ n: count() })
    .from(contacts)
    .where(contactsWhere(userId, filter, "count"));

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

/** A page of contacts, newest first, and the cursor of the page after it (null: none). */
export type ContactPage = { contacts: OwnerContact[]; nextCursor: string | null };

/** A page from `size + 1` rows read: the extra row only says there is a page after it. */
export function contactPage(rows: OwnerContact[], size: number): ContactPage {
  const { rows: contacts, next } = toBatch(rows, size, encodeContactCursor);
  return { contacts, nextCursor: next };
}

export type ContactsPage = ContactPage & { total: number; pageSize: number; events: EventOption[] };

/**
 * /dashboard/contacts: one page of the owner's filtered contacts (keyset: those before
 * `query.before`, newest first), the filtered total and the owner's events, in ONE D1 batch
 * (three statements). Null when the event filter names an event that is not this owner's (the
 * page answers 404).
 */
export async function listContacts(
  db: Db,
  userId: string,
  query: ContactsQuery,
  pageSize = CONTACTS_PAGE_SIZE,
): Promise<ContactsPage | null> {
  const [rows, [total], events] = await db.batch([
    selectOwnerContacts(db, userId, query, pageSize + 1),
    countContacts(db, userId, { ...query, before: null }),
    selectEventOptions(db, userId),
  ]);
  if (!eventKnown(events, query.event)) return null;
  return { ...contactPage(rows, pageSize), total: total?.n ?? 0, pageSize, events };
}

/**
 * The owner's contacts matching the filter, one keyset batch at a time from `after` (newest
 * first), for a streamed export (core platform/stream-export.ts).
 */
export function readContactBatches(
  db: Db,
  userId: string,
  filter: ContactFilter,
  size = EXPORT_BATCH_ROWS,
): ReadBatch<OwnerContact, ContactCursor> {
  return async (after) => {
    const rows = await selectOwnerContacts(db, userId, { ...filter, before: after }, size + 1);
    return toBatch(rows, size, (row) => ({ createdAt: row.created_at.getTime(), id: row.id }));
  };
}

/**
 * Every contact matching the filter, for CSV and vCard export: the event it is filtered to,
 * and a reader of its batches (streamed, no cap); null for an event that is not this owner's.
 */
export async function exportContacts(
  db: Db,
  userId: string,
  filter: ContactFilter,
  batchSize = EXPORT_BATCH_ROWS,
): Promise<{ event: EventOption | null; read: ReadBatch<OwnerContact, ContactCursor> } | null> {
  const events = await selectEventOptions(db, userId);
  if (!eventKnown(events, filter.event)) return null;
  const { event } = filter;
  return {
    event: event.kind === "event" ? (events.find((e) => e.id === event.id) ?? null) : null,
    read: readContactBatches(db, userId, filter, batchSize),
  };
}

/**
 * /connections: a page of the owner's connections matching the search (optionally one
 * garment's), newest first from `before` (keyset), for grouping by event, and how many match.
 * Null when the garment is not this owner's.
 */
export async function listConnections(
  db: Db,
  userId: string,
  opts: { q: string; garmentId: number | null; before?: ContactCursor | null },
  pageSize = CONNECTIONS_PAGE_SIZE,
): Promise<(ContactPage & { total: number; garment: { id: number; name: string | null } | null }) | null> {
  const filter: ContactFilter = { ...ALL, q: opts.q, garmentId: opts.garmentId };
  const [[garment], rows, [total]] = await db.batch([
    db
      .select({ id: garments.id, name: sql<string | null>`coalesce(${garments.name}, ${garments.title})` })
      .from(garments)
      .where(and(eq(garments.id, opts.garmentId ?? 0), eq(garments.owner_user_id, userId))),
    selectOwnerContacts(db, userId, { ...filter, before: opts.before }, pageSize + 1),
    countContacts(db, userId, filter),
  ]);
  if (opts.garmentId && !garment) return null;
  return { ...contactPage(rows, pageSize), total: total?.n ?? 0, garment: garment ?? null };
}

/** The owner's latest connections (the dashboard's list): their own, newest first. */
export function listRecentContacts(db: Db, userId: string, limit: number) {
  return selectOwnerContacts(db, userId, ALL, limit);
}

// Per event, the scans tagged with it (scanCounts: fresh rollups) and its contacts. The spec
// counted all of the owner's scans for every event: a defect (issue #8).
function selectEventsWithCounts(db: Db, userId: string, eventId?: number) {
  const eventScans = scanCounts(db, { owner: userId, event: eventId }, { by: "wardrobe_event_id" }).as("event_scans");
  return db
    .select({
      id: wardrobeEvents.id,
      name: wardrobeEvents.name,
      description: wardrobeEvents.description,
      location: wardrobeEvents.location,
      date: wardrobeEvents.date,
      is_active: wardrobeEvents.is_active,
      created_at: wardrobeEvents.created_at,
      // Raw: coalesce() has no drizzle helper; an event without scans has no row to join.
      scans: sql<number>`coalesce(${eventScans.all_scans}, 0)`.as("scans"),
      contacts: db
        .$count(contacts, and(eq(contacts.wardrobe_event_id, wardrobeEvents.id), eq(contacts.owner_user_id, userId)))
        .as("contacts"),
    })
    .from(wardrobeEvents)
    .leftJoin(eventScans, eq(eventScans.key, wardrobeEvents.id))
    .where(
      and(eq(wardrobeEvents.owner_user_id, userId), eventId === undefined ? undefined : eq(wardrobeEvents.id, eventId)),
    )
    .orderBy(
      isNull(wardrobeEvents.date),
      desc(wardrobeEvents.date),
      desc(wardrobeEvents.created_at),
      desc(wardrobeEvents.id),
    );
}

/** One of the owner's events with its counts: `scans` are those tagged with it, not all of the owner's. */
export type OwnerEvent = Awaited<ReturnType<typeof selectEventsWithCounts>>[number];

export const selectActiveEventId = (db: Db, userId: string) =>
  db.select({ active_event_id: profiles.active_event_id }).from(profiles).where(eq(profiles.user_id, userId));

/** /dashboard/events: the owner's events with their counts and the active event, in one D1 batch. */
export async function listEvents(
  db: Db,
  userId: string,
  now: Date | number = Date.now(),
): Promise<{ events: OwnerEvent[]; activeEventId: number | null }> {
  const [events, [profile]] = await db.batch([selectEventsWithCounts(db, userId), selectActiveEventId(db, userId)]);
  const chosen = profile?.active_event_id ?? null;
  // Only the chosen event, still the owner's, switched on and not over, tags anything (issue #49).
  const today = eventDay(now);
  const activeEventId = events.some((e) => eventState(e, chosen, today) === "active") ? chosen : null;
  return { events, activeEventId };
}

export interface EventDetail {
  event: OwnerEvent;
  active: boolean;
  scansByDay: Array<{ day: string; scans: number }>;
  contacts: OwnerContact[];
}

/**
 * /dashboard/events/:id: the event with its counts, its scans per UTC day (scanCounts) and its
 * most recent contacts, in one D1 batch; null unless the event is this owner's.
 */
export async function loadEventDetail(db: Db, userId: string, eventId: number): Promise<EventDetail | null> {
  const [[event], [profile], days, eventContacts] = await db.batch([
    selectEventsWithCounts(db, userId, eventId),
    selectActiveEventId(db, userId),
    scanCounts(db, { owner: userId, event: eventId }, { by: "day" }),
    selectOwnerContacts(
      db,
      userId,
      { q: "", event: { kind: "event", id: eventId }, contacted: "all" },
      EVENT_CONTACTS_SHOWN,
    ),
  ]);
  if (!event) return null;
  const active = profile?.active_event_id ?? null;
  const scansByDay = days.map((d) => ({ day: d.key, scans: d.all_scans }));
  return {
    event,
    active: eventState(event, active, eventDay(Date.now())) === "active",
    scansByDay,
    contacts: eventContacts,
  };
}

/** Every brand event: active ones first, then by date (undated last), newest first. */
export function listBrandEvents(db: Db) {
  return db
    .select({
      id: events.id,
      name: events.name,
      datetime: events.datetime,
      is_active: events.is_active,
      created_at: events.created_at,
    })
    .from(events)
    .orderBy(desc(events.is_active), isNull(events.datetime), desc(events.datetime), desc(events.id));
}

/** A brand event's id if it exists and is active (a guest is filed only under an active event). */
export async function activeBrandEventId(db: Db, id: number): Promise<number | null> {
  const row = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, id), eq(events.is_active, true)))
    .get();
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Scan counts: the one definition every page counts with (issue #16, decision 0028).
// ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** A UTC day as the rollups key it (YYYY-MM-DD). */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whose scans: an owner's, one garment's or one event's of that owner, or (`{}`) the whole system's. */
export interface ScanSubject {
  owner?: string;
  garment?: number;
  event?: number;
}

/** What scans can be grouped by: a garment, an event, a UTC day. */
export type ScanKey = "garment_id" | "wardrobe_event_id" | "day";

/**
 * The count windows at `now`, in UTC days as the rollups keep them: today, the last 7 and the
 * last 30 days (today included), each from its first day (and that day's first instant, for
 * rows that have a timestamp). "All time" has no bound.
 */
function scanWindows(now: number) {
  const startOfToday = Date.parse(`${utcDay(now)}T00:00:00Z`);
  const lastDays = (days: number) => {
    const ms = startOfToday - (days - 1) * DAY_MS;
    return { day: utcDay(ms), ms };
  };
  return { today: lastDays(1), week: lastDays(7), month: lastDays(30) };
}

/** The rollup's name in job_watermarks: the scans up to its mark are in scan_daily_stats. */
export const SCAN_ROLLUP_JOB = "scan_daily_stats";

const watermark = (db: Db) =>
  db
    .select({ value: sql<number>`CAST(${jobWatermarks.value} AS INTEGER)` })
    .from(jobWatermarks)
    .where(eq(jobWatermarks.name, SCAN_ROLLUP_JOB));

/**
 * Scans of `subject` (from day `since`) as rows shaped like scan_daily_stats: the rollups up
 * to the rollup's watermark, plus the raw scans stored after it (a rowid range: at most one
 * cron period of rows). Read in one statement, so a rollup that runs meanwhile moves a scan
 * from one side to the other and it is counted exactly once.
 */
function freshScans(db: Db, subject: ScanSubject, since?: string) {
  const s = scanDailyStats;
  const rolledUp = db
    .select({
      day: s.day,
      garment_id: s.garment_id,
      wardrobe_event_id: s.wardrobe_event_id,
      scans: s.scans,
      visitor: sql<number>`${s.visitor_scans} + ${s.anonymous_scans}`.as("visitor"),
    })
    .from(s)
    .where(
      and(
        subject.owner === undefined ? undefined : eq(s.owner_user_id, subject.owner),
        subject.garment === undefined ? undefined : eq(s.garment_id, subject.garment),
        subject.event === undefined ? undefined : eq(s.wardrobe_event_id, subject.event),
        since === undefined ? undefined : gte(s.day, since),
      ),
    );
  // Raw sql: the rollup's own day and kinds, the rowid, and `+column`, which keeps SQLite on the
  // rowid range (an index on the column would walk every scan of the subject instead).
  const unindexed = (column: SQLWrapper) => sql`+${column}`;
  const notRolledUp = db
    .select({
      day: sql<string>`strftime('%Y-%m-%d', ${scans.created_at} / 1000, 'unixepoch')`.as("day"),
      garment_id: sql<number>`coalesce(${scans.garment_id}, 0)`.as("garment_id"),
      wardrobe_event_id: sql<number>`coalesce(${scans.wardrobe_event_id}, 0)`.as("wardrobe_event_id"),
      scans: sql<number>`1`.as("scans"),
      visitor: sql<number>`${scans.viewer_kind} IN ('visitor', 'anonymous')`.as("visitor"),
    })
    .from(scans)
    .where(
      and(
        sql`${scans}.rowid > coalesce((${watermark(db)}), 0)`,
        subject.owner === undefined ? undefined : eq(unindexed(scans.owner_user_id), subject.owner),
        subject.garment === undefined ? undefined : eq(unindexed(scans.garment_id), subject.garment),
        subject.event === undefined ? undefined : eq(unindexed(scans.wardrobe_event_id), subject.event),
        since === undefined ? undefined : gte(unindexed(scans.created_at), Date.parse(`${since}T00:00:00Z`)),
      ),
    );
  return rolledUp.unionAll(notRolledUp).as("fresh");
}

/**
 * THE answer to "scans of X in window W", for every page that shows a count (dashboard,
 * wardrobe, garment, events, analytics, admin): all scans and visitor taps (anyone's but the
 * owner's) of `subject` today, in the last 7 and 30 days and all time (scanWindows), from
 * fresh rollups (freshScans). One row, or with `by` one row per garment, event or day (`key`);
 * `since` (a UTC day) leaves earlier days out. A statement, to put in the page's one D1 batch
 * or to join as a subquery.
 */
export function scanCounts<K extends ScanKey = never>(
  db: Db,
  subject: ScanSubject,
  opts: { now?: number; by?: K; since?: string } = {},
) {
  const fresh = freshScans(db, subject, opts.since);
  const w = scanWindows(opts.now ?? Date.now());
  // Raw: a conditional aggregate (CASE inside sum) has no drizzle helper. Aliased: a D1 batch maps rows by name.
  const sumFrom = (day: string | null, value: SQLWrapper) =>
    day === null
      ? sql<number>`coalesce(sum(${value}), 0)`
      : sql<number>`coalesce(sum(CASE WHEN ${fresh.day} >= ${day} THEN ${value} END), 0)`;
  const key = opts.by === undefined ? sql`NULL` : fresh[opts.by];
  const query = db
    .select({
      key: sql<[K] extends [never] ? null : K extends "day" ? string : number>`${key}`.as("key"),
      today_scans: sumFrom(w.today.day, fresh.scans).as("today_scans"),
      today_visitor: sumFrom(w.today.day, fresh.visitor).as("today_visitor"),
      week_scans: sumFrom(w.week.day, fresh.scans).as("week_scans"),
      week_visitor: sumFrom(w.week.day, fresh.visitor).as("week_visitor"),
      month_scans: sumFrom(w.month.day, fresh.scans).as("month_scans"),
      month_visitor: sumFrom(w.month.day, fresh.visitor).as("month_visitor"),
      all_scans: sumFrom(null, fresh.scans).as("all_scans"),
      all_visitor: sumFrom(null, fresh.visitor).as("all_visitor"),
    })
    .from(fresh)
    .$dynamic();
  return opts.by === undefined ? query : query.groupBy(key).orderBy(key);
}

/** A garment's all-time scans and contact count (the garment page's figures; its last scan is the newest of selectRecentGarmentScans). */
export function selectGarmentScanStats(db: Db, garmentId: number, userId: string) {
  const counts = scanCounts(db, { owner: userId, garment: garmentId }).as("counts");
  return db
    .select({
      scans: counts.all_scans,
      contacts: db
        .$count(contacts, and(eq(contacts.garment_id, garmentId), eq(contacts.owner_user_id, userId)))
        .as("contacts"),
    })
    .from(counts);
}

/** A garment's ten most recent scans. */
export function selectRecentGarmentScans(db: Db, garmentId: number, userId: string) {
  return db
    .select({
      id: scans.id,
      created_at: scans.created_at,
      scan_type: scans.scan_type,
      viewer_kind: scans.viewer_kind,
      city: scans.city,
      browser: scans.browser,
    })
    .from(scans)
    .where(and(eq(scans.garment_id, garmentId), eq(scans.owner_user_id, userId)))
    .orderBy(desc(scans.created_at))
    .limit(10);
}

const TOP_LIMIT = 5;

/** A contact that came through a counted tap (TAPPED_CONTACT_SOURCES): what conversion counts. */
const tapped = inArray(contacts.contact_source, [...TAPPED_CONTACT_SOURCES]);

/** The analytics page's bounds: its instant (the count windows, scanWindows) and the first UTC days of the chart and of the top lists. */
export interface AnalyticsBounds {
  now: number;
  chartFrom: string;
  topFrom: string;
}

/**
 * /dashboard/analytics in ONE D1 batch of four statements. Every scan figure is scanCounts
 * (fresh rollups: the rollups plus the scans since the last run); contact counts are an
 * indexed range of the owner's contacts over the same windows.
 */
export async function ownerAnalytics(db: Db, userId: string, bounds: AnalyticsBounds) {
  const windows = scanWindows(bounds.now);
  const owner = { owner: userId };
  const counts = scanCounts(db, owner, { now: bounds.now }).as("counts");
  // One pass over the owner's contacts: each window's contacts through a tap, which conversion
  // counts, and the others, reported apart (issue #35). Raw: a conditional count has no drizzle helper.
  const contactsIf = (ms: number | null, throughTap: boolean) => {
    const source = throughTap ? tapped : not(tapped);
    return ms === null
      ? sql<number>`count(CASE WHEN ${source} THEN 1 END)`
      : sql<number>`count(CASE WHEN ${contacts.created_at} >= ${ms} AND ${source} THEN 1 END)`;
  };
  const contactCounts = db
    .select({
      today_contacts: contactsIf(windows.today.ms, true).as("today_contacts"),
      today_other_contacts: contactsIf(windows.today.ms, false).as("today_other_contacts"),
      week_contacts: contactsIf(windows.week.ms, true).as("week_contacts"),
      week_other_contacts: contactsIf(windows.week.ms, false).as("week_other_contacts"),
      month_contacts: contactsIf(windows.month.ms, true).as("month_contacts"),
      month_other_contacts: contactsIf(windows.month.ms, false).as("month_other_contacts"),
      all_contacts: contactsIf(null, true).as("all_contacts"),
      all_other_contacts: contactsIf(null, false).as("all_other_contacts"),
    })
    .from(contacts)
    .where(eq(contacts.owner_user_id, userId))
    .as("contact_counts");
  // Every computed column is aliased: in a D1 batch drizzle maps rows by column name.
  const totals = db
    .select({
      today_scans: counts.today_scans,
      today_visitor: counts.today_visitor,
      week_scans: counts.week_scans,
      week_visitor: counts.week_visitor,
      month_scans: counts.month_scans,
      month_visitor: counts.month_visitor,
      all_scans: counts.all_scans,
      all_visitor: counts.all_visitor,
      today_contacts: contactCounts.today_contacts,
      today_other_contacts: contactCounts.today_other_contacts,
      week_contacts: contactCounts.week_contacts,
      week_other_contacts: contactCounts.week_other_contacts,
      month_contacts: contactCounts.month_contacts,
      month_other_contacts: contactCounts.month_other_contacts,
      all_contacts: contactCounts.all_contacts,
      all_other_contacts: contactCounts.all_other_contacts,
    })
    .from(counts)
    .crossJoin(contactCounts);

  const byDay = scanCounts(db, owner, { now: bounds.now, by: "day", since: bounds.chartFrom });

  // All-time conversion per garment (currently owned) and per event, in one statement; contacts
  // through a tap apart from the others, as above.
  const garmentContacts = (throughTap: boolean) =>
    db.$count(
      contacts,
      and(eq(contacts.garment_id, garments.id), eq(contacts.owner_user_id, userId), throughTap ? tapped : not(tapped)),
    );
  const eventContacts = (throughTap: boolean) =>
    db.$count(
      contacts,
      and(
        eq(contacts.wardrobe_event_id, wardrobeEvents.id),
        eq(contacts.owner_user_id, userId),
        throughTap ? tapped : not(tapped),
      ),
    );
  const byGarment = scanCounts(db, owner, { now: bounds.now, by: "garment_id" }).as("garment_counts");
  const byEvent = scanCounts(db, owner, { now: bounds.now, by: "wardrobe_event_id" }).as("event_counts");
  const conversion = db
    .select({
      kind: sql<"garment" | "event">`'garment'`.as("kind"),
      id: garments.id,
      name: sql<string>`coalesce(${garments.name}, ${garments.title}, ${garments.short_slug})`.as("name"),
      visitor_scans: sql<number>`coalesce(${byGarment.all_visitor}, 0)`.as("visitor_scans"),
      contacts: garmentContacts(true).as("contacts"),
      other_contacts: garmentContacts(false).as("other_contacts"),
    })
    .from(garments)
    .leftJoin(byGarment, eq(byGarment.key, garments.id))
    .where(claimedBy(userId))
    .unionAll(
      db
        .select({
          kind: sql<"garment" | "event">`'event'`.as("kind"),
          id: wardrobeEvents.id,
          name: sql<string>`${wardrobeEvents.name}`.as("name"),
          visitor_scans: sql<number>`coalesce(${byEvent.all_visitor}, 0)`.as("visitor_scans"),
          contacts: eventContacts(true).as("contacts"),
          other_contacts: eventContacts(false).as("other_contacts"),
        })
        .from(wardrobeEvents)
        .leftJoin(byEvent, eq(byEvent.key, wardrobeEvents.id))
        .where(eq(wardrobeEvents.owner_user_id, userId)),
    );

  // The owner's visitors' scans per city and per browser from the first day of the window: the
  // rollup's (scan_daily_dimensions, issue #30) plus the scans stored since its last run, as
  // every other figure (the rowid range above the watermark; `+column` keeps SQLite on it).
  const top = (kind: "city" | "browser") => {
    const d = scanDailyDimensions;
    const rolledUp = db
      .select({ label: d.value, scans: d.scans })
      .from(d)
      .where(and(eq(d.owner_user_id, userId), eq(d.dimension, kind), gte(d.day, bounds.topFrom)));
    // Raw sql: the rowid, `+column` and coalesce() have no drizzle builder.
    const notRolledUp = db
      .select({
        label: sql<string>`coalesce(${scans[kind]}, 'Unknown')`.as("label"),
        scans: sql<number>`1`.as("scans"),
      })
      .from(scans)
      .where(
        and(
          sql`${scans}.rowid > coalesce((${watermark(db)}), 0)`,
          eq(sql`+${scans.owner_user_id}`, userId),
          gte(sql`+${scans.created_at}`, Date.parse(`${bounds.topFrom}T00:00:00Z`)),
          ne(scans.viewer_kind, "owner"),
        ),
      );
    const fresh = rolledUp.unionAll(notRolledUp).as(`fresh_${kind}`);
    const n = sql<number>`sum(${fresh.scans})`;
    const ranked = db
      .select({ kind: sql<"city" | "browser">`${kind}`.as("kind"), label: fresh.label, scans: n.as("scans") })
      .from(fresh)
      .groupBy(fresh.label)
      .orderBy(desc(n), fresh.label)
      .limit(TOP_LIMIT)
      .as(`top_${kind}`);
    return db.select().from(ranked);
  };

  const [[t], days, conversionRows, topRows] = await db.batch([
    totals,
    byDay,
    conversion,
    top("city").unionAll(top("browser")),
  ]);
  return { totals: t, byDay: days, conversion: conversionRows, top: topRows };
}

// ---------------------------------------------------------------------------------------------
// Admin portal: scan history and the NFC dashboard's counts (issue #9).
// ---------------------------------------------------------------------------------------------

/**
 * A page of raw scans, newest first (created_at, then id) after `before` (keyset), with their
 * garment and the garment owner's names, and the cursor of the page after it.
 */
export async function listRecentScans(
  db: Db,
  limit: number,
  filter: { suspect?: boolean; before?: TextIdCursor | null } = {},
) {
  const rows = await db
    .select({
      id: scans.id,
      created_at: scans.created_at,
      short_slug: scans.short_slug,
      viewer_kind: scans.viewer_kind,
      // 'missing': the garment's tag was reported lost or stolen when it was tapped (issue #18);
      // 'suspect': a secure garment's tap that did not verify, with its reason (issue #21).
      scan_type: scans.scan_type,
      suspect_reason: scans.suspect_reason,
      city: scans.city,
      country: scans.country,
      browser: scans.browser,
      garment_id: garments.id,
      // coalesce() has no drizzle builder.
      garment_name: sql<string | null>`coalesce(${garments.title}, ${garments.name})`,
      brand: garments.brand,
      display_name: profiles.display_name,
      first_name: profiles.first_name,
      last_name: profiles.last_name,
      owner_user_id: scans.owner_user_id,
    })
    .from(scans)
    .leftJoin(garments, eq(garments.id, scans.garment_id))
    .leftJoin(profiles, eq(profiles.user_id, scans.owner_user_id))
    .where(
      and(
        // Only the counterfeit alerts (scans_scan_type_created_at_idx).
        filter.suspect ? eq(scans.scan_type, "suspect") : undefined,
        olderThan(scans.created_at, scans.id, filter.before),
      ),
    )
    .orderBy(desc(scans.created_at), desc(scans.id))
    .limit(limit + 1);
  const { rows: page, next } = toBatch(rows, limit, (row) =>
    formatTextIdCursor({ createdAt: row.created_at.getTime(), id: row.id }),
  );
  return { rows: page, nextCursor: next };
}

/**
 * The NFC dashboard's counts of garments, profiles and scans, all time and over the last 7 and
 * 30 UTC days (the same windows as every other page), in one batch. Garments and profiles are
 * the counts the triggers keep (row_counts, issue #30): a handful of rows read, not a table
 * counted. Scans are scanCounts of the whole system (fresh rollups).
 */
export async function adminDashboardCounts(db: Db, now = Date.now()) {
  const { week, month } = scanWindows(now);
  // Raw sql: drizzle has no conditional sum. The all-time count is the row of day ''.
  const kept = (kind: "garments" | "profiles") =>
    db
      .select({
        total: sql<number>`coalesce(sum(CASE WHEN ${rowCounts.day} = '' THEN ${rowCounts.n} END), 0)`.as("total"),
        last7: sql<number>`coalesce(sum(CASE WHEN ${rowCounts.day} >= ${week.day} THEN ${rowCounts.n} END), 0)`.as(
          "last7",
        ),
        last30: sql<number>`coalesce(sum(CASE WHEN ${rowCounts.day} >= ${month.day} THEN ${rowCounts.n} END), 0)`.as(
          "last30",
        ),
      })
      .from(rowCounts)
      .where(and(eq(rowCounts.kind, kind), or(eq(rowCounts.day, ""), gte(rowCounts.day, month.day))));
  const all = scanCounts(db, {}, { now }).as("counts");
  const [[garmentCounts], [profileCounts], [scanTotals]] = await db.batch([
    kept("garments"),
    kept("profiles"),
    db.select({ total: all.all_scans, last7: all.week_scans, last30: all.month_scans }).from(all),
  ]);
  const none = { total: 0, last7: 0, last30: 0 };
  return { garments: garmentCounts ?? none, profiles: profileCounts ?? none, scans: scanTotals ?? none };
}
