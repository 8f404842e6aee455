/**
 * Scans and scan statistics: scan rows, their ingest mapping, reads of rollups and raw scans.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import type { ScanMessage } from "@releve/core/tap/scan-message";
import { and, count, desc, eq, gte, ne, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "./client";
import { SCAN_ROLLUP_JOB } from "./rollup";
import {
  contacts,
  garments,
  jobWatermarks,
  profiles,
  type Scan,
  scanDailyStats,
  scans,
  users,
  wardrobeEvents,
} from "./schema";

/** One scan as the queue consumer stores it. */
export type ScanRow = Pick<
  Scan,
  | "id"
  | "garment_id"
  | "owner_user_id"
  | "short_slug"
  | "wardrobe_event_id"
  | "viewer_kind"
  | "city"
  | "country"
  | "browser"
  | "os"
  | "device_type"
  | "created_at"
> &
  // An ordinary tap unless said otherwise.
  Partial<Pick<Scan, "scan_type" | "suspect_reason">>;

/** What the consumer parses from a message's user agent (docs/decisions/0011: not in the tap bundle). */
export type ScanAgent = Pick<ScanRow, "browser" | "os" | "device_type">;

/** A validated queue message as the row it becomes; the edge's scan id is the primary key. */
export function toScanRow(message: ScanMessage, agent: ScanAgent): ScanRow {
  return {
    id: message.scanId,
    garment_id: message.garmentId,
    owner_user_id: message.ownerUserId,
    short_slug: message.slug,
    wardrobe_event_id: message.activeEventId,
    viewer_kind: message.viewerKind,
    scan_type: message.scanType ?? "tap",
    suspect_reason: message.suspectReason ?? null,
    city: message.city,
    country: message.country,
    ...agent,
    created_at: new Date(message.scannedAt),
  };
}

/**
 * Redelivery of the same scan id changes nothing (at-least-once queue, exactly-once rows).
 * The references are looked up rather than bound directly, so a garment, owner or event
 * deleted between the tap and this insert becomes NULL instead of failing the foreign key
 * and poisoning the message. A statement, so the consumer can batch a queue batch's rows.
 */
export function insertScan(db: Db, row: ScanRow) {
  // A subquery's value: NULL once the row it names is gone (and for a null reference, which matches nothing).
  const lookup = (query: SQLWrapper) => sql`${query}`;
  const garment = eq(garments.id, row.garment_id ?? 0);
  const owner = row.owner_user_id ?? "";
  return db
    .insert(scans)
    .values({
      id: row.id,
      garment_id: lookup(db.select({ id: garments.id }).from(garments).where(garment)),
      owner_user_id: lookup(db.select({ id: users.id }).from(users).where(eq(users.id, owner))),
      short_slug: row.short_slug,
      tag_uuid: lookup(db.select({ tag: garments.tag_uuid }).from(garments).where(garment)),
      wardrobe_event_id: lookup(
        db
          .select({ id: wardrobeEvents.id })
          .from(wardrobeEvents)
          .where(and(eq(wardrobeEvents.id, row.wardrobe_event_id ?? 0), eq(wardrobeEvents.owner_user_id, owner))),
      ),
      viewer_kind: row.viewer_kind,
      scan_type: row.scan_type ?? "tap",
      suspect_reason: row.suspect_reason ?? null,
      city: row.city,
      country: row.country,
      browser: row.browser,
      os: row.os,
      device_type: row.device_type,
      created_at: row.created_at,
    })
    .onConflictDoNothing({ target: scans.id });
}

/** Stores a queue batch's rows in one D1 batch (one transaction, one round trip); exactly once per scan id. */
export async function insertScans(db: Db, rows: ScanRow[]): Promise<void> {
  const [first, ...rest] = rows.map((row) => insertScan(db, row));
  if (first) await db.batch([first, ...rest]);
}

/** Stores one row alone (the consumer's fallback when a batch fails). */
export async function insertOneScan(db: Db, row: ScanRow): Promise<void> {
  await insertScan(db, row).run();
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
export function scanWindows(now: number) {
  const startOfToday = Date.parse(`${utcDay(now)}T00:00:00Z`);
  const lastDays = (days: number) => {
    const ms = startOfToday - (days - 1) * DAY_MS;
    return { day: utcDay(ms), ms };
  };
  return { today: lastDays(1), week: lastDays(7), month: lastDays(30) };
}

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

export const TOP_LIMIT = 5;

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
  const contactsSince = (ms: number | null) =>
    db.$count(
      contacts,
      and(eq(contacts.owner_user_id, userId), ms === null ? undefined : gte(contacts.created_at, new Date(ms))),
    );
  const counts = scanCounts(db, owner, { now: bounds.now }).as("counts");
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
      today_contacts: contactsSince(windows.today.ms).as("today_contacts"),
      week_contacts: contactsSince(windows.week.ms).as("week_contacts"),
      month_contacts: contactsSince(windows.month.ms).as("month_contacts"),
      all_contacts: contactsSince(null).as("all_contacts"),
    })
    .from(counts);

  const byDay = scanCounts(db, owner, { now: bounds.now, by: "day", since: bounds.chartFrom });

  // All-time conversion per garment (currently owned) and per event, in one statement.
  const byGarment = scanCounts(db, owner, { now: bounds.now, by: "garment_id" }).as("garment_counts");
  const byEvent = scanCounts(db, owner, { now: bounds.now, by: "wardrobe_event_id" }).as("event_counts");
  const conversion = db
    .select({
      kind: sql<"garment" | "event">`'garment'`.as("kind"),
      id: garments.id,
      name: sql<string>`coalesce(${garments.name}, ${garments.title}, ${garments.short_slug})`.as("name"),
      visitor_scans: sql<number>`coalesce(${byGarment.all_visitor}, 0)`.as("visitor_scans"),
      contacts: db
        .$count(contacts, and(eq(contacts.garment_id, garments.id), eq(contacts.owner_user_id, userId)))
        .as("contacts"),
    })
    .from(garments)
    .leftJoin(byGarment, eq(byGarment.key, garments.id))
    .where(and(eq(garments.owner_user_id, userId), eq(garments.status, "claimed")))
    .unionAll(
      db
        .select({
          kind: sql<"garment" | "event">`'event'`.as("kind"),
          id: wardrobeEvents.id,
          name: sql<string>`${wardrobeEvents.name}`.as("name"),
          visitor_scans: sql<number>`coalesce(${byEvent.all_visitor}, 0)`.as("visitor_scans"),
          contacts: db
            .$count(
              contacts,
              and(eq(contacts.wardrobe_event_id, wardrobeEvents.id), eq(contacts.owner_user_id, userId)),
            )
            .as("contacts"),
        })
        .from(wardrobeEvents)
        .leftJoin(byEvent, eq(byEvent.key, wardrobeEvents.id))
        .where(eq(wardrobeEvents.owner_user_id, userId)),
    );

  // The owner's visitors' scans from the first day of the window (index
  // scans_owner_user_id_created_at_idx), read raw (the rollups carry no city or browser): fresh as stored.
  const top = (kind: "city" | "browser") => {
    const label = sql<string>`coalesce(${scans[kind]}, 'Unknown')`;
    const n = count();
    const ranked = db
      .select({ kind: sql<"city" | "browser">`${kind}`.as("kind"), label: label.as("label"), scans: n.as("scans") })
      .from(scans)
      .where(
        and(
          eq(scans.owner_user_id, userId),
          gte(scans.created_at, new Date(Date.parse(`${bounds.topFrom}T00:00:00Z`))),
          ne(scans.viewer_kind, "owner"),
        ),
      )
      .groupBy(label)
      .orderBy(desc(n), label)
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

/** The newest raw scans with their garment and the garment owner's names. */
export function listRecentScans(db: Db, limit: number, filter: { suspect?: boolean } = {}) {
  return (
    db
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
      // Only the counterfeit alerts (scans_scan_type_created_at_idx).
      .where(filter.suspect ? eq(scans.scan_type, "suspect") : undefined)
      .orderBy(desc(scans.created_at))
      .limit(limit)
  );
}

/**
 * The NFC dashboard's 7- and 30-day counts of garments, profiles and scans in one batch. Scans
 * are scanCounts of the whole system (fresh rollups), over the same UTC-day windows as every
 * other page.
 */
export async function adminDashboardCounts(db: Db, now = Date.now()) {
  const since7 = now - 7 * DAY_MS;
  const since30 = now - 30 * DAY_MS;
  // Raw sql: drizzle has no conditional count. Each is aliased: a batch maps rows by column
  // name, and two such expressions read the same with `?` for their values.
  const createdAfter = (createdAt: typeof garments.created_at | typeof profiles.created_at, since: number) =>
    sql<number>`count(CASE WHEN ${createdAt} > ${since} THEN 1 END)`;
  const createdCounts = (createdAt: typeof garments.created_at | typeof profiles.created_at) => ({
    total: count(),
    last7: createdAfter(createdAt, since7).as("last7"),
    last30: createdAfter(createdAt, since30).as("last30"),
  });
  const all = scanCounts(db, {}, { now }).as("counts");
  const [[garmentCounts], [profileCounts], [scanTotals]] = await db.batch([
    db.select(createdCounts(garments.created_at)).from(garments),
    db.select(createdCounts(profiles.created_at)).from(profiles),
    db.select({ total: all.all_scans, last7: all.week_scans, last30: all.month_scans }).from(all),
  ]);
  const none = { total: 0, last7: 0, last30: 0 };
  return { garments: garmentCounts ?? none, profiles: profileCounts ?? none, scans: scanTotals ?? none };
}
