import { AppError } from "@releve/core";
import { csvRecords } from "@releve/core/platform/csv";
import { streamExport } from "@releve/core/platform/stream-export";
import { batchCode, createSecureChip, normalizeChipId, parseChipId } from "@releve/core/tags/chip-id";
import {
  type ProgrammedTag,
  ProgramTagBodySchema,
  ReassignBodySchema,
  SecureTagBodySchema,
  TagActionBodySchema,
  TagIdParamSchema,
  TagListQuerySchema,
  type TagLookup,
  TagLookupQuerySchema,
  type TagPage,
  type WriteResult,
  WriteResultBodySchema,
} from "@releve/core/tags/contracts";
import {
  garmentTagUrl,
  newGarmentSlug,
  nextTagStatus,
  TAG_BYTE_BUDGET,
  TAG_CSV_COLUMNS,
  TAG_MESSAGES,
  TAG_PAGE_SIZE,
  tagsCsvFileName,
  writeRefusal,
} from "@releve/core/tags/rules";
import { normalizeSlug } from "@releve/core/tap/slug";
import { onUniqueViolation } from "@releve/db/platform/d1-errors";
import {
  lockTag,
  makeTagSecure,
  programTag,
  reassignGarment,
  recordTagWrite,
  setTagStatus,
} from "@releve/db/tags/commands";
import {
  clientForAttach,
  countBatchTags,
  findTag,
  getAdminGarment,
  listTags,
  readTagBatches,
  tagHoldingUid,
} from "@releve/db/tags/queries";
import { Hono } from "hono";
import { type AdminEnv, actorOf } from "../../api/admin/admin-env";
import { jsonBody, validator } from "../../api/validation";
import { downloadHeaders, logExportError } from "../../lib/export-response.server";
import { qrDataUri } from "../sharing/qr.server";
import { batchOrThrow, originOf, productForProgramming, tagOrThrow, toAdminTag } from "./tag-view";

const idParam = validator("param", TagIdParamSchema);

/**
 * `/api/admin/tags`: program a new tag (optionally attached to a client), record its write,
 * lock it, reassign its garment, and the registry: list, search, export, lifecycle (issue #18).
 */
export const tagRoutes = new Hono<AdminEnv>();

tagRoutes.get("/", validator("query", TagListQuerySchema), async (c) => {
  const { q, status, batch_id, before } = c.req.valid("query");
  const { rows, total, nextCursor } = await listTags(
    c.get("db"),
    { q, status, batchId: batch_id },
    { limit: TAG_PAGE_SIZE, before },
  );
  const origin = originOf(c.req.url);
  const tags = rows.map((r) => toAdminTag(r, origin));
  const body: TagPage = { tags, pageSize: TAG_PAGE_SIZE, total, nextCursor };
  return c.json(body);
});

tagRoutes.get("/export.csv", validator("query", TagListQuerySchema), async (c) => {
  const { q, status, batch_id } = c.req.valid("query");
  const origin = originOf(c.req.url);
  // Streamed a batch at a time, every matching tag (issue #30).
  const body = streamExport({
    head: csvRecords([TAG_CSV_COLUMNS]),
    read: readTagBatches(c.get("db"), { q, status, batchId: batch_id }),
    format: (rows) =>
      csvRecords(
        rows.map((r) => [
          r.chip_id,
          r.uid,
          r.short_slug,
          r.short_slug ? garmentTagUrl(origin, r.short_slug, r.gtin) : null,
          r.status,
          r.batch_name,
          r.garment_title,
          r.owner_user_id ? r.owner_email : null,
        ]),
      ),
    onError: logExportError("tags.csv"),
  });
  return c.body(body, 200, downloadHeaders({ type: "text/csv; charset=utf-8", filename: tagsCsvFileName() }));
});

tagRoutes.get("/lookup", validator("query", TagLookupQuerySchema), async (c) => {
  const query = c.req.valid("query");
  const db = c.get("db");
  let tag: Awaited<ReturnType<typeof findTag>>;
  if (query.uid) tag = await findTag(db, { uid: query.uid });
  else if (query.chip_id) {
    const chipId = normalizeChipId(query.chip_id);
    const kind = parseChipId(chipId).kind;
    // A chip without our prefix (or malformed) is not ours: nothing to look up.
    tag = kind === "simple" || kind === "secure" ? await findTag(db, { chipId }) : undefined;
  } else {
    const raw = query.slug ?? "";
    const slug = normalizeSlug(/\/t\/([^/?#\s]+)/.exec(raw)?.[1] ?? raw);
    tag = slug ? await findTag(db, { slug }) : undefined;
  }
  const body: TagLookup = tag
    ? { state: tag.status === "locked" ? "locked" : "assigned", tag: toAdminTag(tag, originOf(c.req.url)) }
    : { state: "Unknown", tag: null };
  return c.json(body);
});

tagRoutes.get("/:id", idParam, async (c) => {
  const tag = await tagOrThrow(c.get("db"), c.req.valid("param").id);
  return c.json(toAdminTag(tag, originOf(c.req.url)));
});

tagRoutes.post("/", jsonBody(ProgramTagBodySchema), async (c) => {
  const input = c.req.valid("json");
  const db = c.get("db");
  const env = c.get("env");
  const batch = input.batch_id === null ? null : await batchOrThrow(db, input.batch_id);
  const product = await productForProgramming(db, input.product_id);
  const client = input.client_id === null ? null : await clientForAttach(db, input.client_id);
  if (input.client_id !== null && !client?.user_id) {
    throw new AppError("not_found", `${TAG_MESSAGES.profileNotFound}: no client has the id ${input.client_id}.`);
  }
  const owner = client?.user_id
    ? { userId: client.user_id, profileId: client.profile_id, clientId: client.client_id }
    : null;
  const origin = originOf(c.req.url);
  const register = async () => {
    const serial = (await countBatchTags(db, batch?.id ?? null)) + 1;
    const chip = await createSecureChip(env.CHIP_SECRET, {
      garmentType: input.garment_type,
      batch: batchCode(batch),
      serial,
    });
    const slug = newGarmentSlug(input.garment_type);
    return programTag(db, c.get("tap"), actorOf(c), {
      garment: {
        name: input.name,
        garment_type: input.garment_type,
        size: input.size,
        color: input.color,
        sku: input.sku,
        product_id: product?.id ?? null,
      },
      slug,
      chip,
      tagType: input.tag_type,
      batchId: batch?.id ?? null,
      owner,
      url: garmentTagUrl(origin, slug, product?.gtin ?? null),
    });
  };
  // A fresh slug and chip on the one-in-2^50 chance that one was drawn before (a unique index refused it).
  const tagId = await onUniqueViolation(register, register);
  const tag = await tagOrThrow(db, tagId);
  const view = toAdminTag(tag, origin);
  const url = view.garment?.url ?? "";
  const body: ProgrammedTag = {
    tag: view,
    url,
    qr: qrDataUri(url),
    tagType: input.tag_type,
    byteBudget: TAG_BYTE_BUDGET[input.tag_type],
  };
  return c.json(body, 201);
});

tagRoutes.post("/:id/write-result", idParam, jsonBody(WriteResultBodySchema), async (c) => {
  const result = c.req.valid("json");
  const db = c.get("db");
  const tag = await tagOrThrow(db, c.req.valid("param").id);
  const refusal = writeRefusal({ status: tag.status, writeFailed: Boolean(tag.metadata?.write_error) });
  if (refusal) throw new AppError("conflict", refusal);
  if (result.ok && result.uid) {
    const holder = await tagHoldingUid(db, result.uid);
    if (holder && holder.id !== tag.id) {
      throw new AppError("conflict", `The UID ${result.uid} is already on tag ${holder.chip_id}.`);
    }
  }
  await recordTagWrite(
    db,
    c.get("tap"),
    actorOf(c),
    tag,
    result.ok
      ? { ok: true, uid: result.uid ?? null, deviceInfo: result.device_info }
      : { ok: false, error: result.error, deviceInfo: result.device_info },
  );
  const body: WriteResult = {
    tag: toAdminTag(await tagOrThrow(db, tag.id), originOf(c.req.url)),
    message: result.ok ? TAG_MESSAGES.programmed : TAG_MESSAGES.programmingError,
  };
  return c.json(body);
});

/**
 * Registers the tag as a secure NTAG 424 DNA (issue #21): from the next tap on, its garment's
 * taps must carry valid SUN data from this UID. The answer carries the encoder settings.
 */
tagRoutes.post("/:id/secure", idParam, jsonBody(SecureTagBodySchema), async (c) => {
  const { uid, key_version } = c.req.valid("json");
  const db = c.get("db");
  const tag = await tagOrThrow(db, c.req.valid("param").id);
  if (!tag.short_slug) throw new AppError("conflict", "Only a tag with a garment can be made secure.");
  const holder = await tagHoldingUid(db, uid);
  if (holder && holder.id !== tag.id)
    throw new AppError("conflict", `The UID ${uid} is already on tag ${holder.chip_id}.`);
  await makeTagSecure(db, c.get("tap"), actorOf(c), tag, { uid, keyVersion: key_version });
  return c.json(toAdminTag(await tagOrThrow(db, tag.id), originOf(c.req.url)));
});

tagRoutes.post("/:id/lock", idParam, async (c) => {
  const db = c.get("db");
  const tag = await tagOrThrow(db, c.req.valid("param").id);
  if (tag.status === "locked") throw new AppError("conflict", "This tag is already locked.");
  if ((tag.status !== "active" && tag.status !== "released") || tag.programmed_at === null) {
    throw new AppError("conflict", "Only a written, working tag can be locked.");
  }
  await lockTag(db, actorOf(c), tag);
  return c.json(toAdminTag(await tagOrThrow(db, tag.id), originOf(c.req.url)));
});

tagRoutes.post("/:id/reassign", idParam, jsonBody(ReassignBodySchema), async (c) => {
  const { client_id } = c.req.valid("json");
  const db = c.get("db");
  const tag = await tagOrThrow(db, c.req.valid("param").id);
  const garment = tag.garment_id === null ? undefined : await getAdminGarment(db, tag.garment_id);
  if (!garment) throw new AppError("conflict", "This tag has no garment to reassign.");
  if (!(await reassignGarment(db, c.get("tap"), actorOf(c), garment, client_id))) {
    throw new AppError("not_found", `${TAG_MESSAGES.profileNotFound}: no client has the id ${client_id}.`);
  }
  return c.json({
    tag: toAdminTag(await tagOrThrow(db, tag.id), originOf(c.req.url)),
    message: TAG_MESSAGES.reassigned,
  });
});

tagRoutes.post("/:id/status", idParam, jsonBody(TagActionBodySchema), async (c) => {
  const { action, reason } = c.req.valid("json");
  const db = c.get("db");
  const tag = await tagOrThrow(db, c.req.valid("param").id);
  const next = nextTagStatus(
    {
      status: tag.status,
      programmed: tag.programmed_at !== null,
      locked: Boolean(tag.metadata?.lockedAt),
      owned: tag.owner_user_id !== null,
    },
    action,
  );
  if (!next.ok) throw new AppError("conflict", next.message);
  await setTagStatus(db, c.get("tap"), actorOf(c), tag, { action, status: next.status, reason });
  return c.json(toAdminTag(await tagOrThrow(db, tag.id), originOf(c.req.url)));
});
