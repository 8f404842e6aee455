/**
 * What the workers projects' per-file reset (fresh-state.ts) needs to know of the state left by
 * an earlier file.
 */
import { env } from "cloudflare:workers";

const bindings = env as unknown as { DB: D1Database; TAP_KV?: KVNamespace };

/** A column's values, or none when an earlier file never made the table (a first file). */
async function valuesOf(table: string, column: string): Promise<string[]> {
  const exists = await bindings.DB.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
    .bind(table)
    .first();
  if (!exists) return [];
  const { results } = await bindings.DB.prepare(`SELECT ${column} AS value FROM ${table}`).all<{ value: string }>();
  return results.map((row) => row.value);
}

/**
 * Every key the tap may remember: the garments' slugs, the products' GTINs and every KV key (a
 * remembered "no such slug" too).
 */
export async function rememberedKeys(): Promise<string[]> {
  const keys = new Set([...(await valuesOf("garments", "short_slug")), ...(await valuesOf("products", "gtin"))]);
  if (bindings.TAP_KV) {
    let cursor: string | undefined;
    do {
      const page = await bindings.TAP_KV.list({ cursor });
      for (const key of page.keys) {
        keys.add(key.name);
        const bare = key.name.split(":").at(-1);
        if (bare) keys.add(bare);
      }
      if (page.list_complete) break;
      cursor = page.cursor;
    } while (cursor);
  }
  return [...keys];
}
