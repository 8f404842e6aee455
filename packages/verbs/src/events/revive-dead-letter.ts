import { reviveDeadLetters } from "@releve/db/platform/events";
import type { Effects } from "../effects";

export type ReviveOutcome = { code: "queued"; consumers: number } | { code: "not_dead" };

/** Staff send a dead letter again: its dead consumers get fresh attempts and the event is queued. */
export async function reviveDeadLetter(
  effects: Pick<Effects, "db" | "queues" | "now">,
  eventId: string,
): Promise<ReviveOutcome> {
  const consumers = await reviveDeadLetters(effects.db, eventId, effects.now());
  if (consumers === 0) return { code: "not_dead" };
  await effects.queues.events.send({ eventId });
  return { code: "queued", consumers };
}
