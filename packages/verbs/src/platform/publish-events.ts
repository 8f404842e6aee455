import type { DomainEvent } from "@releve/core/platform/events";
import type { Effects } from "../effects";

/**
 * After a verb's batch has committed: its events are queued for their consumers. Never fails the
 * verb (the change and its event are stored): if the queue cannot be reached, the cron's sweep
 * queues the event within minutes (sweep-events.ts).
 */
export async function publishEvents(effects: Pick<Effects, "queues">, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  try {
    await effects.queues.events.sendBatch(events.map((event) => ({ body: { eventId: event.id } })));
  } catch (error) {
    console.warn("[events] could not queue; the sweep will", error);
  }
}
