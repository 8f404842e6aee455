/**
 * tags/mark-garment-programmed (issue #48), with the real bindings: the garment is marked with
 * one event naming it; an unknown garment records nothing.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { createGarment } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { staffMember } from "../testing/pieces";
import { markGarmentProgrammed } from "./mark-garment-programmed";

const db = getDb(env.DB);

const staff = () => staffMember(db);

describe("tags/mark-garment-programmed", () => {
  it("marks the garment programmed with one event naming it", async () => {
    const { effects, audit } = await staff();
    const garment = await createGarment(db);
    const outcome = await markGarmentProgrammed(effects, { staff: audit, garmentId: garment.id });
    expect(outcome).toMatchObject({ code: "marked", programmedAt: expect.any(Date) });
    const [event] = await listEvents(db, { limit: 1, types: ["garment.programmed"] });
    expect(event).toMatchObject({ garmentId: garment.id, actorKind: "admin", payload: {} });
  });

  it("answers not_found for an unknown garment, recording nothing", async () => {
    const { effects, audit } = await staff();
    const before = await listEvents(db, { limit: 100 });
    expect(await markGarmentProgrammed(effects, { staff: audit, garmentId: 999_999 })).toEqual({ code: "not_found" });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });
});
