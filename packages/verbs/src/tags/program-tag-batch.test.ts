/**
 * tags/create-tag-batch, program-tag-batch and import-encoder-uids (issue #18; issue #48), with
 * the real bindings: each leaves one event for the whole batch; a file with one bad row is
 * refused whole, recording nothing.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { getTagBatch } from "@releve/db/tags/queries";
import { createOwner } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { createTagBatch } from "./create-tag-batch";
import { importEncoderUids } from "./import-encoder-uids";
import { programTagBatch } from "./program-tag-batch";

const db = getDb(env.DB);
const CHIP_SECRET = (env as unknown as { CHIP_SECRET: string }).CHIP_SECRET;

async function programmedBatch(count: number) {
  const staff = await createOwner(db);
  const effects = testEffects(db, { kind: "admin", id: staff.userId });
  const audit = { userId: staff.userId, email: "staff@example.com" };
  const created = await createTagBatch(effects, {
    staff: audit,
    batchName: `Batch ${staff.userId.slice(0, 6)}`,
    description: null,
  });
  if (created.code !== "created") throw new Error(created.code);
  const batch = await getTagBatch(db, created.batchId);
  if (!batch) throw new Error("no batch");
  const programmed = await programTagBatch(effects, {
    staff: audit,
    chipSecret: CHIP_SECRET,
    batch,
    product: null,
    garmentType: "Shirt",
    name: null,
    size: "M",
    color: null,
    skuPrefix: null,
    tagType: "NTAG213",
    count,
    pool: false,
  });
  return { effects, audit, batchId: created.batchId, tags: programmed.tags };
}

describe("tags/program-tag-batch", () => {
  it("opens a batch and programs it, one event each", async () => {
    const { batchId, tags } = await programmedBatch(3);
    expect(tags).toHaveLength(3);
    const [created] = await listEvents(db, { limit: 1, types: ["tag_batch.created"] });
    expect(created?.payload).toEqual({ batchId });
    const [programmed] = await listEvents(db, { limit: 1, types: ["tag_batch.programmed"] });
    expect(programmed?.payload).toEqual({ batchId, count: 3, pool: false });
  });
});

describe("tags/import-encoder-uids", () => {
  it("gives the batch's tags their UIDs with one event; a file with a bad row changes nothing", async () => {
    const { effects, audit, batchId, tags } = await programmedBatch(2);
    const before = await listEvents(db, { limit: 100 });
    const bad = `uid,slug\n04A1B2C3D4E501,${tags[0]?.slug}\n04A1B2C3D4E502,no-such-slug\n`;
    const refused = await importEncoderUids(effects, { staff: audit, batchId, csv: bad });
    expect(refused.code).toBe("problems");
    expect(await listEvents(db, { limit: 100 })).toEqual(before);

    const good = `uid,slug\n04A1B2C3D4E511,${tags[0]?.slug}\n04A1B2C3D4E512,${tags[1]?.slug}\n`;
    expect(await importEncoderUids(effects, { staff: audit, batchId, csv: good })).toEqual({
      code: "imported",
      assigned: 2,
      unchanged: 0,
    });
    const [assigned] = await listEvents(db, { limit: 1, types: ["tag_batch.uids_assigned"] });
    expect(assigned?.payload).toEqual({ batchId, count: 2 });
  });
});
