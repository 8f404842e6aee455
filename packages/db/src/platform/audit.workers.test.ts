/**
 * The admin activity list reads the domain event log (issue #48): an admin's event with the audit
 * row of the same change, an admin's event without one, the audit rows older than the log; never
 * a client's or a visitor's events.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../client";
import { adminAuditLog, domainEvents, users } from "../schema";
import { createUser } from "../testing/factories";
import { auditEntry, listStaffActivity } from "./audit";
import { domainEvent, eventEntry } from "./events";

const db = getDb(env.DB);

beforeEach(async () => {
  await db.delete(adminAuditLog);
  await db.delete(domainEvents);
});

async function staffMember() {
  const userId = await createUser(db);
  const row = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  return { userId, email: row?.email ?? "" };
}

describe("listStaffActivity", () => {
  it("lists admins' events newest first, each with its audit row's action, before and after", async () => {
    const staff = await staffMember();
    const client = await createUser(db);
    const t0 = Date.UTC(2026, 10, 1, 9);
    // An audit row older than the event log.
    await auditEntry(
      db,
      { ...staff, email: "was@example.com" },
      "post.create",
      { type: "instagram_post", id: 7 },
      null,
      { caption: "Hello" },
      undefined,
    );
    await db.update(adminAuditLog).set({ created_at: new Date(t0) });
    // A change with its audit row.
    const closed = domainEvent("garment.active_changed", {
      actor: { kind: "admin", id: staff.userId },
      subjects: { garmentId: 41 },
      payload: { active: false },
      at: new Date(t0 + 1000),
    });
    await db.batch([
      eventEntry(db, closed),
      auditEntry(
        db,
        staff,
        "garment.deactivate",
        { type: "garment", id: 41 },
        { is_active: true },
        { is_active: false },
        closed.id,
      ),
    ]);
    // A change without one, and a client's change.
    const reset = domainEvent("qa.garments_reset", {
      actor: { kind: "admin", id: staff.userId },
      payload: { count: 3 },
      at: new Date(t0 + 2000),
    });
    const clients = domainEvent("profile.updated", {
      actor: { kind: "client", id: client },
      payload: {},
      at: new Date(t0 + 3000),
    });
    await db.batch([eventEntry(db, reset), eventEntry(db, clients)]);

    const rows = await listStaffActivity(db, 20);
    expect(rows.map((r) => [r.key, r.eventType, r.action, r.email])).toEqual([
      [reset.id, "qa.garments_reset", "qa.garments_reset", staff.email],
      [closed.id, "garment.active_changed", "garment.deactivate", staff.email],
      [expect.stringMatching(/^audit-\d+$/), null, "post.create", "was@example.com"],
    ]);
    expect(rows[1]).toMatchObject({ targetType: "garment", targetId: "41", garmentId: 41 });
    expect(JSON.parse(rows[1]?.before ?? "null")).toEqual({ is_active: true });
    expect(JSON.parse(rows[1]?.after ?? "null")).toEqual({ is_active: false });
    expect(rows[0]).toMatchObject({ targetType: null, before: null, after: null });
    expect(await listStaffActivity(db, 1)).toHaveLength(1);
  });

  it("keeps an event whose staff account is gone, naming no one", async () => {
    const staff = await staffMember();
    const gone = domainEvent("tag_batch.created", {
      actor: { kind: "admin", id: staff.userId },
      payload: { batchId: 5 },
      at: new Date(Date.UTC(2026, 10, 2)),
    });
    await eventEntry(db, gone);
    // What deleting the account does to its events (forgetPersonInEvents).
    await db.update(domainEvents).set({ actor_id: null });
    await db.delete(users).where(eq(users.id, staff.userId));
    expect(await listStaffActivity(db, 20)).toMatchObject([{ key: gone.id, action: "tag_batch.created", email: null }]);
  });
});
