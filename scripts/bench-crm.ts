/**
 * `npm run bench:crm` (issue #8): the owner's CRM pages at scale. On a real local D1
 * (Miniflare/workerd, in memory) it seeds one owner with 10,000 contacts and 200,000 scans
 * (rolled up into scan_daily_stats by the real rollup), then calls the same server functions
 * the pages' loaders call, through a wrapper that counts D1 statements and round trips.
 * Prints the median server time of each (BENCH_REPEATS, default 7) and its query counts;
 * target: at most 5 D1 statements per page. Then the analytics page again with 5,000 more
 * scans stored but not yet rolled up (counts are the rollups plus them, decision 0028), and
 * its time beside the rolled-up-only one (target: at most 1.5x). Times are printed, not asserted.
 */
import { ContactsQuerySchema, formatContactCursor } from "@releve/core/crm/rules";
import { getDb } from "@releve/db";
import { rollupScans } from "@releve/db/crm/commands";
import { exportContacts, listConnections, listContacts, listEvents, loadEventDetail } from "@releve/db/crm/queries";
import type { D1Like } from "@releve/db/platform/binding-types";
import { addCrmBenchRecentScans, applyMigrations, countCrmBench, seedCrmBench } from "@releve/db/testing/bench-data";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { loadAnalytics } from "../apps/web/app/features/crm/analytics.server";

const REPEATS = Number(process.env.BENCH_REPEATS ?? 7);
const CONTACTS = 10_000;
const SCANS = 200_000;
const GARMENTS = 12;
const EVENTS = 20;
const OWNER = "bench-owner";
const SCALE = { owner: OWNER, contacts: CONTACTS, scans: SCANS, garments: GARMENTS, events: EVENTS };
// Scans stored since the last rollup (one cron period's): every count adds them to the rollups (decision 0028).
const NOT_ROLLED_UP = 5_000;

type Counter = { statements: number; roundTrips: number };
const medians = new Map<string, number>();

/** A D1 binding that counts what reaches D1: each statement run alone is one round trip; a batch is one. */
function countingD1(d1: D1Like, counter: Counter): D1Like {
  const targets = new WeakMap<object, object>();
  const wrapStatement = (statement: object): object => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (prop === "bind") return (...args: unknown[]) => wrapStatement(value.apply(target, args));
        if (typeof value !== "function") return value;
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          return (...args: unknown[]) => {
            counter.statements++;
            counter.roundTrips++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    targets.set(proxy, statement);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (prop === "prepare") return (sql: string) => wrapStatement(value.call(target, sql));
      if (prop === "batch") {
        return (statements: object[]) => {
          counter.roundTrips++;
          counter.statements += statements.length;
          return value.call(
            target,
            statements.map((s) => targets.get(s) ?? s),
          );
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as D1Like;
}

async function measure(d1: D1Like, name: string, run: (db: ReturnType<typeof getDb>) => Promise<unknown>) {
  const times: number[] = [];
  let counts: Counter = { statements: 0, roundTrips: 0 };
  let result: unknown;
  for (let r = 0; r < REPEATS; r++) {
    const counter = { statements: 0, roundTrips: 0 };
    const db = getDb(countingD1(d1, counter) as unknown as Parameters<typeof getDb>[0]);
    const start = performance.now();
    result = await run(db);
    times.push(performance.now() - start);
    counts = counter;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
  medians.set(name, median);
  const verdict = counts.statements <= 5 ? "ok" : "OVER 5";
  console.log(
    `${name.padEnd(44)} ${median.toFixed(1).padStart(7)} ms   ${String(counts.statements).padStart(2)} statements in ${counts.roundTrips} round trip(s)  ${verdict}`,
  );
  return result;
}

async function main() {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: "export default { fetch: () => new Response(null, { status: 404 }) }",
      compatibilityDate: "2026-10-01",
      d1Databases: { DB: "00000000-0000-4000-8000-0000000b0c12" },
    }),
  );
  try {
    const d1 = (await mf.getD1Database("DB")) as unknown as D1Like;
    const now = Date.now();
    const seedStart = performance.now();
    await applyMigrations(d1);
    await seedCrmBench(d1, now, SCALE);
    await rollupScans(d1, { maxRowsPerRun: SCANS * 2, chunkSize: 50_000 });
    const totals = await countCrmBench(d1, OWNER);
    console.log(
      `bench:crm: one owner with ${totals?.contacts.toLocaleString("en")} contacts, ${totals?.scans.toLocaleString("en")} scans ` +
        `(${totals?.rolled.toLocaleString("en")} rolled up into ${totals?.stat_rows.toLocaleString("en")} scan_daily_stats rows), ` +
        `seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    console.log(`server time = median of ${REPEATS} calls of the loader's own function, real local D1 (Miniflare)\n`);

    const q = (raw: Record<string, string>) => ContactsQuerySchema.parse(raw);
    const page = (await measure(d1, "/dashboard/contacts (first page)", (db) => listContacts(db, OWNER, q({})))) as {
      total: number;
    };
    // Page 150 of 50: the page after the 7,450th contact (keyset, issue #30).
    const deep = await (await exportContacts(getDb(d1 as Parameters<typeof getDb>[0]), OWNER, q({}), 7_450))?.read(
      null,
    );
    const before = deep?.next ? formatContactCursor(deep.next) : "";
    await measure(d1, "/dashboard/contacts, page 150 (keyset)", (db) => listContacts(db, OWNER, q({ before })));
    const search = (await measure(d1, "/dashboard/contacts?q=dubois (search)", (db) =>
      listContacts(db, OWNER, q({ q: "dubois" })),
    )) as { total: number };
    const filter = (await measure(d1, "/dashboard/contacts?event=3&contacted=no", (db) =>
      listContacts(db, OWNER, q({ event: "3", contacted: "no" })),
    )) as { total: number };
    await measure(d1, "/dashboard/contacts?q=lookbook&contacted=yes", (db) =>
      listContacts(db, OWNER, q({ q: "lookbook", contacted: "yes" })),
    );
    await measure(d1, "/dashboard/contacts/contacts.csv (all 10,000)", (db) => exportContacts(db, OWNER, q({})));
    await measure(d1, "/connections", (db) => listConnections(db, OWNER, { q: "", garmentId: null }));
    await measure(d1, "/dashboard/events", (db) => listEvents(db, OWNER));
    await measure(d1, "/dashboard/events/3", (db) => loadEventDetail(db, OWNER, 3));
    type AllTime = { windows: { all: { scans: number } } };
    const rolledOnly = "/dashboard/analytics";
    const analytics = (await measure(d1, rolledOnly, (db) => loadAnalytics(db, OWNER, now))) as AllTime;
    await addCrmBenchRecentScans(d1, now, SCALE, NOT_ROLLED_UP);
    const withRecent = `/dashboard/analytics + ${NOT_ROLLED_UP.toLocaleString("en")} not rolled up`;
    const fresh = (await measure(d1, withRecent, (db) => loadAnalytics(db, OWNER, now))) as AllTime;
    const ratio = (medians.get(withRecent) ?? Number.NaN) / (medians.get(rolledOnly) ?? Number.NaN);
    console.log(
      `\nanalytics with ${NOT_ROLLED_UP.toLocaleString("en")} scans not yet rolled up: ${ratio.toFixed(2)}x the ` +
        `rolled-up-only time (target <= 1.5x) ${ratio <= 1.5 ? "ok" : "OVER"}`,
    );
    console.log(
      `check: contacts total ${page.total}, search matches ${search.total}, filter matches ${filter.total}, ` +
        `analytics all-time scans ${analytics.windows.all.scans.toLocaleString("en")} (= the rollups), then ` +
        `${fresh.windows.all.scans.toLocaleString("en")} (= the rollups + ${NOT_ROLLED_UP.toLocaleString("en")})`,
    );
    if (analytics.windows.all.scans !== totals?.rolled) throw new Error("analytics does not match the rollups");
    if (fresh.windows.all.scans !== (totals?.rolled ?? 0) + NOT_ROLLED_UP) {
      throw new Error("analytics does not count the scans after the rollup");
    }
  } finally {
    await mf.dispose();
  }
}

await main();
