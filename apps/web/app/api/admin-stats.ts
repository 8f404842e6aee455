import type { AdminStats } from "@releve/core/admin-portal";

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The NFC dashboard's 7- and 30-day counts in one D1 batch. Scans come from the rollup
 * (`scan_daily_stats`, one row per day × garment × owner × event, so sums count each scan
 * once), never from raw scans; the last few minutes wait for the next cron run.
 */
export async function loadAdminStats(db: D1Database, now = Date.now()): Promise<AdminStats> {
  const since7 = now - 7 * DAY_MS;
  const since30 = now - 30 * DAY_MS;
  const counts = (table: "garments" | "profiles") =>
    db
      .prepare(
        `SELECT count(*) AS total, count(CASE WHEN created_at > ?1 THEN 1 END) AS last7,
                count(CASE WHEN created_at > ?2 THEN 1 END) AS last30 FROM ${table}`,
      )
      .bind(since7, since30);
  const [garments, profiles, scans] = await db.batch<{ total: number; last7: number; last30: number }>([
    counts("garments"),
    counts("profiles"),
    db
      .prepare(
        `SELECT coalesce(sum(scans), 0) AS total,
                coalesce(sum(CASE WHEN day > ?1 THEN scans END), 0) AS last7,
                coalesce(sum(CASE WHEN day > ?2 THEN scans END), 0) AS last30 FROM scan_daily_stats`,
      )
      .bind(isoDay(since7), isoDay(since30)),
  ]);
  const row = (r: typeof garments) => r?.results[0] ?? { total: 0, last7: 0, last30: 0 };
  return { garments: row(garments), profiles: row(profiles), scans: row(scans) };
}
