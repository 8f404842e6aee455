/**
 * tags/program-tag and the tag lifecycle verbs (spec part 2 §4, issue #18; issue #48), with the
 * real bindings: each change leaves one event naming the tag and its garment; the tap answers
 * the new state at once; a refused move changes nothing and records nothing.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { getTag } from "@releve/db/tags/queries";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { createOwner } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { changeTagStatus } from "./change-tag-status";
import { lockTag } from "./lock-tag";
import { programTag } from "./program-tag";
import { recordTagWritten } from "./record-tag-write";

const db = getDb(env.DB);
const CHIP_SECRET = (env as unknown as { CHIP_SECRET: string }).CHIP_SECRET;

async function programmed() {
  const staff = await createOwner(db);
  const effects = testEffects(db, { kind: "admin", id: staff.userId });
  const audit = { userId: staff.userId, email: "staff@example.com" };
  const { tagId } = await programTag(effects, {
    staff: audit,
    chipSecret: CHIP_SECRET,
    garmentType: "Shirt",
    garment: { name: "Test shirt", garment_type: "Shirt", size: "M", color: null, sku: null, product_id: null },
    tagType: "NTAG213",
    batch: null,
    product: null,
    owner: null,
  });
  const tag = await getTag(db, tagId);
  if (!tag) throw new Error("no tag");
  return { effects, audit, tag };
}

describe("tags/program-tag", () => {
  it("registers the tag and its garment with one event naming both", async () => {
    const { tag } = await programmed();
    expect(tag).toMatchObject({ status: "uninitialized" });
    const [event] = await listEvents(db, { limit: 1, types: ["tag.programmed"] });
    expect(event).toMatchObject({
      tagId: tag.id,
      garmentId: tag.garment_id,
      actorKind: "admin",
      payload: { tagType: "NTAG213", batchId: null, attached: false },
    });
  });
});

describe("the tag's lifecycle verbs", () => {
  it("a write, a lock and a report each leave their event; the tap answers the report at once", async () => {
    const { effects, audit, tag } = await programmed();
    expect(
      await recordTagWritten(effects, { staff: audit, tag, outcome: { ok: true, uid: "04A1B2C3D4E5F6" } }),
    ).toEqual({ code: "recorded" });
    const written = await getTag(db, tag.id);
    if (!written) throw new Error("no tag");
    expect(await lockTag(effects, { staff: audit, tag: written })).toEqual({ code: "locked" });
    const locked = await getTag(db, tag.id);
    if (!locked) throw new Error("no tag");
    expect(
      await changeTagStatus(effects, { staff: audit, tag: locked, action: "report_stolen", reason: "Taken at a show" }),
    ).toEqual({ code: "changed" });
    expect(await readCachedTapRoute(env.TAP_KV, tag.short_slug ?? "")).toMatchObject({ missing: "stolen" });
    const types = (await listEvents(db, { limit: 10 })).filter((e) => e.tagId === tag.id).map((e) => e.type);
    expect(types).toEqual(["tag.status_changed", "tag.locked", "tag.written", "tag.programmed"]);
    const [report] = await listEvents(db, { limit: 1, types: ["tag.status_changed"] });
    expect(report?.payload).toEqual({ action: "report_stolen", status: "stolen" });
    expect(JSON.stringify(report)).not.toContain("Taken at a show");
  });

  it("refuses a move the lifecycle does not allow, and records nothing", async () => {
    const { effects, audit, tag } = await programmed();
    const before = await listEvents(db, { limit: 100 });
    expect(await lockTag(effects, { staff: audit, tag })).toEqual({
      code: "refused",
      message: "Only a written, working tag can be locked.",
    });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });
});
