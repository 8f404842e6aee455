/**
 * The event log's delivery (issue #48, decision 0065): each consumer of an event runs once,
 * however often the event is delivered; a failing consumer is recorded and retried without
 * running the others again; a dead letter is kept for staff and left alone by the sweep.
 */
import { env } from "cloudflare:workers";
import { SYSTEM } from "@releve/core/platform/events";
import { getDb } from "@releve/db";
import { domainEvent, eventEntry, listDeadLetters, loadEvent } from "@releve/db/platform/events";
import { describe, expect, it } from "vitest";
import type { Consumer } from "../platform/consumer";
import { testConsumerEffects } from "../testing/effects";
import { deadLetterEvent } from "./dead-letter-event";
import { deliverEvent } from "./deliver-event";
import { reviveDeadLetter } from "./revive-dead-letter";
import { SWEEP_AFTER_MS, sweepEvents } from "./sweep-events";

const db = getDb(env.DB);

async function recorded(at = new Date()) {
  const event = domainEvent("garment.photo_changed", { actor: SYSTEM, payload: { photoKeys: [] }, at });
  await db.batch([eventEntry(db, event)]);
  return event;
}

function counting(name: string, failFirst = 0): Consumer & { runs: number } {
  let failures = failFirst;
  const consumer = {
    name,
    types: ["garment.photo_changed"] as const,
    runs: 0,
    async run() {
      consumer.runs += 1;
      if (failures > 0) {
        failures -= 1;
        throw new Error(`${name} is down`);
      }
    },
  };
  return consumer;
}

describe("delivering an event", () => {
  it("runs each consumer once, however often the event is delivered", async () => {
    const event = await recorded();
    const a = counting("test.a");
    const b = counting("test.b");
    const effects = testConsumerEffects(db);
    expect(await deliverEvent(effects, event.id, [a, b])).toEqual({ code: "delivered", ran: ["test.a", "test.b"] });
    expect(await deliverEvent(effects, event.id, [a, b])).toEqual({ code: "delivered", ran: [] });
    expect([a.runs, b.runs]).toEqual([1, 1]);
    expect((await loadEvent(db, event.id))?.deliveredAt).toBeInstanceOf(Date);
  });

  it("retries only the consumer that failed, and says why", async () => {
    const event = await recorded();
    const ok = counting("test.ok");
    const flaky = counting("test.flaky", 1);
    const effects = testConsumerEffects(db);
    expect(await deliverEvent(effects, event.id, [ok, flaky])).toEqual({
      code: "failed",
      failed: ["test.flaky"],
      error: "test.flaky: test.flaky is down",
    });
    expect((await loadEvent(db, event.id))?.deliveredAt).toBeNull();
    expect(await deliverEvent(effects, event.id, [ok, flaky])).toEqual({ code: "delivered", ran: ["test.flaky"] });
    expect([ok.runs, flaky.runs]).toEqual([1, 2]);
  });

  it("answers not_found for an id the log does not hold", async () => {
    expect(await deliverEvent(testConsumerEffects(db), "0190a1b2-0000-7000-8000-000000000000")).toEqual({
      code: "not_found",
    });
  });
});

describe("dead letters", () => {
  it("are kept with their last error, skipped by the sweep, and sent again by staff", async () => {
    const long = new Date(Date.now() - SWEEP_AFTER_MS - 60_000);
    const dead = await recorded(long);
    const late = await recorded(long);
    const broken = counting("test.broken", 10);
    const effects = testConsumerEffects(db);
    await deliverEvent(effects, dead.id, [broken]);
    expect(await deadLetterEvent(effects, dead.id, [broken])).toBe(1);

    const letters = await listDeadLetters(db, 10);
    expect(letters).toEqual([
      expect.objectContaining({
        eventId: dead.id,
        type: "garment.photo_changed",
        consumer: "test.broken",
        attempts: 1,
        lastError: "test.broken is down",
      }),
    ]);
    // The sweep queues what stayed undelivered, not what is dead.
    const queued = await sweepEvents(effects);
    expect(queued).toContain(late.id);
    expect(queued).not.toContain(dead.id);

    expect(await reviveDeadLetter(effects, dead.id)).toEqual({ code: "queued", consumers: 1 });
    expect(await listDeadLetters(db, 10)).toEqual([]);
    expect(await reviveDeadLetter(effects, dead.id)).toEqual({ code: "not_dead" });
  });
});
