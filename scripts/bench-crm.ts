/**
 * `npm run bench:crm` (issue #8): the owner's CRM pages at scale. On a real local D1
 * (Miniflare/workerd, in memory) it seeds one owner with 10,000 contacts and 200,000 scans
 * (rolled up into scan_daily_stats by the real rollup), then calls the same server functions
 * the pages' loaders call, through a wrapper that counts D1 statements and round trips.
 * Prints the median server time of each (BENCH_REPEATS, default 7) and its query counts;
 * target: at most 5 D1 statements per page. Times are printed, not asserted.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ContactsQuerySchema } from "@releve/core/crm";
import { getDb } from "@releve/db";
import type { D1Like } from "@releve/db/binding-types";
import { rollupScans } from "@releve/db/rollup";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { loadAnalytics } from "../apps/web/app/lib/analytics.server";
import { exportContacts, listConnections, listContacts } from "../apps/web/app/lib/contacts.server";
import { listEvents, loadEventDetail } from "../apps/web/app/lib/events.server";
import { ROOT } from "./dev-vars";

const REPEATS = Number(process.env.BENCH_REPEATS ?? 7);
const CONTACTS = 10_000;
const SCANS = 200_000;
const GARMENTS = 12;
const EVENTS = 20;
const OWNER = "bench-owner";
const DAY_MS = 86_400_000;

async function migrate(db: D1Like) {
  const dir = join(ROOT, "migrations");
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    const statements = readFileSync(join(dir, file), "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    await db.batch(statements.map((s) => db.prepare(s)));
  }
}

const seq = (n: number) => `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n})`;
const FIRST = ["Marie", "Jean", "Aiko", "Luca", "Sofia", "Omar", "Chloé", "Hugo", "Nina", "Yusuf", "Elena", "Théo"];
const LAST = ["Dubois", "Rossi", "Tanaka", "Martin", "Silva", "Haddad", "Moreau", "Berg", "Novak", "Laurent"];
const pick = (list: string[], expr: string) =>
  `CASE (${expr}) % ${list.length} ${list.map((v, i) => `WHEN ${i} THEN '${v}'`).join(" ")} END`;

async function seed(db: D1Like, now: number) {
  await db.batch([
    db.prepare(`INSERT INTO users (id, email, password_hash) VALUES ('${OWNER}', 'bench@bench.local', 'x'),
      ('bench-other', 'other@bench.local', 'x')`),
    db.prepare(`INSERT INTO profiles (user_id, client_id, first_name) VALUES ('${OWNER}', 'benchclient', 'Bench')`),
    db.prepare(`${seq(EVENTS)} INSERT INTO wardrobe_events (owner_user_id, name, date, is_active)
      SELECT '${OWNER}', 'Event ' || i, date(${now} / 1000 - i * 86400 * 7, 'unixepoch'), i % 5 != 0 FROM seq`),
    db.prepare(`${seq(GARMENTS)} INSERT INTO garments (name, short_slug, status, owner_user_id)
      SELECT 'Garment ' || i, 'bench-' || i, 'claimed', '${OWNER}' FROM seq`),
    // Every third contact has no event; every fourth is contacted; all over 180 days.
    db.prepare(`${seq(CONTACTS)} INSERT INTO contacts (owner_user_id, garment_id, wardrobe_event_id, first_name, last_name,
        email, phone, notes, contacted_at, contact_notes, contact_source, created_at)
      SELECT '${OWNER}', 1 + i % ${GARMENTS}, CASE WHEN i % 3 = 0 THEN NULL ELSE 1 + i % ${EVENTS} END,
        ${pick(FIRST, "i")}, ${pick(LAST, "i / 7")},
        'guest' || i || '@example.com', '+336' || printf('%08d', i * 37),
        CASE WHEN i % 5 = 0 THEN 'Asked about the autumn collection' END,
        CASE WHEN i % 4 = 0 THEN ${now} - (i % 30) * ${DAY_MS} END,
        CASE WHEN i % 8 = 0 THEN 'Sent the lookbook' END,
        'nfc_share', ${now} - (i * 1553) % (180 * ${DAY_MS})
      FROM seq`),
    db.prepare(`${seq(50)} INSERT INTO contacts (owner_user_id, first_name, email, contact_source)
      SELECT 'bench-other', 'Other ' || i, 'other' || i || '@example.com', 'nfc_share' FROM seq`),
  ]);
  // 200,000 scans over 365 days, a quarter tagged with an event, in chunks.
  const chunk = 50_000;
  for (let start = 0; start < SCANS; start += chunk) {
    await db
      .prepare(
        `${seq(chunk)} INSERT INTO scans (id, garment_id, owner_user_id, short_slug, wardrobe_event_id, viewer_kind,
          city, browser, created_at)
        SELECT 'bench-' || (${start} + i), 1 + i % ${GARMENTS}, '${OWNER}', 'bench-' || (1 + i % ${GARMENTS}),
          CASE WHEN i % 4 = 0 THEN 1 + i % ${EVENTS} END,
          CASE i % 10 WHEN 0 THEN 'owner' WHEN 1 THEN 'anonymous' ELSE 'visitor' END,
          ${pick(["Paris", "London", "Milan", "Tokyo", "New York", "Lyon"], "i / 3")},
          ${pick(["Safari", "Chrome", "Firefox", "Samsung Internet"], "i / 5")},
          ${now} - ((${start} + i) * 157000) % (365 * ${DAY_MS})
        FROM seq`,
      )
      .run();
  }
  await rollupScans(db, { maxRowsPerRun: SCANS * 2, chunkSize: 50_000 });
}

type Counter = { statements: number; roundTrips: number };

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
    await migrate(d1);
    await seed(d1, now);
    const totals = await d1
      .prepare(
        `SELECT (SELECT count(*) FROM contacts WHERE owner_user_id = ?1) AS contacts,
                (SELECT count(*) FROM scans WHERE owner_user_id = ?1) AS scans,
                (SELECT sum(scans) FROM scan_daily_stats WHERE owner_user_id = ?1) AS rolled,
                (SELECT count(*) FROM scan_daily_stats WHERE owner_user_id = ?1) AS stat_rows`,
      )
      .bind(OWNER)
      .first<{ contacts: number; scans: number; rolled: number; stat_rows: number }>();
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
    await measure(d1, "/dashboard/contacts?page=150", (db) => listContacts(db, OWNER, q({ page: "150" })));
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
    const analytics = (await measure(d1, "/dashboard/analytics", (db) => loadAnalytics(db, OWNER, now))) as {
      windows: { all: { scans: number } };
    };
    console.log(
      `\ncheck: contacts total ${page.total}, search matches ${search.total}, filter matches ${filter.total}, ` +
        `analytics all-time scans ${analytics.windows.all.scans.toLocaleString("en")} (= the rollups)`,
    );
    if (analytics.windows.all.scans !== totals?.rolled) throw new Error("analytics does not match the rollups");
  } finally {
    await mf.dispose();
  }
}

await main();
