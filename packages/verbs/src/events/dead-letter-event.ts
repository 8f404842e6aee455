import { loadEvent, markDeadLetters } from "@releve/db/platform/events";
import type { ConsumerEffects } from "../effects";
import type { Consumer } from "../platform/consumer";
import { CONSUMERS, consumersOf } from "./consumers";

/**
 * The queue gave up on an event after its retries (its dead-letter queue): each consumer that
 * has not handled it is marked dead, with its last error, for staff to see and send again.
 * The sweep leaves a dead letter alone. Returns how many consumers were marked.
 */
export async function deadLetterEvent(
  effects: Pick<ConsumerEffects, "db" | "now">,
  eventId: string,
  consumers: readonly Consumer[] = CONSUMERS,
): Promise<number> {
  const event = await loadEvent(effects.db, eventId);
  if (!event) return 0;
  const names = consumersOf(event.type, consumers).map((consumer) => consumer.name);
  return markDeadLetters(effects.db, eventId, names, effects.now());
}
