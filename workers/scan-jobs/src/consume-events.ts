import { readEventMessage } from "@releve/core/platform/events";
import type { Db } from "@releve/db";
import { consumerEffectsOf } from "@releve/verbs/effects";
import { deadLetterEvent } from "@releve/verbs/events/dead-letter-event";
import { deliverEvent } from "@releve/verbs/events/deliver-event";
import { retryDelaySeconds } from "./consume-scans";
import type { ScanJobsEnv } from "./env";

/** The event log's queues (wrangler.jsonc), as a batch reports them. */
export const EVENTS_QUEUE = "releve-events";
export const EVENTS_DLQ = "releve-events-dlq";

/**
 * One batch of the events queue (issue #48, decision 0065): each message names an event; the
 * verb delivers it to the consumers that have not handled it. A failure is retried with
 * back-off; after max_retries the platform moves the message to the dead-letter queue.
 * A message that names no event is dropped with a warning.
 */
export async function consumeEvents(batch: MessageBatch<unknown>, env: ScanJobsEnv, db: Db): Promise<void> {
  const effects = consumerEffectsOf(env, db);
  for (const message of batch.messages) {
    const body = readEventMessage(message.body);
    if (!body) {
      console.warn(`[events] message ${message.id} names no event; dropped`);
      message.ack();
      continue;
    }
    const outcome = await deliverEvent(effects, body.eventId).catch((error: unknown) => ({
      code: "failed" as const,
      error: String(error),
    }));
    if (outcome.code === "failed") {
      console.warn(`[events] ${body.eventId}: ${outcome.error}; retrying`);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    } else {
      message.ack();
    }
  }
}

/** The dead-letter queue's batch: each event's undelivered consumers are marked dead, for staff. */
export async function consumeDeadEvents(batch: MessageBatch<unknown>, db: Db): Promise<void> {
  for (const message of batch.messages) {
    const body = readEventMessage(message.body);
    if (body) {
      const marked = await deadLetterEvent({ db, now: () => new Date() }, body.eventId);
      console.warn(`[events] ${body.eventId} dead-lettered (${marked} consumer(s))`);
    }
    message.ack();
  }
}
