/**
 * The CRM, the writes: marking a contact contacted, events and the active event, brand events,
 * and the scan rollup (the cron's). Reads: ./queries.ts.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import type { CreateEventInput } from "@releve/core/crm/rules";
import type { DomainEvent } from "@releve/core/platform/events";
import { and, eq, exists, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { type Actor, auditEntry } from "../platform/audit";
import type { D1Like } from "../platform/binding-types";
import { eventAfterInsert, eventEntry, eventIfChanged } from "../platform/events";
import { contacts, domainEvents, events, profiles, wardrobeEvents } from "../schema";
import { keepOwnerTapTrue, type TapStores } from "../tap/cache";
import { SCAN_ROLLUP_JOB, selectActiveEventId } from "./queries";

/**
 * 'Mark Contacted' (spec part 2 §4): contacted_at = now, with the optional notes, only on one
 * of this owner's contacts (and, from a garment's page, only one made through that garment).
 * False (nothing changed) for any other id. `event`, when given, is written in the same batch,
 * only if the contact changed, naming the contact's garment.
 */
export async function markContactContacted(
  db: Db,
  input: { userId: string; contactId: number; notes: string | null; garmentId?: number },
  now = Date.now(),
  event?: DomainEvent,
): Promise<boolean> {
  const [rows] = await db.batch([
    db
      .update(contacts)
      .set({ contacted_at: new Date(now), contact_notes: input.notes })
      .where(
        and(
          eq(contacts.id, input.contactId),
          eq(contacts.owner_user_id, input.userId),
          input.garmentId === undefined ? undefined : eq(contacts.garment_id, input.garmentId),
        ),
      )
      .returning({ id: contacts.id }),
    ...(event ? [eventIfContactChanged(db, event, input.contactId)] : []),
  ]);
  return rows.length > 0;
}

/**
 * Edits the owner's notes on a contact already marked contacted (spec part 2 §8 'Contact
 * Updated'); the date it was contacted stays. False when the contact is not this owner's (or not
 * this garment's, with `garmentId`), or not yet contacted: nothing changes. `event`, when given,
 * is written in the same batch, only if the notes were saved, naming the contact's garment.
 */
export async function updateContactNotes(
  db: Db,
  input: { userId: string; contactId: number; notes: string | null; garmentId?: number },
  event?: DomainEvent,
): Promise<boolean> {
  const [rows] = await db.batch([
    db
      .update(contacts)
      .set({ contact_notes: input.notes })
      .where(
        and(
          eq(contacts.id, input.contactId),
          eq(contacts.owner_user_id, input.userId),
          isNotNull(contacts.contacted_at),
          input.garmentId === undefined ? undefined : eq(contacts.garment_id, input.garmentId),
        ),
      )
      .returning({ id: contacts.id }),
    ...(event ? [eventIfContactChanged(db, event, input.contactId)] : []),
  ]);
  return rows.length > 0;
}

/**
 * The event of a contact's UPDATE just before it in the batch: written only if that UPDATE
 * changed a row (`changes()`), naming the contact's garment (read from its row, so a caller
 * without the garment's id still names it).
 */
function eventIfContactChanged(db: Db, event: DomainEvent, contactId: number) {
  // Raw: INSERT ... SELECT on changes(), with the garment from the contact's row, which drizzle cannot say.
  return db.insert(domainEvents).select(
    sql`SELECT ${event.id}, ${event.type}, ${contacts.garment_id}, ${event.subjects.productId ?? null},
      ${event.subjects.tagId ?? null}, ${event.actor.kind}, ${event.actor.id}, ${event.personId}, ${event.at.getTime()},
      ${JSON.stringify(event.payload)}, NULL FROM ${contacts} WHERE ${contacts.id} = ${contactId} AND changes() > 0`,
  );
}

/**
 * Adds one of the owner's own events (/dashboard/events), active; its id. `event`, when given, is
 * written in the same batch with the new id at `payload.eventId`.
 */
export async function createEvent(
  db: Db,
  userId: string,
  input: CreateEventInput,
  event?: DomainEvent,
): Promise<number> {
  const [[row]] = await db.batch([
    db
      .insert(wardrobeEvents)
      .values({
        owner_user_id: userId,
        name: input.name,
        description: input.description,
        location: input.location,
        date: input.date,
        is_active: true,
      })
      .returning({ id: wardrobeEvents.id }),
    ...(event ? [eventAfterInsert(db, event, "eventId")] : []),
  ]);
  if (!row) throw new Error("wardrobe event not created");
  return row.id;
}

export type SetActiveResult = "set" | "cleared" | "not_found" | "no_profile";

/**
 * Persists the owner's active event (or clears it) and rewrites the owner's tap records, so
 * the very next tap carries it into its scan, as the next share-page contact does
 * (docs/product.md, /dashboard/events: an active event tags every new scan and contact).
 * Only one of this owner's events that is flagged active can be chosen. `event`, when given, is
 * written in the same batch, only if the owner's profile changed.
 */
export async function setActiveEvent(
  db: Db,
  stores: TapStores,
  userId: string,
  eventId: number | null,
  event?: DomainEvent,
): Promise<SetActiveResult> {
  const chosen =
    eventId === null
      ? undefined
      : exists(
          db
            .select({ id: wardrobeEvents.id })
            .from(wardrobeEvents)
            .where(
              and(
                eq(wardrobeEvents.id, eventId),
                eq(wardrobeEvents.owner_user_id, userId),
                eq(wardrobeEvents.is_active, true),
                // Not over (issue #49). Raw: SQLite's date('now'); events hold their day as YYYY-MM-DD.
                or(isNull(wardrobeEvents.date), sql`${wardrobeEvents.date} >= date('now')`),
              ),
            ),
        );
  const [rows] = await db.batch([
    db
      .update(profiles)
      .set({ active_event_id: eventId, updated_at: new Date() })
      .where(and(eq(profiles.user_id, userId), chosen))
      .returning({ id: profiles.id }),
    ...(event ? [eventIfChanged(db, event)] : []),
  ]);
  if (rows.length === 0) {
    if (eventId === null) return "no_profile";
    const profile = await selectActiveEventId(db, userId).get();
    return profile ? "not_found" : "no_profile";
  }
  await keepOwnerTapTrue(stores, userId);
  return eventId === null ? "cleared" : "set";
}

// ---------------------------------------------------------------------------------------------
// Brand events (admin-managed, issue #18): the programmer's active-events selector and the
// event a guest capture is filed under.
// ---------------------------------------------------------------------------------------------

/** Adds a brand event, audited in the same batch; the stored row. */
export async function createBrandEvent(
  db: Db,
  actor: Actor,
  input: { name: string; datetime: Date | null; is_active: boolean },
  event?: DomainEvent,
) {
  const [[row]] = await db.batch([
    db
      .insert(events)
      .values({ ...input, created_at: new Date() })
      .returning(),
    // The event before the audit entry: both name the new brand event (last_insert_rowid()).
    ...(event ? [eventAfterInsert(db, event, "brandEventId")] : []),
    auditEntry(
      db,
      actor,
      "event.create",
      { type: "event", id: "inserted" },
      null,
      {
        name: input.name,
        datetime: input.datetime?.getTime() ?? null,
        is_active: input.is_active,
      },
      event?.id,
    ),
  ]);
  if (!row) throw new Error("brand event not created");
  return row;
}

/**
 * Opens or closes a brand event (issue #35; a closed one files no guest), audited in the same
 * batch; the stored row, or undefined when no event has the id.
 */
export async function setBrandEventActive(db: Db, actor: Actor, id: number, isActive: boolean, event?: DomainEvent) {
  const before = await db.select({ is_active: events.is_active }).from(events).where(eq(events.id, id)).get();
  if (!before) return undefined;
  const [[row]] = await db.batch([
    db.update(events).set({ is_active: isActive }).where(eq(events.id, id)).returning(),
    auditEntry(
      db,
      actor,
      isActive ? "event.open" : "event.close",
      { type: "event", id },
      { is_active: before.is_active },
      { is_active: isActive },
      event?.id,
    ),
    ...(event ? [eventEntry(db, event)] : []),
  ]);
  return row;
}

// Raw SQL on the binding: an INSERT … SELECT … GROUP BY … ON CONFLICT guarded by a watermark
// compare-and-set over scans.rowid, batched; drizzle 0.45's D1 batch() cannot bind raw `sql`.

// The watermark is the last `scans.rowid` rolled up. Rows are appended with increasing rowids
// in the order they are stored, so a scan that reaches D1 late (queue retries) still lands
// above the watermark; `WHERE rowid > ?` walks the table's own b-tree, so a run costs what
// the new rows cost, whatever the table's size. (Deleting the newest scans could let SQLite
// reuse their rowids; scans are never deleted, only their references nulled.)
const READ_WATERMARK_SQL = "SELECT CAST(value AS INTEGER) AS value FROM job_watermarks WHERE name = ?1";
const MAX_ROWID_SQL = "SELECT max(rowid) AS value FROM scans";

// Both statements carry the watermark they started from and do nothing if another run has
// moved it since (compare-and-set inside one D1 batch, i.e. one transaction): overlapping or
// repeated runs never count a scan twice.
const UPSERT_STATS_SQL = `INSERT INTO scan_daily_stats (day, garment_id, owner_user_id, wardrobe_event_id,
  scans, owner_scans, visitor_scans, anonymous_scans, updated_at)
SELECT strftime('%Y-%m-%d', s.created_at / 1000, 'unixepoch'),
  coalesce(s.garment_id, 0), coalesce(s.owner_user_id, ''), coalesce(s.wardrobe_event_id, 0),
  count(*), sum(s.viewer_kind = 'owner'), sum(s.viewer_kind = 'visitor'), sum(s.viewer_kind = 'anonymous'), ?4
FROM scans s
WHERE s.rowid > ?1 AND s.rowid <= ?2
  AND coalesce((SELECT CAST(value AS INTEGER) FROM job_watermarks WHERE name = ?3), 0) = ?1
GROUP BY 1, 2, 3, 4
ON CONFLICT (day, garment_id, owner_user_id, wardrobe_event_id) DO UPDATE SET
  scans = scans + excluded.scans,
  owner_scans = owner_scans + excluded.owner_scans,
  visitor_scans = visitor_scans + excluded.visitor_scans,
  anonymous_scans = anonymous_scans + excluded.anonymous_scans,
  updated_at = excluded.updated_at`;

// The same range's visitors' scans per day, owner and city, and per browser (issue #30), for the
// analytics page's top lists; guarded by the same watermark, in the same batch.
const UPSERT_DIMENSIONS_SQL = `INSERT INTO scan_daily_dimensions (day, owner_user_id, dimension, value, scans)
SELECT day, owner, dimension, value, count(*) FROM (
  SELECT strftime('%Y-%m-%d', s.created_at / 1000, 'unixepoch') AS day, coalesce(s.owner_user_id, '') AS owner,
    'city' AS dimension, coalesce(s.city, 'Unknown') AS value
  FROM scans s WHERE s.rowid > ?1 AND s.rowid <= ?2 AND s.viewer_kind != 'owner'
  UNION ALL
  SELECT strftime('%Y-%m-%d', s.created_at / 1000, 'unixepoch'), coalesce(s.owner_user_id, ''), 'browser',
    coalesce(s.browser, 'Unknown')
  FROM scans s WHERE s.rowid > ?1 AND s.rowid <= ?2 AND s.viewer_kind != 'owner'
)
WHERE coalesce((SELECT CAST(value AS INTEGER) FROM job_watermarks WHERE name = ?3), 0) = ?1
GROUP BY day, owner, dimension, value
ON CONFLICT (owner_user_id, dimension, day, value) DO UPDATE SET scans = scans + excluded.scans`;

const ADVANCE_WATERMARK_SQL = `INSERT INTO job_watermarks (name, value, updated_at) VALUES (?3, CAST(?2 AS TEXT), ?4)
ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
WHERE CAST(job_watermarks.value AS INTEGER) = ?1`;

export type RollupResult = { fromRowId: number; toRowId: number; statRows: number; chunks: number };

/**
 * Rolls scans stored since the last run into `scan_daily_stats` (per UTC day, garment, owner,
 * wardrobe event). Idempotent; run by the scan-jobs cron every five minutes. A large backlog
 * is taken in chunks, and at most `maxRowsPerRun` rowids per run, the rest next time.
 */
export async function rollupScans(
  db: D1Like,
  opts: { chunkSize?: number; maxRowsPerRun?: number; now?: () => number } = {},
): Promise<RollupResult> {
  const chunkSize = opts.chunkSize ?? 10_000;
  const maxRowsPerRun = opts.maxRowsPerRun ?? 200_000;
  const now = opts.now ?? Date.now;

  const [watermark, max] = await db.batch([
    db.prepare(READ_WATERMARK_SQL).bind(SCAN_ROLLUP_JOB),
    db.prepare(MAX_ROWID_SQL),
  ]);
  const from = Number(firstValue(watermark) ?? 0);
  const last = Math.min(Number(firstValue(max) ?? 0), from + maxRowsPerRun);

  let lower = from;
  let statRows = 0;
  let chunks = 0;
  while (lower < last) {
    const upper = Math.min(last, lower + chunkSize);
    const at = now();
    const [upsert, , advance] = await db.batch([
      db.prepare(UPSERT_STATS_SQL).bind(lower, upper, SCAN_ROLLUP_JOB, at),
      db.prepare(UPSERT_DIMENSIONS_SQL).bind(lower, upper, SCAN_ROLLUP_JOB),
      db.prepare(ADVANCE_WATERMARK_SQL).bind(lower, upper, SCAN_ROLLUP_JOB, at),
    ]);
    chunks++;
    // Another run moved the watermark first: it owns this range; stop rather than race it.
    if (!advance?.meta.changes) break;
    statRows += upsert?.meta.changes ?? 0;
    lower = upper;
  }
  return { fromRowId: from, toRowId: lower, statRows, chunks };
}

/**
 * Runs the rollup until it has caught up with every stored scan, or until `budgetMs` has passed
 * (the next cron run goes on from the watermark): a backlog of a million scans is taken in one
 * cron run instead of one run's cap every five minutes (issue #30). Returns the runs made, the
 * range they covered and whether they caught up.
 */
export async function catchUpScans(
  db: D1Like,
  opts: { budgetMs?: number; chunkSize?: number; maxRowsPerRun?: number; clock?: () => number } = {},
): Promise<RollupResult & { runs: number; caughtUp: boolean }> {
  const clock = opts.clock ?? Date.now;
  const deadline = clock() + (opts.budgetMs ?? 60_000);
  let runs = 0;
  let fromRowId: number | null = null;
  let statRows = 0;
  let chunks = 0;
  for (;;) {
    const result = await rollupScans(db, { chunkSize: opts.chunkSize, maxRowsPerRun: opts.maxRowsPerRun });
    runs++;
    fromRowId ??= result.fromRowId;
    statRows += result.statRows;
    chunks += result.chunks;
    const total = { fromRowId, toRowId: result.toRowId, statRows, chunks, runs };
    // Nothing left (or another run owns the range): caught up.
    if (result.toRowId === result.fromRowId) return { ...total, caughtUp: true };
    if (clock() >= deadline) return { ...total, caughtUp: false };
  }
}

function firstValue(result: unknown): unknown {
  const rows = (result as { results?: { value?: unknown }[] } | undefined)?.results;
  return rows?.[0]?.value ?? null;
}
