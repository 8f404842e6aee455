import type { EventPayloads, EventType } from "@releve/core/platform/events";
import type { StoredEvent } from "@releve/db/platform/events";
import type { ConsumerEffects } from "../effects";

/**
 * A consequence of events delivered after the change (issue #48, decision 0065): named once and
 * for ever (its deliveries are recorded under the name), the types it follows, and what it does.
 * It runs at least once per event and may run again after a failure: it must be idempotent.
 */
export type Consumer = {
  name: string;
  types: readonly EventType[];
  run(effects: ConsumerEffects, event: StoredEvent): Promise<void>;
};

/** The event's payload as its type says (the log stores JSON). */
export function payloadOf<T extends EventType>(event: StoredEvent, _type: T): EventPayloads[T] {
  return event.payload as EventPayloads[T];
}
