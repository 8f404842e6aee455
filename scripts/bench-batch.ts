/**
 * `npm run bench:batch` (issue #18): programming a batch of 1,000 stock garments in one call.
 * On a real local D1 (Miniflare/workerd, in memory, migrated), each round creates a batch and
 * runs what `POST /api/admin/tag-batches/:id/program` runs: 1,000 secure chip ids with their
 * signatures and encrypted ids (drawStockTags), then one D1 batch whose INSERTs carry every row
 * in one JSON parameter (programBatch: D1 allows 100 per statement); then what `POST …/import` writes for an encoder's
 * file of 1,000 UIDs (assignBatchUids). Prints the median of BENCH_ROUNDS (default 5) rounds
 * of each step and the D1 statements and round trips they took. Times are printed, not asserted.
 */
import { batchCode } from "@releve/core/tags/chip-id";
import { drawStockTags } from "@releve/core/tags/stock";
import { getDb } from "@releve/db";
import type { Actor } from "@releve/db/platform/audit";
import type { D1Like, KvLike } from "@releve/db/platform/binding-types";
import { assignBatchUids, createTagBatch, programBatch } from "@releve/db/tags/commands";
import { batchTagsBySlugs, getTagBatch } from "@releve/db/tags/queries";
import { applyMigrations } from "@releve/db/testing/bench-data";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const COUNT = Number(process.env.BENCH_BATCH_SIZE ?? 1000);
// A bench-only key: the real one comes from the environment (CHIP_SECRET).
const SECRET = "bench-only-chip-secret-0123456789abcdef0123";
const ADMIN: Actor = { userId: "bench-admin", email: "admin@bench.local" };
const ORIGIN = "https://releve.example";

type Counter = { statements: number; roundTrips: number };

/** A D1 binding that counts what reaches D1: a statement run alone is one round trip, a batch is one (as bench:crm). */
function countingD1(d1: D1Like, counter: Counter): D1Like {
  const targets = new WeakMap<object, object>();
  const wrap = (statement: object): object => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (prop === "bind") return (...args: unknown[]) => wrap(value.apply(target, args));
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
      if (prop === "prepare") return (query: string) => wrap(value.call(target, query));
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const randomUid = () =>
  `04${[...crypto.getRandomValues(new Uint8Array(6))].map((b) => b.toString(16).padStart(2, "0")).join("")}`.toUpperCase();

async function main() {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: "export default { fetch: () => new Response(null, { status: 404 }) }",
      compatibilityDate: "2026-10-01",
      d1Databases: { DB: "00000000-0000-4000-8000-0000000ba7c4" },
      kvNamespaces: ["TAP_KV"],
    }),
  );
  try {
    const d1 = (await mf.getD1Database("DB")) as unknown as D1Like;
    const tap = { DB: d1, TAP_KV: (await mf.getKVNamespace("TAP_KV")) as unknown as KvLike };
    await applyMigrations(d1);
    await d1.batch([
      d1.prepare(`INSERT INTO users (id, email, password_hash) VALUES ('${ADMIN.userId}', '${ADMIN.email}', 'x')`),
      d1.prepare(`INSERT INTO admin_users (user_id) VALUES ('${ADMIN.userId}')`),
    ]);
    const plain = getDb(d1 as unknown as Parameters<typeof getDb>[0]);
    const times = { chips: [] as number[], program: [] as number[], total: [] as number[], import: [] as number[] };
    const counts = { program: { statements: 0, roundTrips: 0 }, import: { statements: 0, roundTrips: 0 } };
    for (let round = 1; round <= ROUNDS; round++) {
      const { id } = await createTagBatch(plain, ADMIN, { batch_name: `Bench ${round}`, description: null });
      const batch = id === undefined ? undefined : await getTagBatch(plain, id);
      if (!batch) throw new Error("batch not created");

      const started = performance.now();
      const tags = await drawStockTags(SECRET, {
        garmentType: "Jacket",
        batchCode: batchCode(batch),
        start: batch.total + 1,
        count: COUNT,
        skuPrefix: "RLV-JA",
      });
      const drawn = performance.now();
      const programCounter = { statements: 0, roundTrips: 0 };
      const db = getDb(countingD1(d1, programCounter) as unknown as Parameters<typeof getDb>[0]);
      await programBatch(db, ADMIN, batch, {
        garment: { name: "Jacket", garment_type: "Jacket", size: "M", color: "Black" },
        tagType: "NTAG213",
        tags,
        urlOf: (slug) => `${ORIGIN}/t/${slug}`,
      });
      const done = performance.now();
      times.chips.push(drawn - started);
      times.program.push(done - drawn);
      times.total.push(done - started);
      counts.program = programCounter;

      const stored = await batchTagsBySlugs(
        plain,
        batch.id,
        tags.map((t) => t.slug),
      );
      if (stored.length !== COUNT) throw new Error(`expected ${COUNT} tags, found ${stored.length}`);
      const importCounter = { statements: 0, roundTrips: 0 };
      const importDb = getDb(countingD1(d1, importCounter) as unknown as Parameters<typeof getDb>[0]);
      const importStart = performance.now();
      await assignBatchUids(
        importDb,
        tap,
        ADMIN,
        batch.id,
        stored.map((t) => ({
          tagId: t.id,
          garmentId: t.garment_id,
          uid: randomUid(),
          status: "active" as const,
          slug: t.slug,
          before: t.status,
          metadata: { ...t.metadata, programmingDate: new Date().toISOString() },
        })),
      );
      times.import.push(performance.now() - importStart);
      counts.import = importCounter;
      const after = await getTagBatch(plain, batch.id);
      if (after?.total !== COUNT || after.programmed !== COUNT || after.active !== COUNT) {
        throw new Error(`counters wrong: ${JSON.stringify(after)}`);
      }
    }
    const ms = (values: number[]) => `${median(values).toFixed(0).padStart(5)} ms`;
    console.log(
      `bench:batch: ${COUNT.toLocaleString("en")} garments per batch, median of ${ROUNDS} rounds, local D1 (Miniflare)\n`,
    );
    console.log(`chip ids, signatures, encrypted ids (drawStockTags)  ${ms(times.chips)}`);
    console.log(
      `D1 writes (programBatch)                            ${ms(times.program)}   ${counts.program.statements} statements in ${counts.program.roundTrips} round trip`,
    );
    console.log(`one batch call, total                               ${ms(times.total)}`);
    console.log(
      `encoder import of ${COUNT.toLocaleString("en")} UIDs (assignBatchUids)        ${ms(times.import)}   ${counts.import.statements} statements in ${counts.import.roundTrips} round trip`,
    );
    console.log("\ncheck: every round's counters read total = programmed = active =", COUNT);
  } finally {
    await mf.dispose();
  }
}

await main();
