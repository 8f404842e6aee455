/**
 * The event log's queues in the scan-jobs worker (issue #48, decision 0065): the real queue
 * handler delivers a named event to its consumers and acks; a body naming no event is dropped;
 * what the platform dead-letters is recorded against the event's undelivered consumers.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { SYSTEM } from "@releve/core/platform/events";
import { domainEvent, eventEntry, listDeadLetters, loadEvent } from "@releve/db/platform/events";
import { describe, expect, it } from "vitest";
import worker from "../src/index";
import { db } from "./helpers";

let seq = 0;
async function handle(queue: string, bodies: unknown[]) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body) => ({ id: `event-msg-${++seq}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

async function recorded<T extends Parameters<typeof domainEvent>[0]>(
  type: T,
  payload: Parameters<typeof domainEvent<T>>[1]["payload"],
  personId: string | null = null,
) {
  const event = domainEvent(type, { actor: SYSTEM, payload, personId });
  await db.batch([eventEntry(db, event)]);
  return event;
}

describe("the events queue", () => {
  it("delivers an event to its consumers and acks it", async () => {
    const key = `garments/0/orphan-${++seq}.jpg`;
    await env.PHOTOS.put(key, new Uint8Array([1, 2, 3]));
    const event = await recorded("garment.photo_changed", { photoKeys: [key] });
    const result = await handle("releve-events", [{ eventId: event.id }]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    expect(await env.PHOTOS.get(key)).toBeNull();
    expect((await loadEvent(db, event.id))?.deliveredAt).toBeInstanceOf(Date);
  });

  it("drops a message that names no event", async () => {
    const result = await handle("releve-events", [{ eventId: "not-an-id" }, "nonsense"]);
    expect(result.explicitAcks).toHaveLength(2);
    expect(result.retryMessages).toEqual([]);
  });

  it("records a dead-lettered event against each consumer it had not reached", async () => {
    const event = await recorded("transfer.requested", { transferId: 1 });
    const result = await handle("releve-events-dlq", [{ eventId: event.id }]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await listDeadLetters(db, 10)).toEqual([
      expect.objectContaining({ eventId: event.id, type: "transfer.requested", consumer: "alerts.queue" }),
    ]);
  });
});
