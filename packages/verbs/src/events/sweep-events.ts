import { undeliveredEventIds } from "@releve/db/platform/events";
import type { ConsumerEffects } from "../effects";

/** An event not delivered this long after its change was not queued (or its message was lost). */
export const SWEEP_AFTER_MS = 2 * 60 * 1000;
const SWEEP_LIMIT = 500;

/**
 * The cron's sweep (every five minutes): events still undelivered SWEEP_AFTER_MS after they
 * happened, dead letters aside, are queued again; delivery is idempotent, so an event queued
 * twice is handled once. The ids queued.
 */
export async function sweepEvents(effects: Pick<ConsumerEffects, "db" | "queues" | "now">): Promise<string[]> {
  const before = new Date(effects.now().getTime() - SWEEP_AFTER_MS);
  const ids = await undeliveredEventIds(effects.db, before, SWEEP_LIMIT);
  // sendBatch takes at most 100 messages.
  for (let i = 0; i < ids.length; i += 100) {
    await effects.queues.events.sendBatch(ids.slice(i, i + 100).map((eventId) => ({ body: { eventId } })));
  }
  return ids;
}
