/**
 * Rate-limit events (per sender, per address, per owner) for public forms and mails.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { sha256Hex } from "@releve/core/platform/crypto";
import { and, asc, count, eq, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "../client";
import { rateEvents } from "../schema";

/** Events counted in `bucket` for `key` after `since` (ms): a query, so callers can batch it. */
function countRateEvents(db: Db, input: { bucket: string; key: string; since: number }) {
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

/** One limit to take an event from: at most `limit` events in `bucket` for `key` after `since` (ms). */
export type RateSlot = { bucket: string; key: string; limit: number; since: number };

/**
 * Takes one event from every slot, or from none: the events are written and then counted in one
 * batch (a D1 batch is one transaction), so of concurrent requests near a limit only those that
 * fit pass, however many arrive at once. When any slot is over its limit, this request's events
 * are deleted again: a refused request counts nowhere. Returns the buckets that were full
 * (none: the events are taken).
 */
export async function takeRateSlots(db: Db, slots: readonly RateSlot[], at: number): Promise<string[]> {
  const [first, ...rest] = slots;
  if (!first) return [];
  const take = (slot: RateSlot) => recordRateEvent(db, { ...slot, at }).returning({ id: rateEvents.id });
  const results = await db.batch([take(first), ...rest.map(take), ...slots.map((slot) => countRateEvents(db, slot))]);
  const taken = results.slice(0, slots.length) as { id: number }[][];
  const counts = results.slice(slots.length) as { n: number }[][];
  const full = slots.filter((slot, i) => (counts[i]?.[0]?.n ?? 0) > slot.limit).map((slot) => slot.bucket);
  if (full.length > 0)
    await db.delete(rateEvents).where(
      inArray(
        rateEvents.id,
        taken.flat().map((row) => row.id),
      ),
    );
  return full;
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

/**
 * One sliding-window limit: at most `limit` events in `bucket` per `value` within `windowMs`.
 * A null value (no IP known) is not limited. Values are stored only as a SHA-256 with the
 * bucket, so `rate_events` holds no address in the clear.
 */
export type Limit<B extends string = string> = { bucket: B; value: string | null; limit: number; windowMs: number };

/**
 * Takes one event from every limit, or from none (decision 0031): a refused request counts
 * nowhere. Returns the first full bucket, in the order given, or null when the events are taken.
 */
/** The stored key of a limit's value: hashed, so rate_events holds no address or account id. */
export const rateKey = (bucket: string, value: string) => sha256Hex(`${bucket}:${value}`);

export async function takeLimits<B extends string>(
  db: Db,
  limits: readonly Limit<B>[],
  now = Date.now(),
): Promise<B | null> {
  const known = limits.filter((limit): limit is Limit<B> & { value: string } => limit.value !== null);
  const slots: RateSlot[] = await Promise.all(
    known.map(async (limit) => ({
      bucket: limit.bucket,
      key: await rateKey(limit.bucket, limit.value),
      limit: limit.limit,
      since: now - limit.windowMs,
    })),
  );
  const full = await takeRateSlots(db, slots, now);
  return known.find((limit) => full.includes(limit.bucket))?.bucket ?? null;
}
