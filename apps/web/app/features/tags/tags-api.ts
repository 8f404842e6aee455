import { AppError } from "@releve/core";
import { csvRecords } from "@releve/core/platform/csv";
import { streamExport } from "@releve/core/platform/stream-export";
import { normalizeChipId, parseChipId } from "@releve/core/tags/chip-id";
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
  TAG_BYTE_BUDGET,
  TAG_CSV_COLUMNS,
  TAG_MESSAGES,
  TAG_PAGE_SIZE,
  tagsCsvFileName,
} from "@releve/core/tags/rules";
import { normalizeSlug } from "@releve/core/tap/slug";
import { clientForAttach, findTag, getAdminGarment, listTags, readTagBatches } from "@releve/db/tags/queries";
import { changeTagStatus } from "@releve/verbs/tags/change-tag-status";
import { lockTag } from "@releve/verbs/tags/lock-tag";
import { programTag } from "@releve/verbs/tags/program-tag";
import { reassignGarment } from "@releve/verbs/tags/reassign-garment";
import { recordTagWritten } from "@releve/verbs/tags/record-tag-write";
import { secureTag } from "@releve/verbs/tags/secure-tag";
import type { TagRefusal } from "@releve/verbs/tags/tag-refusals";
import { Hono } from "hono";
import { type AdminEnv, actorOf } from "../../api/admin/admin-env";
import { jsonBody, validator } from "../../api/validation";
import { downloadHeaders, logExportError } from "../../lib/export-response.server";
import { qrDataUri } from "../sharing/qr.server";
import { batchOrThrow, originOf, productForProgramming, tagOrThrow, toAdminTag } from "./tag-view";

const idParam = validator("param", TagIdParamSchema);

/** A tag verb's refusal as the API answers it: 409 with the spec's words. */
const tagRefused = (refusal: TagRefusal, uid: string) =>
  new AppError(
    "conflict",
    refusal.code === "uid_taken" ? `The UID ${uid} is already on tag ${refusal.holderChipId}.` : refusal.message,
  );

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
  const { tagId } = await programTag(c.get("effects"), {
    staff: actorOf(c),
    chipSecret: env.CHIP_SECRET,
    garmentType: input.garment_type,
    garment: {
      name: input.name,
      garment_type: input.garment_type,
      size: input.size,
      color: input.color,
      sku: input.sku,
      product_id: product?.id ?? null,
    },
    tagType: input.tag_type,
    batch,
    product,
    owner,
  });
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
  const recorded = await recordTagWritten(c.get("effects"), {
    staff: actorOf(c),
    tag,
    outcome: result.ok
      ? { ok: true, uid: result.uid ?? null, deviceInfo: result.device_info }
      : { ok: false, error: result.error, deviceInfo: result.device_info },
  });
  if (recorded.code !== "recorded") throw tagRefused(recorded, result.ok ? (result.uid ?? "") : "");
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
  const secured = await secureTag(c.get("effects"), { staff: actorOf(c), tag, uid, keyVersion: key_version });
  if (secured.code !== "secured") throw tagRefused(secured, uid);
  return c.json(toAdminTag(await tagOrThrow(db, tag.id), originOf(c.req.url)));
});

tagRoutes.post("/:id/lock", idParam, async (c) => {
  const db = c.get("db");
  const tag = await tagOrThrow(db, c.req.valid("param").id);
  const locked = await lockTag(c.get("effects"), { staff: actorOf(c), tag });
  if (locked.code !== "locked") throw tagRefused(locked, "");
  return c.json(toAdminTag(await tagOrThrow(db, tag.id), originOf(c.req.url)));
});

tagRoutes.post("/:id/reassign", idParam, jsonBody(ReassignBodySchema), async (c) => {
  const { client_id } = c.req.valid("json");
  const db = c.get("db");
  const tag = await tagOrThrow(db, c.req.valid("param").id);
  const garment = tag.garment_id === null ? undefined : await getAdminGarment(db, tag.garment_id);
  if (!garment) throw new AppError("conflict", "This tag has no garment to reassign.");
  const reassigned = await reassignGarment(c.get("effects"), { staff: actorOf(c), garment, profileId: client_id });
  if (reassigned.code === "client_not_found") {
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
  const changed = await changeTagStatus(c.get("effects"), { staff: actorOf(c), tag, action, reason });
  if (changed.code !== "changed") throw tagRefused(changed, "");
  return c.json(toAdminTag(await tagOrThrow(db, tag.id), originOf(c.req.url)));
});
