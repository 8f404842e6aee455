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
import { parseEncoderCsv } from "@releve/core/tags/encoder-import";
import {
  ENCODER_CSV_COLUMNS,
  garmentTagUrl,
  LIVE_TAG_STATUSES,
  type TagStatus,
  writeRefusal,
} from "@releve/core/tags/rules";
import { drawStockTags } from "@releve/core/tags/stock";
import { onUniqueViolation } from "@releve/db/platform/d1-errors";
import { assignBatchUids, createTagBatch, programBatch, type UidAssignment } from "@releve/db/tags/commands";
import { batchEncoderRows, batchTagsBySlugs, listTagBatches, tagsHoldingUids } from "@releve/db/tags/queries";
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
  const { id, createdAt } = await createTagBatch(c.get("db"), actorOf(c), input);
  if (id === undefined) throw new AppError("internal", "The batch was not saved.");
  const batch: TagBatch = { id, ...input, created_at: createdAt.getTime(), total: 0, programmed: 0, active: 0 };
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
  const secret = c.get("env").CHIP_SECRET;
  const batch = await batchOrThrow(db, c.req.valid("param").id);
  const product = await productForProgramming(db, input.product_id);
  const gtin = product?.gtin ?? null;
  const code = batchCode(batch);
  const origin = originOf(c.req.url);
  const program = async () => {
    const tags = await drawStockTags(secret, {
      garmentType: input.garment_type,
      batchCode: code,
      start: batch.total + 1,
      count: input.count,
      skuPrefix: input.sku_prefix,
    });
    await programBatch(db, actorOf(c), batch, {
      garment: {
        name: input.name ?? product?.name ?? input.garment_type,
        garment_type: input.garment_type,
        size: input.size,
        color: input.color,
        product_id: product?.id ?? null,
      },
      tagType: input.tag_type,
      tags,
      urlOf: (slug) => garmentTagUrl(origin, slug, gtin),
      pool: input.pool,
    });
    return tags;
  };
  // Fresh slugs on the one-in-2^50 chance that one was drawn before. New random slugs have
  // no tap record to refresh (nobody can have tapped them yet).
  const tags = await onUniqueViolation(program, program);
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

const LIVE = new Set<TagStatus>(LIVE_TAG_STATUSES);

/**
 * An encoder's CSV of (UID, slug): every row is checked (the file itself, then each row
 * against the batch's tags and every UID already assigned) before anything is written; one
 * bad row refuses the whole file with every problem listed (400), so nothing is half-written.
 */
batchRoutes.post("/:id/import", idParam, jsonBody(BatchImportBodySchema), async (c) => {
  const db = c.get("db");
  const batch = await batchOrThrow(db, c.req.valid("param").id);
  const { rows, problems } = parseEncoderCsv(c.req.valid("json").csv);
  const assignments: UidAssignment[] = [];
  let unchanged = 0;
  if (problems.length === 0) {
    const [tags, holders] = await Promise.all([
      batchTagsBySlugs(
        db,
        batch.id,
        rows.map((r) => r.slug),
      ),
      tagsHoldingUids(
        db,
        rows.map((r) => r.uid),
      ),
    ]);
    const bySlug = new Map(tags.map((t) => [t.slug, t]));
    const holderOf = new Map(holders.map((h) => [h.uid, h]));
    const now = new Date().toISOString();
    for (const row of rows) {
      const tag = bySlug.get(row.slug);
      const problem = (message: string) => problems.push({ line: row.line, message: `Line ${row.line}: ${message}` });
      if (!tag) {
        problem(`no tag of this batch has the slug ${row.slug}.`);
        continue;
      }
      const holder = holderOf.get(row.uid);
      if (holder && holder.id !== tag.id) problem(`the UID ${row.uid} is already on tag ${holder.chip_id}.`);
      else if (tag.uid && tag.uid !== row.uid) problem(`tag ${tag.chip_id} already has the UID ${tag.uid}.`);
      const refusal = writeRefusal({ status: tag.status, writeFailed: Boolean(tag.metadata?.write_error) });
      if (refusal) problem(`tag ${tag.chip_id}: ${refusal}`);
      if (problems.length > 0) continue;
      if (tag.uid === row.uid && LIVE.has(tag.status)) {
        unchanged++;
        continue;
      }
      const { write_error: _failed, ...kept } = tag.metadata ?? {};
      assignments.push({
        tagId: tag.id,
        garmentId: tag.garment_id,
        uid: row.uid,
        status: LIVE.has(tag.status) ? tag.status : "active",
        metadata: { ...kept, write_attempted_at: now, programmingDate: now, programmedBy: c.get("admin").email },
        slug: row.slug,
        before: tag.status,
      });
    }
  }
  if (problems.length > 0) {
    const listed: BatchImportProblem[] = problems;
    throw new AppError(
      "bad_request",
      `${listed.length === 1 ? "1 problem" : `${listed.length} problems`} in the file; nothing was imported.`,
      { problems: listed },
    );
  }
  if (assignments.length > 0) {
    await onUniqueViolation(
      () => assignBatchUids(db, c.get("tap"), actorOf(c), batch.id, assignments),
      () => {
        throw new AppError("conflict", "A UID of this file was just given to another tag; nothing was imported.");
      },
    );
  }
  const result: BatchImportResult = { assigned: assignments.length, unchanged };
  return c.json(result);
});
