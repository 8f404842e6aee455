import { AppError } from "@releve/core";
import { toCsv } from "@releve/core/platform/csv";
import { batchCode, CHIP_PREFIX } from "@releve/core/tags/chip-id";
import {
  BatchIdParamSchema,
  BatchImportBodySchema,
  type BatchImportProblem,
  type BatchImportResult,
  BatchProgramBodySchema,
  type TagBatch,
  TagBatchBodySchema,
} from "@releve/core/tags/contracts";
import { ENCODER_CSV_COLUMNS, garmentTagUrl } from "@releve/core/tags/rules";
import { batchEncoderRows, listTagBatches } from "@releve/db/tags/queries";
import { createTagBatch } from "@releve/verbs/tags/create-tag-batch";
import { importEncoderUids } from "@releve/verbs/tags/import-encoder-uids";
import { programTagBatch } from "@releve/verbs/tags/program-tag-batch";
import { Hono } from "hono";
import { type AdminEnv, actorOf } from "../../api/admin/admin-env";
import { jsonBody, validator } from "../../api/validation";
import { passportsDownload } from "../passport/products-api";
import { batchOrThrow, originOf, productForProgramming } from "./tag-view";

const idParam = validator("param", BatchIdParamSchema);

const toBatch = (r: Awaited<ReturnType<typeof listTagBatches>>[number]): TagBatch => ({
  ...r,
  created_at: r.created_at.getTime(),
});

/** A factory encoder's file: `RLV_<batch code>_<date>.csv`. */
const encoderFileName = (code: string) => `${CHIP_PREFIX}_${code}_${new Date().toISOString().slice(0, 10)}.csv`;

const csvHeaders = (fileName: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${fileName}"`,
  "Cache-Control": "private, no-store",
});

/** `/api/admin/tag-batches`: NFC tag batches with their tag counts; program a batch, import an encoder's UIDs. */
export const batchRoutes = new Hono<AdminEnv>();

batchRoutes.get("/", async (c) => {
  const rows = await listTagBatches(c.get("db"));
  return c.json({ batches: rows.map(toBatch) });
});

batchRoutes.post("/", jsonBody(TagBatchBodySchema), async (c) => {
  const input = c.req.valid("json");
  const created = await createTagBatch(c.get("effects"), {
    staff: actorOf(c),
    batchName: input.batch_name,
    description: input.description,
  });
  if (created.code !== "created") throw new AppError("internal", "The batch was not saved.");
  const batch: TagBatch = {
    id: created.batchId,
    ...input,
    created_at: created.createdAt.getTime(),
    total: 0,
    programmed: 0,
    active: 0,
  };
  return c.json(batch, 201);
});

batchRoutes.get("/:id", idParam, async (c) => {
  return c.json(toBatch(await batchOrThrow(c.get("db"), c.req.valid("param").id)));
});

/**
 * Programs `count` stock garments of one type, each with its tag, in ONE request and one D1
 * batch (all or nothing); answers the encoder's CSV (slug, URL, chip id, signature).
 */
batchRoutes.post("/:id/program", idParam, jsonBody(BatchProgramBodySchema), async (c) => {
  const input = c.req.valid("json");
  const db = c.get("db");
  const batch = await batchOrThrow(db, c.req.valid("param").id);
  const product = await productForProgramming(db, input.product_id);
  const gtin = product?.gtin ?? null;
  const origin = originOf(c.req.url);
  const { tags, batchCode: code } = await programTagBatch(c.get("effects"), {
    staff: actorOf(c),
    chipSecret: c.get("env").CHIP_SECRET,
    batch,
    product,
    garmentType: input.garment_type,
    name: input.name,
    size: input.size,
    color: input.color,
    skuPrefix: input.sku_prefix,
    tagType: input.tag_type,
    count: input.count,
    pool: input.pool,
  });
  const csv = toCsv(
    ENCODER_CSV_COLUMNS,
    tags.map((t) => [t.slug, garmentTagUrl(origin, t.slug, gtin), t.chip.chipId, t.chip.signature]),
  );
  return c.body(csv, 201, csvHeaders(encoderFileName(code)));
});

/** The batch's encoder file again, every tag in serial order (for a reprint or the QR page). */
batchRoutes.get("/:id/encoder.csv", idParam, async (c) => {
  const db = c.get("db");
  const batch = await batchOrThrow(db, c.req.valid("param").id);
  const origin = originOf(c.req.url);
  const rows = await batchEncoderRows(db, batch.id);
  const csv = toCsv(
    ENCODER_CSV_COLUMNS,
    rows.map((r) => [r.slug, garmentTagUrl(origin, r.slug, r.gtin), r.chip_id, r.signature]),
  );
  return c.body(csv, 200, csvHeaders(encoderFileName(batchCode(batch))));
});

// The passports of the batch's garments that belong to a product, one JSON-LD object per line (issue #31).
batchRoutes.get("/:id/passports.jsonl", idParam, async (c) => {
  const batch = await batchOrThrow(c.get("db"), c.req.valid("param").id);
  return passportsDownload(c, { batchId: batch.id }, `passports_${CHIP_PREFIX}_${batchCode(batch)}`);
});

/**
 * An encoder's CSV of (UID, slug): every row is checked (the file itself, then each row
 * against the batch's tags and every UID already assigned) before anything is written; one
 * bad row refuses the whole file with every problem listed (400), so nothing is half-written.
 */
batchRoutes.post("/:id/import", idParam, jsonBody(BatchImportBodySchema), async (c) => {
  const db = c.get("db");
  const batch = await batchOrThrow(db, c.req.valid("param").id);
  const outcome = await importEncoderUids(c.get("effects"), {
    staff: actorOf(c),
    batchId: batch.id,
    csv: c.req.valid("json").csv,
  });
  if (outcome.code === "problems") {
    const listed: BatchImportProblem[] = outcome.problems;
    throw new AppError(
      "bad_request",
      `${listed.length === 1 ? "1 problem" : `${listed.length} problems`} in the file; nothing was imported.`,
      { problems: listed },
    );
  }
  if (outcome.code === "uid_taken_meanwhile") {
    throw new AppError("conflict", "A UID of this file was just given to another tag; nothing was imported.");
  }
  const result: BatchImportResult = { assigned: outcome.assigned, unchanged: outcome.unchanged };
  return c.json(result);
});
