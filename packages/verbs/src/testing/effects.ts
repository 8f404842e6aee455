/**
 * Effects for tests in workerd: the real local bindings of the running test worker, acting as
 * `actor`, with the mail going to the local outbox and work after the answer awaited by
 * `settle()`. `deliverPending` runs the event log's consumers as the queue's consumer would.
 */
import { env } from "cloudflare:workers";
import type { Actor } from "@releve/core/platform/events";
import type { Db } from "@releve/db";
import { undeliveredEventIds } from "@releve/db/platform/events";
import { type ConsumerEffects, consumerEffectsOf, type Effects, type EffectsEnv, effectsOf } from "../effects";
import { type DeliveryOutcome, deliverEvent } from "../events/deliver-event";

type TestBindings = EffectsEnv & { PUBLIC_ORIGIN?: string };
const bindings = env as unknown as TestBindings;

export const TEST_ORIGIN = "https://releve.test";

export function testEffects(db: Db, actor: Actor): Effects & { settle(): Promise<void> } {
  const pending: Promise<unknown>[] = [];
  const effects = effectsOf(bindings, db, { origin: TEST_ORIGIN, actor, waitUntil: (p) => pending.push(p) });
  return Object.assign(Object.create(effects) as Effects, {
    async settle() {
      await Promise.all(pending.splice(0));
    },
  });
}

export function testConsumerEffects(db: Db): ConsumerEffects {
  return consumerEffectsOf({ ...bindings, PUBLIC_ORIGIN: bindings.PUBLIC_ORIGIN ?? TEST_ORIGIN }, db);
}

/** Delivers every undelivered event, oldest first, as the events queue's consumer would. */
export async function deliverPending(db: Db): Promise<DeliveryOutcome[]> {
  const effects = testConsumerEffects(db);
  const ids = await undeliveredEventIds(db, new Date(Date.now() + 60_000), 1000);
  const outcomes: DeliveryOutcome[] = [];
  for (const id of ids) outcomes.push(await deliverEvent(effects, id));
  return outcomes;
}
