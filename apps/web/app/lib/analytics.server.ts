import { CHART_DAYS, conversionRate, TOP_WINDOW_DAYS } from "@releve/core/crm";
import type { Db } from "@releve/db";

const DAY_MS = 86_400_000;
export const TOP_LIMIT = 5;

export type WindowKey = "today" | "week" | "month" | "all";
export const WINDOWS: Array<{ key: WindowKey; label: string }> = [
  { key: "today", label: "Today" },
  { key: "week", label: "Last 7 days" },
  { key: "month", label: "Last 30 days" },
  { key: "all", label: "All time" },
];

export interface WindowFigures {
  scans: number;
  /** Taps by anyone but the owner: the people a garment can convert. */
  visitorScans: number;
  contacts: number;
  conversion: number | null;
}

export interface ConversionRow {
  id: number;
  name: string;
  visitorScans: number;
  contacts: number;
  conversion: number | null;
}

export interface Analytics {
  windows: Record<WindowKey, WindowFigures>;
  scansByDay: Array<{ day: string; scans: number }>;
  garments: ConversionRow[];
  events: ConversionRow[];
  cities: Array<{ label: string; scans: number }>;
  browsers: Array<{ label: string; scans: number }>;
  rolledUpAt: number | null;
}

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every UTC day from `from` to `to` (inclusive), with 0 where the rollups have no row. */
export function fillDays(rows: Array<{ day: string; scans: number }>, from: string, to: string) {
  const byDay = new Map(rows.map((r) => [r.day, r.scans]));
  const out: Array<{ day: string; scans: number }> = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    const day = utcDay(t);
    out.push({ day, scans: byDay.get(day) ?? 0 });
  }
  return out;
}

// Scan figures for every window come from scan_daily_stats (the rollups, kept by the
// scan-jobs cron every five minutes), never from a range of raw scans; contact counts are
// an indexed range of the owner's contacts.
const TOTALS_SQL = `SELECT
    coalesce(sum(CASE WHEN s.day >= ?2 THEN s.scans END), 0) AS today_scans,
    coalesce(sum(CASE WHEN s.day >= ?2 THEN s.visitor_scans + s.anonymous_scans END), 0) AS today_visitor,
    coalesce(sum(CASE WHEN s.day >= ?3 THEN s.scans END), 0) AS week_scans,
    coalesce(sum(CASE WHEN s.day >= ?3 THEN s.visitor_scans + s.anonymous_scans END), 0) AS week_visitor,
    coalesce(sum(CASE WHEN s.day >= ?4 THEN s.scans END), 0) AS month_scans,
    coalesce(sum(CASE WHEN s.day >= ?4 THEN s.visitor_scans + s.anonymous_scans END), 0) AS month_visitor,
    coalesce(sum(s.scans), 0) AS all_scans,
    coalesce(sum(s.visitor_scans + s.anonymous_scans), 0) AS all_visitor,
    (SELECT count(*) FROM contacts WHERE owner_user_id = ?1 AND created_at >= ?5) AS today_contacts,
    (SELECT count(*) FROM contacts WHERE owner_user_id = ?1 AND created_at >= ?6) AS week_contacts,
    (SELECT count(*) FROM contacts WHERE owner_user_id = ?1 AND created_at >= ?7) AS month_contacts,
    (SELECT count(*) FROM contacts WHERE owner_user_id = ?1) AS all_contacts,
    (SELECT max(updated_at) FROM job_watermarks WHERE name = 'scan_daily_stats') AS rolled_up_at
  FROM scan_daily_stats s WHERE s.owner_user_id = ?1`;

const BY_DAY_SQL = `SELECT day, sum(scans) AS scans FROM scan_daily_stats
  WHERE owner_user_id = ?1 AND day >= ?2 GROUP BY day ORDER BY day`;

// All-time conversion per garment (currently owned) and per event, in one statement.
const CONVERSION_SQL = `SELECT 'garment' AS kind, g.id, coalesce(g.name, g.title, g.short_slug) AS name,
    coalesce((SELECT sum(s.visitor_scans + s.anonymous_scans) FROM scan_daily_stats s
               WHERE s.garment_id = g.id AND s.owner_user_id = ?1), 0) AS visitor_scans,
    (SELECT count(*) FROM contacts c WHERE c.garment_id = g.id AND c.owner_user_id = ?1) AS contacts
  FROM garments g WHERE g.owner_user_id = ?1 AND g.status = 'claimed'
  UNION ALL
  SELECT 'event', e.id, e.name,
    coalesce((SELECT sum(s.visitor_scans + s.anonymous_scans) FROM scan_daily_stats s
               WHERE s.owner_user_id = ?1 AND s.wardrobe_event_id = e.id), 0),
    (SELECT count(*) FROM contacts c WHERE c.wardrobe_event_id = e.id AND c.owner_user_id = ?1)
  FROM wardrobe_events e WHERE e.owner_user_id = ?1`;

// The owner's visitors' scans of the last 30 days (index scans_owner_user_id_created_at_idx),
// the one place raw scans are read: the rollups carry no city or browser.
const TOP_SQL = `SELECT * FROM (SELECT 'city' AS kind, coalesce(city, 'Unknown') AS label, count(*) AS scans FROM scans
    WHERE owner_user_id = ?1 AND created_at >= ?2 AND viewer_kind != 'owner' GROUP BY 2 ORDER BY 3 DESC, 2 LIMIT ${TOP_LIMIT})
  UNION ALL
  SELECT * FROM (SELECT 'browser', coalesce(browser, 'Unknown'), count(*) FROM scans
    WHERE owner_user_id = ?1 AND created_at >= ?2 AND viewer_kind != 'owner' GROUP BY 2 ORDER BY 3 DESC, 2 LIMIT ${TOP_LIMIT})`;

type Totals = Record<`${WindowKey}_${"scans" | "visitor" | "contacts"}`, number> & { rolled_up_at: number | null };

/** /dashboard/analytics in ONE D1 batch of four statements. */
export async function loadAnalytics(db: Db, userId: string, now = Date.now()): Promise<Analytics> {
  const d1 = db.$client;
  const startOfToday = Date.parse(`${utcDay(now)}T00:00:00Z`);
  const dayStart = (daysBack: number) => startOfToday - daysBack * DAY_MS;
  const [totals, byDay, conversion, top] = await d1.batch([
    d1
      .prepare(TOTALS_SQL)
      .bind(
        userId,
        utcDay(dayStart(0)),
        utcDay(dayStart(6)),
        utcDay(dayStart(29)),
        dayStart(0),
        dayStart(6),
        dayStart(29),
      ),
    d1.prepare(BY_DAY_SQL).bind(userId, utcDay(dayStart(CHART_DAYS - 1))),
    d1.prepare(CONVERSION_SQL).bind(userId),
    d1.prepare(TOP_SQL).bind(userId, dayStart(TOP_WINDOW_DAYS - 1)),
  ]);
  const t = (totals?.results[0] ?? {}) as Partial<Totals>;
  const windows = {} as Record<WindowKey, WindowFigures>;
  for (const { key } of WINDOWS) {
    const scans = t[`${key}_scans`] ?? 0;
    const visitorScans = t[`${key}_visitor`] ?? 0;
    const contacts = t[`${key}_contacts`] ?? 0;
    windows[key] = { scans, visitorScans, contacts, conversion: conversionRate(contacts, visitorScans) };
  }
  const conversionRows = (conversion?.results ?? []) as Array<{
    kind: "garment" | "event";
    id: number;
    name: string;
    visitor_scans: number;
    contacts: number;
  }>;
  const toRow = (r: (typeof conversionRows)[number]): ConversionRow => ({
    id: r.id,
    name: r.name,
    visitorScans: r.visitor_scans,
    contacts: r.contacts,
    conversion: conversionRate(r.contacts, r.visitor_scans),
  });
  const byMost = (a: ConversionRow, b: ConversionRow) => b.contacts - a.contacts || b.visitorScans - a.visitorScans;
  const topRows = (top?.results ?? []) as Array<{ kind: "city" | "browser"; label: string; scans: number }>;
  return {
    windows,
    scansByDay: fillDays(
      (byDay?.results ?? []) as Array<{ day: string; scans: number }>,
      utcDay(dayStart(CHART_DAYS - 1)),
      utcDay(now),
    ),
    garments: conversionRows
      .filter((r) => r.kind === "garment")
      .map(toRow)
      .sort(byMost),
    events: conversionRows
      .filter((r) => r.kind === "event")
      .map(toRow)
      .sort(byMost),
    cities: topRows.filter((r) => r.kind === "city").map(({ label, scans }) => ({ label, scans })),
    browsers: topRows.filter((r) => r.kind === "browser").map(({ label, scans }) => ({ label, scans })),
    rolledUpAt: t.rolled_up_at ?? null,
  };
}
