/**
 * tags/set-garment-active and tags/reassign-garment (spec part 2 §4; issue #48), with the real
 * bindings: each leaves one event, and the tap answers the change at once.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { getAdminGarment } from "@releve/db/tags/queries";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { createGarment, createOwner } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { reassignGarment } from "./reassign-garment";
import { setGarmentActive } from "./set-garment-active";

const db = getDb(env.DB);

async function staffAndGarment() {
  const staff = await createOwner(db);
  const made = await createGarment(db);
  const garment = await getAdminGarment(db, made.id);
  if (!garment) throw new Error("no garment");
  return {
    effects: testEffects(db, { kind: "admin" as const, id: staff.userId }),
    audit: { userId: staff.userId, email: "staff@example.com" },
    garment,
  };
}

describe("tags/set-garment-active", () => {
  it("takes a garment out of service with one event; its tap says so at once", async () => {
    const { effects, audit, garment } = await staffAndGarment();
    expect(await setGarmentActive(effects, { staff: audit, garment, active: false })).toEqual({ code: "set" });
    expect(await readCachedTapRoute(env.TAP_KV, garment.short_slug)).toMatchObject({ active: false });
    const [event] = await listEvents(db, { limit: 1, types: ["garment.active_changed"] });
    expect(event).toMatchObject({ garmentId: garment.id, actorKind: "admin", payload: { active: false } });
  });
});

describe("tags/reassign-garment", () => {
  it("gives the garment to another client with one event concerning them", async () => {
    const { effects, audit, garment } = await staffAndGarment();
    const client = await createOwner(db);
    expect(await reassignGarment(effects, { staff: audit, garment, profileId: client.profileId })).toEqual({
      code: "reassigned",
    });
    expect(await readCachedTapRoute(env.TAP_KV, garment.short_slug)).toMatchObject({ ownerUserId: client.userId });
    const [event] = await listEvents(db, { limit: 1, types: ["garment.reassigned"] });
    expect(event).toMatchObject({ garmentId: garment.id, personId: client.userId });
  });

  it("answers client_not_found for an unknown profile, recording nothing", async () => {
    const { effects, audit, garment } = await staffAndGarment();
    const before = await listEvents(db, { limit: 100 });
    expect(await reassignGarment(effects, { staff: audit, garment, profileId: 999_999 })).toEqual({
      code: "client_not_found",
    });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });
});
