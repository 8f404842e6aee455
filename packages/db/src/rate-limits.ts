/**
 * Rate-limit events (per IP, per owner) for public forms.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { and, asc, count, eq, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "./client";
import { rateEvents } from "./schema";

/** Events counted in `bucket` for `key` after `since` (ms): a query, so callers can batch it. */
export function countRateEvents(db: Db, input: { bucket: string; key: string; since: number }) {
  return db
    .select({ n: count() })
    .from(rateEvents)
    .where(
      and(
        eq(rateEvents.bucket, input.bucket),
        eq(rateEvents.key, input.key),
        gt(rateEvents.created_at, new Date(input.since)),
      ),
    );
}

/** Counts one event in `bucket` for `key` at `at` (ms): a statement, so callers can batch it with the write it limits. */
export function recordRateEvent(db: Db, input: { bucket: string; key: string; at: number }) {
  return db.insert(rateEvents).values({ bucket: input.bucket, key: input.key, created_at: new Date(input.at) });
}

/**
 * Housekeeping: at most `limit` events counted before `before`, as a statement to batch.
 * Ids grow with time, so walking them in order meets the old rows first and stops at `limit`.
 */
export function purgeRateEvents(db: Db, before: Date, limit: number) {
  const old = db
    .select({ id: rateEvents.id })
    .from(rateEvents)
    .where(lt(rateEvents.created_at, before))
    .orderBy(asc(rateEvents.id))
    .limit(limit);
  return db.delete(rateEvents).where(inArray(rateEvents.id, old));
}
