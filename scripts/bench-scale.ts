/**
 * `npm run bench:scale` (issue #30): every page, API and export at brand scale. For each size
 * (default 10,000 and 1,000,000 garments; `--sizes=10000,100000` picks others) it prepares a
 * fresh local state as `npm start` does (migrations, demo seed), grows its D1 with
 * growScaleBench (one client per ten garments, half the garments claimed, and on the demo owner
 * one scan per garment and one contact per twenty, over four garments), rolls the scans up with
 * the real rollup, serves the build from workerd as `npm start` does, signs in as the demo owner
 * and the demo admin, and times each request (median of BENCH_REPEATS, default 7; exports 3).
 *
 * Printed per operation: the median at each size, the bytes, and the ratio of the largest size to
 * the smallest. Targets: pages and APIs at most 2x and under 150 ms at the largest size; exports
 * complete (every row present) and linear in their own rows only (the time per row at most 2x).
 * It builds first (`--no-build` reuses apps/web/build). Times are printed, never asserted.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, globSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { catchUpScans } from "@releve/db/crm/commands";
import type { D1Like } from "@releve/db/platform/binding-types";
import { growScaleBench } from "@releve/db/testing/bench-data";
import { createNodeD1 } from "@releve/db/testing/node-sqlite-d1";
import { waitForHealth } from "./bench-server";
import { ensureDevVars, ROOT } from "./dev-vars";

const PORT = Number(process.env.BENCH_PORT ?? 4540);
const ORIGIN = `http://localhost:${PORT}`;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 7);
const EXPORT_REPEATS = Math.min(REPEATS, 3);
const sizesArg = process.argv.find((a) => a.startsWith("--sizes="));
const SIZES = (sizesArg?.slice("--sizes=".length) ?? "10000,1000000").split(",").map(Number);
const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const STATE = join(ROOT, "apps/web/.wrangler/bench-scale-state");

type Kind = "page" | "export";
type Op = {
  name: string;
  as: "admin" | "owner" | "visitor";
  kind: Kind;
  path: (ids: Ids) => string;
  /** An export's row count from its body, and the rows it must have at this size. */
  rows?: { count: (body: string) => number; expected: (ids: Ids) => number };
};
/** The owner's first grown garment, and what the exports must hold: every garment, every contact of the owner. */
type Ids = { ownerGarment: number; ownerSlug: string; garments: number; contacts: number };
type Result = { ms: number; bytes: number; status: number; rows?: number; expected?: number };

const csvRows = (body: string) => body.split("\n").filter((line) => line.trim()).length - 1;
const OPS: Op[] = [
  { name: "admin garment search, common hit", as: "admin", kind: "page", path: () => "/api/admin/garments?q=dubois" },
  { name: "admin garment search, one hit", as: "admin", kind: "page", path: () => "/api/admin/garments?q=0000007" },
  { name: "admin garment search, no match", as: "admin", kind: "page", path: () => "/api/admin/garments?q=zqxjv" },
  // The 'Registered & Claimed' tab's own search (status=claimed), and the stock's.
  {
    name: "admin claimed garments search",
    as: "admin",
    kind: "page",
    path: () => "/api/admin/garments?status=claimed&q=dubois",
  },
  {
    name: "admin unclaimed garments search",
    as: "admin",
    kind: "page",
    path: () => "/api/admin/garments?status=unclaimed&q=dubois",
  },
  {
    name: "admin garments, page 2 (keyset)",
    as: "admin",
    kind: "page",
    path: (ids) => `/api/admin/garments?status=all&before=${ids.garments - 40}`,
  },
  { name: "admin stats", as: "admin", kind: "page", path: () => "/api/admin/stats" },
  { name: "admin unclaimed, page 1", as: "admin", kind: "page", path: () => "/api/admin/garments/unclaimed" },
  { name: "admin client search, one hit", as: "admin", kind: "page", path: () => "/api/admin/clients?q=client0000007" },
  { name: "admin client search, no match", as: "admin", kind: "page", path: () => "/api/admin/clients?q=zqxjv" },
  { name: "owner garment page", as: "owner", kind: "page", path: (ids) => `/dashboard/garment/${ids.ownerGarment}` },
  { name: "owner contacts, page 1", as: "owner", kind: "page", path: () => "/dashboard/contacts" },
  { name: "owner contact search, hit", as: "owner", kind: "page", path: () => "/dashboard/contacts?q=guest0000007" },
  { name: "owner contact search, no match", as: "owner", kind: "page", path: () => "/dashboard/contacts?q=zqxjv" },
  { name: "/connections", as: "owner", kind: "page", path: () => "/connections" },
  { name: "/dashboard/analytics", as: "owner", kind: "page", path: () => "/dashboard/analytics" },
  { name: "tap (phone)", as: "visitor", kind: "page", path: (ids) => `/t/${ids.ownerSlug}` },
  {
    name: "contacts CSV",
    as: "owner",
    kind: "export",
    path: () => "/dashboard/contacts/contacts.csv",
    rows: { count: csvRows, expected: (ids) => ids.contacts },
  },
  {
    name: "admin garments CSV",
    as: "admin",
    kind: "export",
    path: () => "/api/admin/garments/export.csv",
    rows: { count: csvRows, expected: (ids) => ids.garments },
  },
];

function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(cmd, args, {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...env },
  });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${res.status})`);
}

/** Migrations and the demo seed on a fresh state, as `npm start` prepares it; the D1 file's path. */
function prepareState(): string {
  rmSync(STATE, { recursive: true, force: true });
  run("npx", ["tsx", "scripts/local.ts", "prepare"], { RELEVE_STATE_DIR: STATE });
  const [file] = globSync(join(STATE, "v3/d1/miniflare-D1DatabaseObject/*.sqlite"));
  if (!file) throw new Error(`no local D1 under ${STATE}`);
  return file;
}

async function grow(file: string, garments: number) {
  const sqlite = new DatabaseSync(file);
  try {
    const d1 = createNodeD1(sqlite) as unknown as D1Like;
    const owner = sqlite.prepare("SELECT id FROM users WHERE email = 'owner@releve.local'").get() as { id: string };
    const start = performance.now();
    await growScaleBench(d1, owner.id, garments, Date.now());
    const grown = performance.now() - start;
    // The cron's own catch-up (scan_daily_stats and the cities and browsers), on the grown file.
    const rollStart = performance.now();
    const { runs, caughtUp } = await catchUpScans(d1, { budgetMs: 600_000 });
    if (!caughtUp) throw new Error("the rollup did not catch up within 10 minutes");
    const rolled = performance.now() - rollStart;
    const counts = sqlite
      .prepare(
        `SELECT (SELECT count(*) FROM garments) AS garments, (SELECT count(*) FROM profiles) AS profiles,
          (SELECT count(*) FROM scans) AS scans, (SELECT count(*) FROM contacts WHERE owner_user_id = ?) AS contacts`,
      )
      .get(owner.id) as Record<string, number>;
    const own = sqlite
      .prepare("SELECT id AS ownerGarment, short_slug AS ownerSlug FROM garments WHERE short_slug = 'scale-own-1'")
      .get() as { ownerGarment: number; ownerSlug: string };
    const ids: Ids = { ...own, garments: counts.garments ?? 0, contacts: counts.contacts ?? 0 };
    console.log(
      `  grown in ${(grown / 1000).toFixed(1)} s: ${Object.entries(counts)
        .map(([k, v]) => `${v.toLocaleString("en")} ${k}`)
        .join(
          ", ",
        )}; the rollup caught up in one catch-up of ${runs} run(s), ${(rolled / 1000).toFixed(1)} s (node:sqlite on the D1 file)`,
    );
    return ids;
  } finally {
    sqlite.close();
  }
}

async function signIn(email: string, password: string): Promise<string> {
  const body = new URLSearchParams({ intent: "login", email, password, redirectTo: "" });
  const res = await fetch(`${ORIGIN}/auth`, { method: "POST", body, redirect: "manual", headers: { Origin: ORIGIN } });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (res.status !== 302 || !cookie) throw new Error(`sign-in as ${email} answered ${res.status}`);
  return cookie;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function measureSize(garments: number): Promise<Map<string, Result>> {
  console.log(`\n${garments.toLocaleString("en")} garments`);
  const file = prepareState();
  const ids = await grow(file, garments);
  const vars = ensureDevVars(() => {});
  // Served in a process of its own (as `npm start`), so its CPU is not this one's.
  const server = spawnServer();
  const results = new Map<string, Result>();
  try {
    await waitForHealth(ORIGIN);
    const cookies = {
      admin: await signIn("admin@releve.local", vars.DEMO_ADMIN_PASSWORD ?? ""),
      owner: await signIn("owner@releve.local", vars.DEMO_OWNER_PASSWORD ?? ""),
      visitor: "",
    };
    for (const op of OPS) {
      const headers: Record<string, string> = op.as === "visitor" ? { "User-Agent": PHONE_UA } : {};
      if (cookies[op.as]) headers.Cookie = cookies[op.as];
      const times: number[] = [];
      let last: { status: number; body: string } = { status: 0, body: "" };
      const repeats = op.kind === "export" ? EXPORT_REPEATS : REPEATS;
      // One request first, untimed: the first of each kind pays for compiling its code.
      for (let r = -1; r < repeats; r++) {
        const start = performance.now();
        const res = await fetch(`${ORIGIN}${op.path(ids)}`, { headers, redirect: "manual" });
        const body = await res.text();
        if (r >= 0) times.push(performance.now() - start);
        last = { status: res.status, body };
      }
      const result: Result = { ms: median(times), bytes: Buffer.byteLength(last.body), status: last.status };
      if (op.rows) {
        result.rows = op.rows.count(last.body);
        result.expected = op.rows.expected(ids);
      }
      results.set(op.name, result);
      const rows = result.rows === undefined ? "" : `  ${result.rows.toLocaleString("en")} rows`;
      console.log(
        `  ${op.name.padEnd(36)} ${result.ms.toFixed(1).padStart(9)} ms ${kb(result.bytes)}  ${last.status}${rows}`,
      );
    }
  } finally {
    await server.stop();
  }
  return results;
}

function spawnServer() {
  // `npm start`'s own start on the grown state: its migrations are applied, its seed is skipped.
  const proc = spawn("npx", ["tsx", "scripts/local.ts", "start", String(PORT)], {
    cwd: ROOT,
    stdio: "ignore",
    env: { ...process.env, RELEVE_STATE_DIR: STATE },
    detached: true,
  });
  return {
    stop: async () => {
      if (proc.pid) process.kill(-proc.pid, "SIGTERM");
      await new Promise((r) => proc.once("exit", r));
    },
  };
}

const kb = (bytes: number) =>
  (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`).padStart(10);

async function main() {
  if (!process.argv.includes("--no-build") || !existsSync(join(ROOT, "apps/web/build/client"))) {
    run("npm", ["run", "build"]);
  }
  const bySize = new Map<number, Map<string, Result>>();
  for (const size of SIZES) bySize.set(size, await measureSize(size));
  const small = bySize.get(SIZES[0] ?? 0);
  const large = bySize.get(SIZES[SIZES.length - 1] ?? 0);
  if (!small || !large) return;
  const lo = (SIZES[0] ?? 0).toLocaleString("en");
  const hi = (SIZES[SIZES.length - 1] ?? 0).toLocaleString("en");
  console.log(`\nbench:scale: median of ${REPEATS} requests (exports ${EXPORT_REPEATS}), ${lo} -> ${hi} garments`);
  console.log(`${"operation".padEnd(36)} ${lo.padStart(10)} ${hi.padStart(12)}   ratio  verdict`);
  let missed = 0;
  for (const op of OPS) {
    const a = small.get(op.name);
    const b = large.get(op.name);
    if (!a || !b) continue;
    let ratio = b.ms / a.ms;
    let verdict: string;
    if (op.kind === "export") {
      // Linear in its own rows: compare the time per row.
      ratio = b.ms / Math.max(1, b.rows ?? 0) / (a.ms / Math.max(1, a.rows ?? 0));
      const complete = a.rows === a.expected && b.rows === b.expected;
      verdict = `${complete ? "complete" : `INCOMPLETE (${b.rows} of ${b.expected})`}, per row ${ratio.toFixed(2)}x ${ratio <= 2 ? "ok" : "OVER"}`;
      if (!complete || ratio > 2) missed++;
    } else {
      const ok = ratio <= 2 && b.ms <= 150 && b.status < 500;
      verdict = ok ? "ok" : `OVER (target <= 2x and <= 150 ms)${b.status >= 500 ? ` status ${b.status}` : ""}`;
      if (!ok) missed++;
    }
    console.log(
      `${op.name.padEnd(36)} ${`${a.ms.toFixed(0)} ms`.padStart(10)} ${`${b.ms.toFixed(0)} ms`.padStart(12)} ${ratio.toFixed(2).padStart(6)}x  ${verdict}`,
    );
  }
  console.log(missed ? `\n${missed} target(s) missed` : "\nevery target met");
}

await main();
