/**
 * What the workers projects' per-file reset (fresh-state.ts) needs to know of the state left by
 * an earlier file.
 */
import { env } from "cloudflare:workers";

const bindings = env as unknown as { DB: D1Database; TAP_KV?: KVNamespace };

/**
 * Every key the tap may remember: the garments' slugs, the products' GTINs and every KV key (a
 * remembered "no such slug" too).
 */
export async function rememberedSlugs(): Promise<string[]> {
  const slugs = new Set<string>();
  const garments = await bindings.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'garments'",
  ).first();
  if (garments) {
    const { results } = await bindings.DB.prepare("SELECT short_slug FROM garments").all<{ short_slug: string }>();
    for (const row of results) slugs.add(row.short_slug);
  }
  const products = await bindings.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'products'",
  ).first();
  if (products) {
    const { results } = await bindings.DB.prepare("SELECT gtin FROM products").all<{ gtin: string }>();
    for (const row of results) slugs.add(row.gtin);
  }
  if (bindings.TAP_KV) {
    let cursor: string | undefined;
    do {
      const page = await bindings.TAP_KV.list({ cursor });
      for (const key of page.keys) {
        slugs.add(key.name);
        const bare = key.name.split(":").at(-1);
        if (bare) slugs.add(bare);
      }
      if (page.list_complete) break;
      cursor = page.cursor;
    } while (cursor);
  }
  return [...slugs];
}
