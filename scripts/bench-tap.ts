/**
 * `npm run bench:tap` (issue #5): the built tap worker under load, on real local D1/KV/Queue
 * bindings (Miniflare/workerd), against a bare Hono 302 worker in the same process tree.
 * Prints p50/p99 latency and requests/s for (a) a hit (a repeat tap, from the isolate memo),
 * (a-kv) a hit read from KV (the same build with the memo off), (b) KV miss -> D1, (c) unknown
 * slug, (d) the baseline, (e) the baseline plus one KV read, (dl) the same garment tapped by its
 * GS1 Digital Link and (ls) its linkset (issue #31), the ratios, and the tap bundle's gzip size. Beside them, the tap as deployed next to the shell's production build (`/t/*` to
 * the tap, the rest to the shell, decision 0029): (f) a visitor's tap answered in place (the
 * tap plus the shell's render over SHELL), (g) the same tap as a 302 (`?answer=redirect`) and
 * (h) the shell's `/share/<slug>`, the 302 path's second request; (s) a secure garment's tap,
 * SUN-verified with a fresh counter every request (the MAC, then its tag's Durable Object); BENCH_SHELL_REQUESTS (default
 * 500) per round for those. BENCH_SKIP_BUILD=1 reuses an existing app build. Not a test: numbers
 * depend on the machine. BENCH_REQUESTS (per case and round, default 10000), BENCH_ROUNDS
 * (default 3; each case's round with the median p50 is reported, which damps a shared
 * machine's noise) and BENCH_CONNECTIONS (default 10) tune the run; BENCH_CASES (e.g. "d,a,a'")
 * runs only those cases, for quick comparisons while working on one path. Every case runs twice: with
 * 1 connection (each request's own latency, nothing queued) and with BENCH_CONNECTIONS (the
 * machine saturated: latency then includes waiting for a core).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { parseSunKeys } from "@releve/core/tap/sun";
import { sunTapQuery } from "@releve/core/tap/testing/sun-tap";
import type { D1Like } from "@releve/db/platform/binding-types";
import { applyMigrations, BENCH_GTIN, seedSecureTapBench, seedTapBench } from "@releve/db/testing/bench-data";
import autocannon from "autocannon";
import { build } from "esbuild";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { ROOT } from "./dev-vars";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MODES = [1, CONNECTIONS];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Math.min(2_000, REQUESTS);
const ONLY = process.env.BENCH_CASES?.split(",").map((c) => `(${c.trim()})`);
const SHELL_REQUESTS = Number(process.env.BENCH_SHELL_REQUESTS ?? Math.min(500, REQUESTS));
const OUT = join(ROOT, "workers/tap/dist/bench");
const SECRET = "bench-only-secret-0123456789abcdef0123456789";
/** The brand's address both workers require (issue #35); bench only. */
const BRAND_CONTACT_EMAIL = "care@releve.example.com";
/** bench:tap's own SUN keys (bench only) and 64 secure garments, each its own tag (issue #21). */
const SUN_KEYS = JSON.stringify([
  {
    version: 1,
    metaReadKey: "00112233445566778899aabbccddeeff",
    fileReadMasterKey: "ffeeddccbbaa99887766554433221100",
  },
]);
const SECURE_TAGS = Array.from({ length: 64 }, (_, k) => ({
  slug: `bench-secure-${k}`,
  uid: `04${k.toString(16).padStart(2, "0").toUpperCase()}A1B2C3D4E5`,
}));
let sunTaps = 0;
/**
 * The next secure tap as a chip would write it: tags in turn, each tag's counter one higher than
 * its last, so a tag's next tap is issued 64 requests after its last: with 10 connections in flight they do not overtake each other.
 */
function nextSecureTap(): string {
  const n = sunTaps++;
  const tag = SECURE_TAGS[n % SECURE_TAGS.length] as (typeof SECURE_TAGS)[number];
  const key = parseSunKeys(SUN_KEYS)[0];
  if (!key) throw new Error("no bench SUN key");
  return `/t/${tag.slug}${sunTapQuery(key, { uid: tag.uid, counter: Math.floor(n / SECURE_TAGS.length) + 1 })}`;
}

function buildTap(): { path: string; gzipBytes: number; bytes: number } {
  // Exactly what `wrangler deploy` would upload, built from workers/tap/wrangler.jsonc.
  execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", OUT], {
    cwd: join(ROOT, "workers/tap"),
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  const path = join(OUT, "index.js");
  const code = readFileSync(path);
  return { path, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
}

async function buildReference(name: string): Promise<string> {
  const path = join(OUT, `${name}.js`);
  mkdirSync(OUT, { recursive: true });
  await build({
    entryPoints: [join(ROOT, `tests/bench/${name}.ts`)],
    outfile: path,
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2024",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    logLevel: "warning",
  });
  return path;
}

/** The tap's secure-tag counters (issue #21), as its wrangler.jsonc declares them. */
const TAG_COUNTERS = { TAG_COUNTERS: { className: "TagCounter", useSQLite: true } };

const worker = (name: string, scriptPath: string, extra: Record<string, unknown> = {}) =>
  new Miniflare(
    convertV4MiniflareOptions({
      name,
      modules: true,
      scriptPath,
      compatibilityDate: "2026-10-01",
      compatibilityFlags: ["nodejs_compat"],
      host: "127.0.0.1",
      port: 0,
      cf: { city: "Paris", country: "FR", colo: "CDG" },
      ...extra,
    }),
  );

/** The shell's production build (React Router's server build), as `npm run build` writes it. */
function buildShell() {
  const rootPath = join(ROOT, "apps/web/build/server");
  if (!process.env.BENCH_SKIP_BUILD || !existsSync(join(rootPath, "index.js"))) {
    execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  }
  // Its entry first, then the chunks it imports.
  const chunks = readdirSync(join(rootPath, "assets")).filter((file) => file.endsWith(".js"));
  const modules = ["index.js", ...chunks.map((file) => `assets/${file}`)];
  return { rootPath, modules: modules.map((path) => ({ type: "ESModule" as const, path })) };
}

/**
 * The shell and the tap in one workerd, bound both ways as deployed: `/t/*` reaches the tap
 * (as the production route sends it), everything else the shell. APP_ENV "test" lets the
 * tap's `?answer=redirect` switch answer (g) from the same worker.
 */
function shellAndTap(shell: ReturnType<typeof buildShell>, tapPath: string) {
  const storage = {
    compatibilityDate: "2026-10-01",
    compatibilityFlags: ["nodejs_compat"],
    bindings: { APP_ENV: "test", SESSION_SECRET: SECRET, CHIP_SECRET: SECRET, BRAND_CONTACT_EMAIL },
    d1Databases: { DB: "00000000-0000-4000-8000-0000000be4c5" },
    kvNamespaces: { TAP_KV: "bench-shell" },
    // The shell's env needs every binding it declares (the photos' R2 since issue #19).
    r2Buckets: { PHOTOS: "bench-photos" },
    // And the alerts queue since issue #33 (a card's contacts queue their owner's alert), the
    // event log's since issue #48 (every change names its event there).
    queueProducers: {
      SCANS: { queueName: "releve-scans" },
      ALERTS: { queueName: "releve-alerts" },
      EVENTS: { queueName: "releve-events" },
    },
  };
  return new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      cf: { city: "Paris", country: "FR", colo: "CDG" },
      workers: [
        {
          name: "releve-web",
          ...shell,
          ...storage,
          serviceBindings: { TAP: "releve-tap", TAP_CONTROL: { name: "releve-tap", entrypoint: "TapControl" } },
        },
        {
          name: "releve-tap",
          modules: true,
          scriptPath: tapPath,
          routes: ["*/t/*"],
          ...storage,
          durableObjects: TAG_COUNTERS,
          serviceBindings: { SHELL: "releve-web" },
        },
      ],
    }),
  );
}

async function migrateAndSeed(mf: Miniflare) {
  const db = (await mf.getD1Database("DB")) as unknown as D1Like;
  await applyMigrations(db);
  await seedTapBench(db, REQUESTS * ROUNDS * MODES.length + WARMUP);
  await seedSecureTapBench(db, SECURE_TAGS, 1);
}

type Stats = { p50: number; p99: number; rps: number; statuses: Record<number, number> };

/** A fixed count of requests; `path(i)` may give every request its own URL. */
async function load(
  url: URL,
  amount: number,
  path: (i: number) => string,
  headers: Record<string, string> = {},
  connections = CONNECTIONS,
): Promise<Stats> {
  let i = 0;
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  // Timed to the last response: autocannon notices the end of a fixed count only on its 1 s tick.
  const started = performance.now();
  let finished = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: url.origin,
        amount,
        connections,
        requests: [{ method: "GET", headers, setupRequest: (req) => ({ ...req, path: path(i++) }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // autocannon's own histogram keeps whole milliseconds; the event gives the exact duration.
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      finished = performance.now();
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), rps: result.requests.total / ((finished - started) / 1000), statuses };
}

const fmt = (n: number, d = 3) => n.toFixed(d);

const IN_PLACE = "(f) visitor tap, share page in place";
const DIGITAL_LINK = "(dl) Digital Link tap, memo hit";
const LINKSET = "(ls) resolver: the Digital Link's linkset";
const DL_PATH = `/01/${BENCH_GTIN}/21/bench-hit`;
const SECURE = "(s) secure tap, SUN verified, fresh counter";
const AS_302 = "(g) same tap, 302 (?answer=redirect)";
const SHARE_PAGE = "(h) /share/<slug> from the shell (302's 2nd)";

/** x's figures over y's: p50, p99 and req/s. */
const ratio = (x: Stats, y: Stats) =>
  `p50 ${fmt(x.p50 / y.p50, 2)}x, p99 ${fmt(x.p99 / y.p99, 2)}x, req/s ${fmt(x.rps / y.rps, 2)}x`;

function report(connections: number, results: Record<string, Stats>) {
  console.log("");
  console.log(
    connections === 1
      ? "latency, 1 connection (each request alone):"
      : `under load, ${connections} connections (the 2-core machine saturated):`,
  );
  console.log(`${"case".padEnd(44)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"req/s".padStart(9)}  statuses`);
  for (const [name, s] of Object.entries(results)) {
    const statuses = Object.entries(s.statuses)
      .map(([code, n]) => `${code}x${n}`)
      .join(" ");
    console.log(
      `${name.padEnd(44)} ${fmt(s.p50).padStart(8)} ${fmt(s.p99).padStart(8)} ${fmt(s.rps, 0).padStart(9)}  ${statuses}`,
    );
  }
  // A case that answered 5xx measured an error page, not the tap (issue #30 found (f) and (h) so):
  // say so loudly rather than print its time as a result.
  const failed = Object.entries(results).filter(([, s]) => Object.keys(s.statuses).some((code) => Number(code) >= 500));
  for (const [name, s] of failed) {
    console.log(`ERROR: ${name} answered ${JSON.stringify(s.statuses)}: its figures are an error page's`);
  }
  if (failed.length) process.exitCode = 1;
  const a = results["(a) hit: repeat tap, from the isolate memo"];
  const akv = results["(a-kv) hit: KV read (memo off)"];
  const d = results["(d) bare Hono 302, no lookup"];
  const e = results["(e) bare Hono 302 + one KV read"];
  if (a && akv && d && e) {
    console.log(`ratio (a)/(d):    ${ratio(a, d)}   (target: p50 <= 1.3x)`);
    console.log(`ratio (a-kv)/(d): ${ratio(akv, d)}   (a KV read is local Miniflare I/O)`);
    console.log(`ratio (a-kv)/(e): ${ratio(akv, e)}   (the tap's own cost over its one KV read)`);
    const secure = results[SECURE];
    if (secure) {
      console.log(`ratio (s)/(a-kv): ${ratio(secure, akv)}   (target: p50 <= 2x the KV-hit tap)`);
      console.log(`ratio (s)/(a):    ${ratio(secure, a)}   (over the memo hit)`);
    }
  }
  const dl = results[DIGITAL_LINK];
  const ls = results[LINKSET];
  if (a && dl) console.log(`ratio (dl)/(a):   ${ratio(dl, a)}   (target: p50 <= 1.1x the slug tap)`);
  if (a && ls) console.log(`ratio (ls)/(a):   ${ratio(ls, a)}   (target: p50 <= 2x the slug tap)`);
  const f = results[IN_PLACE];
  const g = results[AS_302];
  const h = results[SHARE_PAGE];
  if (f && g && h) {
    console.log(
      `server time of a visitor's tap: in place (f) p50 ${fmt(f.p50)} ms; 302 path (g)+(h) p50 ${fmt(g.p50)} + ${fmt(h.p50)} = ${fmt(g.p50 + h.p50)} ms, plus the phone's second round trip`,
    );
  }
}

async function main() {
  console.log(
    `bench:tap: ${REQUESTS} requests per case and round, ${ROUNDS} rounds, with 1 and ${CONNECTIONS} connections, ${WARMUP} warm-up requests`,
  );
  const tap = buildTap();
  const shell = buildShell();
  const baselinePath = await buildReference("baseline-worker");
  const kvBaselinePath = await buildReference("kv-baseline-worker");

  const tapOptions = (memoTtlMs?: string) => ({
    bindings: {
      APP_ENV: "production",
      SESSION_SECRET: SECRET,
      BRAND_CONTACT_EMAIL,
      SUN_KEYS,
      ...(memoTtlMs === undefined ? {} : { TAP_MEMO_TTL_MS: memoTtlMs }),
    },
    d1Databases: { DB: "00000000-0000-4000-8000-0000000be4c4" },
    kvNamespaces: { TAP_KV: "bench" },
    queueProducers: { SCANS: { queueName: "releve-scans" } },
    durableObjects: TAG_COUNTERS,
  });
  // The tap as deployed (its isolate memo on), and the same build with the memo off: every
  // tap then reads KV, as the first tap of a garment in a fresh isolate does.
  const tapMf = worker("releve-tap", tap.path, tapOptions());
  const tapKvMf = worker("releve-tap-kv", tap.path, tapOptions("0"));
  const baseMf = worker("baseline", baselinePath);
  const kvBaseMf = worker("kv-baseline", kvBaselinePath, { kvNamespaces: { TAP_KV: "bench" } });
  const pairMf = shellAndTap(shell, tap.path);
  try {
    const pairDb = (await pairMf.getD1Database("DB")) as unknown as D1Like;
    await applyMigrations(pairDb);
    await seedTapBench(pairDb, 1);
    const pairUrl = await pairMf.ready;
    await migrateAndSeed(tapMf);
    await migrateAndSeed(tapKvMf);
    const tapUrl = await tapMf.ready;
    const tapKvUrl = await tapKvMf.ready;
    const baseUrl = await baseMf.ready;
    const kvBaseUrl = await kvBaseMf.ready;

    // Warm-up: isolates, JIT, the KV entry for (a); its own slugs for (b) and (c).
    await load(baseUrl, WARMUP, () => "/t/bench-hit");
    await load(tapUrl, WARMUP, () => "/t/bench-hit");
    await load(tapKvUrl, WARMUP, () => "/t/bench-hit");
    // The tap's own KV entry, copied so (e) reads the very same value.
    type Kv = { get(key: string): Promise<string | null>; put(key: string, value: string): Promise<void> };
    const kv = async (mf: Miniflare) => (await mf.getKVNamespace("TAP_KV")) as unknown as Kv;
    const record = await (await kv(tapMf)).get("slug:bench-hit");
    if (!record) throw new Error("the warm-up did not cache slug:bench-hit");
    await (await kv(kvBaseMf)).put("slug:bench-hit", record);
    await load(kvBaseUrl, WARMUP, () => "/t/bench-hit");
    await load(tapUrl, WARMUP, (i) => `/t/miss-${REQUESTS * ROUNDS * MODES.length + 1 + i}`);
    await load(tapUrl, WARMUP, (i) => `/t/warm-nope-${i}`);
    await load(tapUrl, WARMUP, nextSecureTap);
    await load(tapUrl, WARMUP, () => DL_PATH);
    await load(tapUrl, WARMUP, () => `${DL_PATH}?linkType=linkset`);
    for (const path of ["/t/bench-hit", "/t/bench-hit?answer=redirect", "/share/bench-hit"]) {
      await load(pairUrl, Math.min(WARMUP, SHELL_REQUESTS), () => path);
    }

    // (b) and (c) give every request a slug no earlier request used, in any round.
    type Case = [string, URL, (i: number) => string, Record<string, string>?, number?];
    const cases = (round: number): Case[] => [
      ["(d) bare Hono 302, no lookup", baseUrl, () => "/t/bench-hit"],
      ["(e) bare Hono 302 + one KV read", kvBaseUrl, () => "/t/bench-hit"],
      ["(a) hit: repeat tap, from the isolate memo", tapUrl, () => "/t/bench-hit"],
      ["(a-kv) hit: KV read (memo off)", tapKvUrl, () => "/t/bench-hit"],
      // The same, minus the queue send after the response: how much of (a) the scan costs here. A
      // prefetch is answered as a tap and never a scan; a link-tester dry run (a signed marker)
      // would add its diagnosis reads (KV and D1), so it is not this case.
      ["(a') memo hit, prefetch (no scan sent)", tapUrl, () => "/t/bench-hit", { "sec-purpose": "prefetch" }],
      // The same garment by its GS1 Digital Link (issue #31): the same tap, the URI checked first.
      [DIGITAL_LINK, tapUrl, () => DL_PATH],
      // A resolver's question: the product's facts (memo) and the garment's route, as a linkset.
      [LINKSET, tapUrl, () => `${DL_PATH}?linkType=linkset`],
      ["(b) KV miss -> D1 (+ KV refill)", tapUrl, (i) => `/t/miss-${round * REQUESTS + i + 1}`],
      ["(c) unknown slug, first sight (D1)", tapUrl, (i) => `/t/nope-${round}-${i}`],
      ["(c') unknown slug, negatively cached", tapUrl, () => "/t/nope-0-0"],
      // A secure garment's tap (issue #21): the MAC, then its tag's Durable Object counter.
      [SECURE, tapUrl, nextSecureTap],
      [IN_PLACE, pairUrl, () => "/t/bench-hit", {}, SHELL_REQUESTS],
      [AS_302, pairUrl, () => "/t/bench-hit?answer=redirect", {}, SHELL_REQUESTS],
      [SHARE_PAGE, pairUrl, () => "/share/bench-hit", {}, SHELL_REQUESTS],
    ];
    for (const [m, connections] of MODES.entries()) {
      const runs: Record<string, Stats[]> = {};
      for (let r = 0; r < ROUNDS; r++) {
        const round = m * ROUNDS + r;
        for (const [name, url, path, headers, amount] of cases(round)) {
          if (ONLY && !ONLY.some((c) => name.startsWith(c))) continue;
          const stats = await load(url, amount ?? REQUESTS, path, headers, connections);
          runs[name] = [...(runs[name] ?? []), stats];
        }
      }
      const results: Record<string, Stats> = {};
      for (const [name, stats] of Object.entries(runs)) {
        const sorted = [...stats].sort((x, y) => x.p50 - y.p50);
        results[name] = sorted[Math.floor(sorted.length / 2)] as Stats;
      }
      report(connections, results);
    }
    console.log(
      `tap bundle: ${(tap.bytes / 1024).toFixed(1)} KiB, ${(tap.gzipBytes / 1024).toFixed(1)} KiB gzip (budget 50 KiB gzip)`,
    );
  } finally {
    await Promise.all([tapMf.dispose(), tapKvMf.dispose(), baseMf.dispose(), kvBaseMf.dispose(), pairMf.dispose()]);
  }
}

await main();
