/**
 * Scans and scan statistics: scan rows, their ingest mapping, reads of rollups and raw scans.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import type { ScanMessage } from "@releve/core/scan-message";
import { and, count, desc, eq, gte, max, ne, type SQL, type SQLWrapper, sql, sum } from "drizzle-orm";
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
>;

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
      scan_type: "tap",
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

/** A garment's scan count, last scan and contact count (the garment page's figures). */
export function selectGarmentScanStats(db: Db, garmentId: number, userId: string) {
  return db
    .select({
      scans: count(),
      last_scan: max(scans.created_at),
      contacts: db
        .$count(contacts, and(eq(contacts.garment_id, garmentId), eq(contacts.owner_user_id, userId)))
        .as("contacts"),
    })
    .from(scans)
    .where(and(eq(scans.garment_id, garmentId), eq(scans.owner_user_id, userId)));
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

/** An event's scans per UTC day, from the rollups. */
export function selectEventScansByDay(db: Db, userId: string, eventId: number) {
  return db
    .select({ day: scanDailyStats.day, scans: sum(scanDailyStats.scans).mapWith(Number) })
    .from(scanDailyStats)
    .where(and(eq(scanDailyStats.owner_user_id, userId), eq(scanDailyStats.wardrobe_event_id, eventId)))
    .groupBy(scanDailyStats.day)
    .orderBy(scanDailyStats.day);
}

/** Scans of the owner's events tagged with the event (from the rollups), as a column of a select over wardrobe_events. */
export function eventScansColumn(db: Db, userId: string) {
  const total = db
    .select({ n: sum(scanDailyStats.scans) })
    .from(scanDailyStats)
    .where(and(eq(scanDailyStats.owner_user_id, userId), eq(scanDailyStats.wardrobe_event_id, wardrobeEvents.id)));
  return sql<number>`coalesce(${total}, 0)`;
}

export const TOP_LIMIT = 5;

/** First days (UTC, YYYY-MM-DD) and first instants (ms) of the analytics windows. */
export interface AnalyticsBounds {
  today: { day: string; ms: number };
  week: { day: string; ms: number };
  month: { day: string; ms: number };
  chartFrom: string;
  topFrom: number;
}

/**
 * /dashboard/analytics in ONE D1 batch of four statements. Scan figures for every window come
 * from scan_daily_stats (the rollups, kept by the scan-jobs cron every five minutes), never
 * from a range of raw scans; contact counts are an indexed range of the owner's contacts.
 */
export async function ownerAnalytics(db: Db, userId: string, bounds: AnalyticsBounds) {
  const s = scanDailyStats;
  const visitor = sql`${s.visitor_scans} + ${s.anonymous_scans}`;
  // Raw: a conditional aggregate (CASE inside sum) has no drizzle helper.
  const since = (day: string | null, value: SQLWrapper) =>
    day === null
      ? sql<number>`coalesce(sum(${value}), 0)`
      : sql<number>`coalesce(sum(CASE WHEN ${s.day} >= ${day} THEN ${value} END), 0)`;
  const contactsSince = (ms: number | null) =>
    db.$count(
      contacts,
      and(eq(contacts.owner_user_id, userId), ms === null ? undefined : gte(contacts.created_at, new Date(ms))),
    );
  const rolledUpAt = db
    .select({ at: max(jobWatermarks.updated_at) })
    .from(jobWatermarks)
    .where(eq(jobWatermarks.name, SCAN_ROLLUP_JOB));
  // Every computed column is aliased: in a D1 batch drizzle maps rows by column name.
  const totals = db
    .select({
      today_scans: since(bounds.today.day, s.scans).as("today_scans"),
      today_visitor: since(bounds.today.day, visitor).as("today_visitor"),
      week_scans: since(bounds.week.day, s.scans).as("week_scans"),
      week_visitor: since(bounds.week.day, visitor).as("week_visitor"),
      month_scans: since(bounds.month.day, s.scans).as("month_scans"),
      month_visitor: since(bounds.month.day, visitor).as("month_visitor"),
      all_scans: since(null, s.scans).as("all_scans"),
      all_visitor: since(null, visitor).as("all_visitor"),
      today_contacts: contactsSince(bounds.today.ms).as("today_contacts"),
      week_contacts: contactsSince(bounds.week.ms).as("week_contacts"),
      month_contacts: contactsSince(bounds.month.ms).as("month_contacts"),
      all_contacts: contactsSince(null).as("all_contacts"),
      rolled_up_at: sql<number | null>`${rolledUpAt}`.as("rolled_up_at"),
    })
    .from(s)
    .where(eq(s.owner_user_id, userId));

  const byDay = db
    .select({ day: s.day, scans: sum(s.scans).mapWith(Number) })
    .from(s)
    .where(and(eq(s.owner_user_id, userId), gte(s.day, bounds.chartFrom)))
    .groupBy(s.day)
    .orderBy(s.day);

  // All-time conversion per garment (currently owned) and per event, in one statement.
  const visitorScans = (match: SQL | undefined) =>
    sql<number>`coalesce(${db
      .select({ n: sum(visitor) })
      .from(s)
      .where(and(eq(s.owner_user_id, userId), match))}, 0)`;
  const conversion = db
    .select({
      kind: sql<"garment" | "event">`'garment'`.as("kind"),
      id: garments.id,
      name: sql<string>`coalesce(${garments.name}, ${garments.title}, ${garments.short_slug})`.as("name"),
      visitor_scans: visitorScans(eq(s.garment_id, garments.id)).as("visitor_scans"),
      contacts: db
        .$count(contacts, and(eq(contacts.garment_id, garments.id), eq(contacts.owner_user_id, userId)))
        .as("contacts"),
    })
    .from(garments)
    .where(and(eq(garments.owner_user_id, userId), eq(garments.status, "claimed")))
    .unionAll(
      db
        .select({
          kind: sql<"garment" | "event">`'event'`.as("kind"),
          id: wardrobeEvents.id,
          name: sql<string>`${wardrobeEvents.name}`.as("name"),
          visitor_scans: visitorScans(eq(s.wardrobe_event_id, wardrobeEvents.id)).as("visitor_scans"),
          contacts: db
            .$count(
              contacts,
              and(eq(contacts.wardrobe_event_id, wardrobeEvents.id), eq(contacts.owner_user_id, userId)),
            )
            .as("contacts"),
        })
        .from(wardrobeEvents)
        .where(eq(wardrobeEvents.owner_user_id, userId)),
    );

  // The owner's visitors' scans of the window (index scans_owner_user_id_created_at_idx), the
  // one place raw scans are read: the rollups carry no city or browser.
  const top = (kind: "city" | "browser") => {
    const label = sql<string>`coalesce(${scans[kind]}, 'Unknown')`;
    const n = count();
    const ranked = db
      .select({ kind: sql<"city" | "browser">`${kind}`.as("kind"), label: label.as("label"), scans: n.as("scans") })
      .from(scans)
      .where(
        and(
          eq(scans.owner_user_id, userId),
          gte(scans.created_at, new Date(bounds.topFrom)),
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
export function listRecentScans(db: Db, limit: number) {
  return db
    .select({
      id: scans.id,
      created_at: scans.created_at,
      short_slug: scans.short_slug,
      viewer_kind: scans.viewer_kind,
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
    .orderBy(desc(scans.created_at))
    .limit(limit);
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The NFC dashboard's 7- and 30-day counts of garments, profiles and scans in one batch. Scans
 * come from the rollup (`scan_daily_stats`, one row per day × garment × owner × event, so sums
 * count each scan once), never from raw scans; the last few minutes wait for the next cron run.
 */
export async function adminDashboardCounts(db: Db, now = Date.now()) {
  const since7 = now - 7 * DAY_MS;
  const since30 = now - 30 * DAY_MS;
  // Raw sql: drizzle has no conditional count or sum, nor coalesce(). Each is aliased: a batch
  // maps rows by column name, and two such expressions read the same with `?` for their values.
  const createdAfter = (createdAt: typeof garments.created_at | typeof profiles.created_at, since: number) =>
    sql<number>`count(CASE WHEN ${createdAt} > ${since} THEN 1 END)`;
  const scansAfter = (day: string) =>
    sql<number>`coalesce(sum(CASE WHEN ${scanDailyStats.day} > ${day} THEN ${scanDailyStats.scans} END), 0)`;
  const createdCounts = (createdAt: typeof garments.created_at | typeof profiles.created_at) => ({
    total: count(),
    last7: createdAfter(createdAt, since7).as("last7"),
    last30: createdAfter(createdAt, since30).as("last30"),
  });
  const [[garmentCounts], [profileCounts], [scanCounts]] = await db.batch([
    db.select(createdCounts(garments.created_at)).from(garments),
    db.select(createdCounts(profiles.created_at)).from(profiles),
    db
      .select({
        total: sql<number>`coalesce(sum(${scanDailyStats.scans}), 0)`,
        last7: scansAfter(isoDay(since7)).as("last7"),
        last30: scansAfter(isoDay(since30)).as("last30"),
      })
      .from(scanDailyStats),
  ]);
  const none = { total: 0, last7: 0, last30: 0 };
  return { garments: garmentCounts ?? none, profiles: profileCounts ?? none, scans: scanCounts ?? none };
}
