/**
 * Early-access entries.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import type { Db } from "./client";
import { earlyAccessEntries } from "./schema";

/**
 * Adds an entry unless its (lower-cased) email is already listed: a statement returning the new
 * id, or nothing for a duplicate.
 */
export function insertEarlyAccessEntry(
  db: Db,
  entry: Pick<typeof earlyAccessEntries.$inferInsert, "full_name" | "email" | "referral_source" | "created_at">,
) {
  return db
    .insert(earlyAccessEntries)
    .values(entry)
    .onConflictDoNothing({ target: earlyAccessEntries.email })
    .returning({ id: earlyAccessEntries.id });
}

/** Adds an entry (the caller took its rate slot first): true when new, false for a listed address. */
export async function addEarlyAccessEntry(
  db: Db,
  entry: Parameters<typeof insertEarlyAccessEntry>[1],
): Promise<boolean> {
  const inserted = await insertEarlyAccessEntry(db, entry);
  return inserted.length > 0;
}
