/**
 * The portal's event log and dead letters (issue #48) through the real shell: staff only; the
 * log pages by event id and shows no personal data; a dead letter can be sent again, once.
 */
import { env } from "cloudflare:workers";
import type { DeadLetter, EventLogPage } from "@releve/core/platform/admin-api";
import { SYSTEM } from "@releve/core/platform/events";
import { getDb } from "@releve/db";
import { domainEvent, eventEntry, markDeadLetters, markDeliveryFailed } from "@releve/db/platform/events";
import { describe, expect, it } from "vitest";
import { adminApiCallers, json } from "./admin-support";

const db = getDb(env.DB);
const { call } = adminApiCallers();

async function recorded(n: number) {
  const events = [];
  for (let i = 0; i < n; i++) {
    const event = domainEvent("garment.photo_changed", {
      actor: { kind: "client", id: crypto.randomUUID() },
      subjects: { garmentId: 1000 + i },
      payload: { photoKeys: [] },
      at: new Date(Date.now() + i),
    });
    await db.batch([eventEntry(db, event)]);
    events.push(event);
  }
  return events;
}

describe("/api/admin/activity", () => {
  it("is staff only", async () => {
    expect((await call("visitor", "GET", "/activity")).status).toBe(401);
    expect((await call("client", "GET", "/activity")).status).toBe(403);
    expect((await call("client", "GET", "/dead-letters")).status).toBe(403);
  });

  it("lists the newest events first, a page at a time, without who acted", async () => {
    const made = await recorded(30);
    const first = await json<EventLogPage>(await call("admin", "GET", "/activity"));
    expect(first.events).toHaveLength(25);
    expect(first.events[0]).toMatchObject({
      id: made.at(-1)?.id,
      type: "garment.photo_changed",
      garmentId: 1029,
      actorKind: "client",
      delivered: false,
    });
    expect(JSON.stringify(first)).not.toContain(made.at(-1)?.actor.id ?? "none");
    const second = await json<EventLogPage>(
      await call("admin", "GET", `/activity?before=${encodeURIComponent(first.nextCursor ?? "")}`),
    );
    expect(second.events.map((e) => e.id)).toEqual(
      made
        .slice(0, 5)
        .map((e) => e.id)
        .reverse(),
    );
    expect(second.nextCursor).toBeNull();
    const bad = await call("admin", "GET", "/activity?before=not-an-id");
    expect(bad.status).toBe(400);
  });

  it("shows dead letters with their last error, and sends one again once", async () => {
    const [event] = await recorded(1);
    if (!event) throw new Error("no event");
    await markDeliveryFailed(db, event.id, "photos.drop", "R2 unavailable", new Date());
    await markDeadLetters(db, event.id, ["photos.drop"], new Date());
    const { letters } = await json<{ letters: DeadLetter[] }>(await call("admin", "GET", "/dead-letters"));
    expect(letters).toEqual([
      expect.objectContaining({ eventId: event.id, consumer: "photos.drop", attempts: 1, lastError: "R2 unavailable" }),
    ]);
    expect(await json(await call("admin", "POST", `/dead-letters/${event.id}/retry`))).toEqual({
      queued: 1,
      message: "Sent again.",
    });
    expect((await json<{ letters: DeadLetter[] }>(await call("admin", "GET", "/dead-letters"))).letters).toEqual([]);
    expect((await call("admin", "POST", `/dead-letters/${event.id}/retry`)).status).toBe(404);
    expect((await call("admin", "POST", "/dead-letters/nope/retry")).status).toBe(400);
    // The system's own events are listed too.
    const system = domainEvent("garment.photo_changed", { actor: SYSTEM, payload: { photoKeys: [] } });
    await db.batch([eventEntry(db, system)]);
    const page = await json<EventLogPage>(await call("admin", "GET", "/activity"));
    expect(page.events[0]).toMatchObject({ id: system.id, actorKind: "system" });
  });
});
