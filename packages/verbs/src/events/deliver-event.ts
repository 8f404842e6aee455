import { d1Message } from "@releve/db/platform/d1-errors";
import {
  doneConsumers,
  loadEvent,
  markDeliveryDone,
  markDeliveryFailed,
  markEventDelivered,
} from "@releve/db/platform/events";
import type { ConsumerEffects } from "../effects";
import type { Consumer } from "../platform/consumer";
import { CONSUMERS, consumersOf } from "./consumers";

export type DeliveryOutcome =
  | { code: "delivered"; ran: string[] }
  | { code: "not_found" }
  | { code: "failed"; failed: string[]; error: string };

/**
 * Delivers one event to every consumer of its type that has not handled it yet (idempotent on
 * the event id: a consumer recorded done never runs for it again). Each consumer's success or
 * failure is recorded; the event is marked delivered when none is left. "failed" asks the
 * queue to retry with back-off; after its retries the event is dead-lettered (deadLetterEvent).
 */
export async function deliverEvent(
  effects: ConsumerEffects,
  eventId: string,
  consumers: readonly Consumer[] = CONSUMERS,
): Promise<DeliveryOutcome> {
  const event = await loadEvent(effects.db, eventId);
  if (!event) return { code: "not_found" };
  const done = await doneConsumers(effects.db, eventId);
  const ran: string[] = [];
  const failed: string[] = [];
  let error = "";
  for (const consumer of consumersOf(event.type, consumers)) {
    if (done.has(consumer.name)) continue;
    try {
      await consumer.run(effects, event);
      await markDeliveryDone(effects.db, eventId, consumer.name, effects.now());
      ran.push(consumer.name);
    } catch (caught) {
      error = `${consumer.name}: ${d1Message(caught)}`;
      failed.push(consumer.name);
      await markDeliveryFailed(effects.db, eventId, consumer.name, d1Message(caught), effects.now());
    }
  }
  if (failed.length > 0) return { code: "failed", failed, error };
  if (!event.deliveredAt) await markEventDelivered(effects.db, eventId, effects.now());
  return { code: "delivered", ran };
}
