// Raw SQL on the binding: an INSERT … SELECT … GROUP BY … ON CONFLICT guarded by a watermark
// compare-and-set over scans.rowid, batched; drizzle 0.45's D1 batch() cannot bind raw `sql`.
import type { D1Like } from "./binding-types";

export const SCAN_ROLLUP_JOB = "scan_daily_stats";

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
    const [upsert, advance] = await db.batch([
      db.prepare(UPSERT_STATS_SQL).bind(lower, upper, SCAN_ROLLUP_JOB, at),
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

function firstValue(result: unknown): unknown {
  const rows = (result as { results?: { value?: unknown }[] } | undefined)?.results;
  return rows?.[0]?.value ?? null;
}
