/**
 * Before each test file: the state a newly started runtime would give it. The workers projects
 * run their files one after another in one workerd (`isolate: false`, decision 0063), so the
 * rows, KV entries, photos and the tap's memo of an earlier file are cleared here: D1's tables
 * are dropped and the migrations applied again (the same schema and migration rows as a first
 * start), every KV key and R2 object is deleted, and the tap forgets the slugs and GTINs it may
 * remember.
 * Durable Objects keep their storage: every test makes its secure tags with random UIDs.
 */
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { rememberedKeys } from "./state";

type Bindings = {
  DB: D1Database;
  TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  TAP_KV?: KVNamespace;
  PHOTOS?: R2Bucket;
  TAP_CONTROL?: { forget(slugs: string[]): void | Promise<void> };
};
const bindings = env as unknown as Bindings;

async function clearKv(kv: KVNamespace) {
  for (;;) {
    const page = await kv.list();
    if (page.keys.length === 0) return;
    await Promise.all(page.keys.map((key) => kv.delete(key.name)));
  }
}

async function clearR2(bucket: R2Bucket) {
  for (;;) {
    const page = await bucket.list({ limit: 1000 });
    if (page.objects.length === 0) return;
    await bucket.delete(page.objects.map((o) => o.key));
  }
}

/**
 * Drops every trigger, view and table, which takes the indexes along. A table goes only once no table
 * left refers to it: dropping a parent deletes its rows, and the foreign-key actions of that
 * delete need every child still there.
 */
async function dropSchema(db: D1Database) {
  const { results } = await db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    )
    .all<{ name: string; sql: string }>();
  if (results.length === 0) return;
  // An FTS5 table's shadow tables go with it; dropping one of them first is an error.
  const virtual = results.filter((t) => t.sql.startsWith("CREATE VIRTUAL TABLE")).map((t) => t.name);
  const tables = results
    .map((t) => t.name)
    .filter((name) => virtual.includes(name) || !virtual.some((v) => name.startsWith(`${v}_`)));
  const parents = new Map<string, Set<string>>();
  for (const name of tables) {
    const { results: keys } = await db
      .prepare('SELECT "table" AS parent FROM pragma_foreign_key_list(?)')
      .bind(name)
      .all<{ parent: string }>();
    parents.set(name, new Set(keys.map((k) => k.parent).filter((parent) => parent !== name)));
  }
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    const free = [...left].filter((name) => ![...left].some((other) => parents.get(other)?.has(name)));
    if (free.length === 0) throw new Error(`tables refer to each other in a circle: ${[...left].join(", ")}`);
    for (const name of free) {
      order.push(name);
      left.delete(name);
    }
  }
  // Triggers and views first: dropping a table deletes its rows, which would fire them into tables gone.
  const { results: others } = await db
    .prepare("SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view')")
    .all<{ type: "trigger" | "view"; name: string }>();
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = ON"),
    ...others.map(({ type, name }) => db.prepare(`DROP ${type.toUpperCase()} IF EXISTS ${quoted(name)}`)),
    ...order.map((name) => db.prepare(`DROP TABLE IF EXISTS ${quoted(name)}`)),
  ]);
}

const keys = await rememberedKeys();
if (keys.length > 0) await bindings.TAP_CONTROL?.forget(keys);
await Promise.all([
  bindings.TAP_KV ? clearKv(bindings.TAP_KV) : null,
  bindings.PHOTOS ? clearR2(bindings.PHOTOS) : null,
  dropSchema(bindings.DB),
]);
await applyD1Migrations(bindings.DB, bindings.TEST_MIGRATIONS);
