import type { Db } from "@releve/db";
import { type RateSlot, takeRateSlots } from "@releve/db/rate-limits";
import { sha256Hex } from "./crypto.server";

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
