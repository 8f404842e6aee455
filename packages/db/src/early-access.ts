/**
 * Early-access entries.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import type { Db } from "./client";
import { recordRateEvent } from "./rate-limits";
import { earlyAccessEntries } from "./schema";

/**
 * Adds an entry unless its (lower-cased) email is already listed: a statement returning the new
 * id, or nothing for a duplicate, so callers can batch it with the rate-limit event.
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

/**
 * Adds an entry and, when the caller is rate-limited by a key, counts the attempt in the same
 * batch (one transaction). True when the entry is new, false for a listed address.
 */
export async function addEarlyAccessEntry(
  db: Db,
  entry: Parameters<typeof insertEarlyAccessEntry>[1],
  rate: { bucket: string; key: string; at: number } | null,
): Promise<boolean> {
  const insert = insertEarlyAccessEntry(db, entry);
  const [inserted] = rate ? await db.batch([insert, recordRateEvent(db, rate)]) : [await insert];
  return inserted.length > 0;
}
