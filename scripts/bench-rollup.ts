/**
 * `npm run bench:rollup` (issue #5): the scan rollup's cost must follow the new scans, not
 * the table. On a real local D1 (Miniflare/workerd, in memory) it seeds 10,000 scans and
 * rolls them up, then times the rollup of 1,000 new ones; then grows the table to 100,000
 * and does the same. Prints both times and their ratio (target <= 1.2). BENCH_REPEATS
 * (default 5) runs each measurement several times and reports the median.
 */

import { rollupScans } from "@releve/db/crm/commands";
import type { D1Like } from "@releve/db/platform/binding-types";
import {
  addRollupScans,
  applyMigrations,
  countScans,
  scanDailyStatsTotals,
  seedRollupOwners,
} from "@releve/db/testing/bench-data";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";

const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const NEW_SCANS = 1_000;
const OWNERS = 50;
const GARMENTS_PER_OWNER = 10;
const SCALE = { owners: OWNERS, garmentsPerOwner: GARMENTS_PER_OWNER };

let batchNo = 0;
const addScans = (db: D1Like, n: number, now: number) => addRollupScans(db, SCALE, n, ++batchNo, now);

/** Median ms to roll up NEW_SCANS fresh scans on top of what the table already holds. */
async function timeRollup(db: D1Like, now: number): Promise<number> {
  const times: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    await addScans(db, NEW_SCANS, now);
    const start = performance.now();
    const result = await rollupScans(db);
    times.push(performance.now() - start);
    if (result.toRowId - result.fromRowId !== NEW_SCANS) {
      throw new Error(`expected to roll up ${NEW_SCANS} scans, rolled ${result.toRowId - result.fromRowId}`);
    }
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

async function main() {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: "export default { fetch: () => new Response(null, { status: 404 }) }",
      compatibilityDate: "2026-10-01",
      d1Databases: { DB: "00000000-0000-4000-8000-0000000b0110" },
    }),
  );
  try {
    const db = (await mf.getD1Database("DB")) as unknown as D1Like;
    const now = Date.now();
    await applyMigrations(db);
    await seedRollupOwners(db, SCALE);

    console.log(`bench:rollup: ${NEW_SCANS} new scans per rollup, median of ${REPEATS} runs, real local D1`);
    const results: Array<[number, number]> = [];
    for (const target of [10_000, 100_000]) {
      await addScans(db, target - (await countScans(db)), now);
      const start = performance.now();
      await rollupScans(db);
      const catchUp = performance.now() - start;
      const existing = await countScans(db);
      const ms = await timeRollup(db, now);
      results.push([existing, ms]);
      console.log(
        `${existing.toLocaleString("en").padStart(8)} existing scans: rollup of ${NEW_SCANS} new = ${ms.toFixed(1)} ms` +
          `   (first catch-up of all ${existing.toLocaleString("en")}: ${catchUp.toFixed(0)} ms)`,
      );
    }
    const [small, large] = results;
    if (small && large) {
      console.log(`ratio 100k/10k: ${(large[1] / small[1]).toFixed(2)}x (target <= 1.2)`);
    }
    const stats = await scanDailyStatsTotals(db);
    const scans = await countScans(db);
    if (stats?.total !== scans) throw new Error(`stats hold ${stats?.total} scans, the table ${scans}`);
    console.log(
      `check: scan_daily_stats sums to ${stats.total.toLocaleString("en")} scans in ${stats.n} rows = every scan once`,
    );
  } finally {
    await mf.dispose();
  }
}

await main();
