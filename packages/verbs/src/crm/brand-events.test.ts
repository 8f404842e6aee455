/**
 * crm/create-brand-event and crm/set-brand-event-active (issue #35; issue #48), with the real
 * bindings: each change leaves one event naming the brand event by id; an unknown id records nothing.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { describe, expect, it } from "vitest";
import { staffMember } from "../testing/pieces";
import { createBrandEvent } from "./create-brand-event";
import { setBrandEventActive } from "./set-brand-event-active";

const db = getDb(env.DB);

const staff = () => staffMember(db);

describe("crm/create-brand-event", () => {
  it("adds a brand event with one event naming it, not its name", async () => {
    const { effects, audit } = await staff();
    const { row } = await createBrandEvent(effects, {
      staff: audit,
      values: { name: "Trunk show", datetime: null, is_active: true },
    });
    const [event] = await listEvents(db, { limit: 1, types: ["brand_event.created"] });
    expect(event).toMatchObject({ actorId: audit.userId, payload: { brandEventId: row.id } });
    expect(JSON.stringify(event?.payload)).not.toContain("Trunk show");
  });
});

describe("crm/set-brand-event-active", () => {
  it("closes a brand event with one event", async () => {
    const { effects, audit } = await staff();
    const { row } = await createBrandEvent(effects, {
      staff: audit,
      values: { name: "Open studio", datetime: null, is_active: true },
    });
    const outcome = await setBrandEventActive(effects, { staff: audit, brandEventId: row.id, active: false });
    expect(outcome).toMatchObject({ code: "set", row: { id: row.id, is_active: false } });
    const [event] = await listEvents(db, { limit: 1, types: ["brand_event.active_changed"] });
    expect(event?.payload).toEqual({ brandEventId: row.id, active: false });
  });

  it("answers not_found for an unknown id, recording nothing", async () => {
    const { effects, audit } = await staff();
    const before = await listEvents(db, { limit: 100 });
    expect(await setBrandEventActive(effects, { staff: audit, brandEventId: 999_999, active: false })).toEqual({
      code: "not_found",
    });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });
});
