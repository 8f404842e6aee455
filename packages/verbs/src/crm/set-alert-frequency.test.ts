/**
 * crm/set-alert-frequency (issue #33; issue #48), with the real bindings: a new setting is stored
 * with one alerts.frequency_changed event saying it and where it was chosen; turning alerts off
 * drops what was waiting; choosing the setting already stored, or an unknown account, records
 * nothing.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { ownerAlerts, users } from "@releve/db/schema";
import { createContact, createOwner, type TestOwner } from "@releve/db/testing/factories";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { setAlertFrequency } from "./set-alert-frequency";

const db = getDb(env.DB);
const as = (owner: TestOwner) => testEffects(db, { kind: "client", id: owner.userId });

const frequencyOf = async (owner: TestOwner) =>
  (await db.select({ f: users.alert_frequency }).from(users).where(eq(users.id, owner.userId)).get())?.f;
const pendingOf = (owner: TestOwner) =>
  db.$count(ownerAlerts, and(eq(ownerAlerts.owner_user_id, owner.userId), isNull(ownerAlerts.sent_at)));
const changesBy = async (owner: TestOwner) =>
  (await listEvents(db, { limit: 100, types: ["alerts.frequency_changed"] })).filter((e) => e.actorId === owner.userId);

describe("crm/set-alert-frequency", () => {
  it("stores the owner's new setting from their settings, with one event saying it", async () => {
    const owner = await createOwner(db);
    const other = await createOwner(db);
    expect(await setAlertFrequency(as(owner), { userId: owner.userId, frequency: "daily", via: "settings" })).toEqual({
      code: "set",
      previous: "each",
    });
    expect(await frequencyOf(owner)).toBe("daily");
    expect(await frequencyOf(other)).toBe("each");
    const events = await changesBy(owner);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorKind: "client",
      garmentId: null,
      personId: null,
      payload: { frequency: "daily", via: "settings" },
    });
  });

  it("unsubscribing turns alerts off and drops what was waiting, in the same batch as its event", async () => {
    const owner = await createOwner(db);
    await createContact(db, owner.userId, { first_name: "Ana" });
    expect(await pendingOf(owner)).toBe(1);
    expect(await setAlertFrequency(as(owner), { userId: owner.userId, frequency: "off", via: "unsubscribe" })).toEqual({
      code: "set",
      previous: "each",
    });
    expect(await frequencyOf(owner)).toBe("off");
    expect(await pendingOf(owner)).toBe(0);
    expect((await changesBy(owner)).map((e) => e.payload)).toEqual([{ frequency: "off", via: "unsubscribe" }]);

    // A second unsubscribe: already off, nothing changes and nothing more is recorded.
    expect(await setAlertFrequency(as(owner), { userId: owner.userId, frequency: "off", via: "unsubscribe" })).toEqual({
      code: "set",
      previous: "off",
    });
    expect(await changesBy(owner)).toHaveLength(1);
  });

  it("saving the setting already stored records nothing", async () => {
    const owner = await createOwner(db);
    expect(await setAlertFrequency(as(owner), { userId: owner.userId, frequency: "each", via: "settings" })).toEqual({
      code: "set",
      previous: "each",
    });
    expect(await changesBy(owner)).toEqual([]);
  });

  it("an unknown account is no_user, recording nothing", async () => {
    const owner = await createOwner(db);
    const before = await listEvents(db, { limit: 100, types: ["alerts.frequency_changed"] });
    expect(
      await setAlertFrequency(as(owner), { userId: "no-such-user", frequency: "off", via: "unsubscribe" }),
    ).toEqual({
      code: "no_user",
    });
    expect(await listEvents(db, { limit: 100, types: ["alerts.frequency_changed"] })).toEqual(before);
    expect(await frequencyOf(owner)).toBe("each");
  });
});
