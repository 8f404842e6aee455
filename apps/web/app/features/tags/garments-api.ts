import { AppError } from "@releve/core";
import type { AdminOwnershipHistory } from "@releve/core/ownership/transfer";
import { garmentDigitalLink } from "@releve/core/passport/digital-link";
import { csvRecords } from "@releve/core/platform/csv";
import { streamExport } from "@releve/core/platform/stream-export";
import { publicName } from "@releve/core/sharing/share-visibility";
import {
  type AdminGarment,
  GARMENT_PAGE_SIZE,
  GarmentIdParamSchema,
  GarmentListQuerySchema,
  type GarmentPage,
  GarmentStatusBodySchema,
  ReassignBodySchema,
  UNCLAIMED_PAGE_SIZE,
  type UnclaimedPage,
  UnclaimedQuerySchema,
} from "@releve/core/tags/contracts";
import { garmentTagUrl, TAG_MESSAGES } from "@releve/core/tags/rules";
import type { Db } from "@releve/db/client";
import { ownershipHistory } from "@releve/db/ownership/queries";
import {
  type AdminGarmentRow,
  getAdminGarment,
  listAdminGarments,
  listUnclaimedGarments,
  readAdminGarmentBatches,
} from "@releve/db/tags/queries";
import { getGarmentPhoto } from "@releve/db/wardrobe/queries";
import { markGarmentProgrammed } from "@releve/verbs/tags/mark-garment-programmed";
import { reassignGarment } from "@releve/verbs/tags/reassign-garment";
import { setGarmentActive } from "@releve/verbs/tags/set-garment-active";
import { clearGarmentPhoto } from "@releve/verbs/wardrobe/clear-garment-photo";
import { setGarmentPhoto } from "@releve/verbs/wardrobe/set-garment-photo";
import { setGarmentPhotoCard } from "@releve/verbs/wardrobe/set-garment-photo-card";
import { Hono } from "hono";
import { type AdminEnv, actorOf } from "../../api/admin/admin-env";
import { jsonBody, validator } from "../../api/validation";
import { downloadHeaders, logExportError } from "../../lib/export-response.server";
import { cardAnswer, photoRefused, readCardBody, readPhotoBody, toPhoto } from "../wardrobe/photos-api";
import { originOf } from "./tag-view";

const GARMENT_CSV_COLUMNS = [
  "ID",
  "Title",
  "Brand",
  "Type",
  "Short slug",
  "Status",
  "Active",
  "Owner",
  "Owner email",
  "Created",
  "Claimed",
];

function toGarment(row: AdminGarmentRow, origin: string): AdminGarment {
  return {
    id: row.id,
    title: row.title,
    brand: row.brand,
    garmentType: row.garment_type,
    shortSlug: row.short_slug,
    digitalLink: garmentDigitalLink(origin, row.short_slug, row.gtin),
    status: row.status,
    isActive: row.is_active,
    createdAt: row.created_at.getTime(),
    claimedAt: row.claimed_at?.getTime() ?? null,
    owner: row.owner_user_id ? { profileId: row.profile_id, name: publicName(row), email: row.email } : null,
  };
}

async function garmentOrThrow(db: Db, id: number): Promise<AdminGarmentRow> {
  const garment = await getAdminGarment(db, id);
  if (!garment) throw new AppError("not_found", "Garment not found.");
  return garment;
}

const idParam = validator("param", GarmentIdParamSchema);

/** `/api/admin/garments`: 'Registered & Claimed', its CSV, unclaimed stock and the changes an admin makes. */
export const garmentRoutes = new Hono<AdminEnv>();

garmentRoutes.get("/", validator("query", GarmentListQuerySchema), async (c) => {
  const { q, status, before } = c.req.valid("query");
  const limit = GARMENT_PAGE_SIZE;
  const { rows, nextCursor } = await listAdminGarments(c.get("db"), { q, status, before, limit });
  const body: GarmentPage = {
    garments: rows.map((r) => toGarment(r, originOf(c.req.url))),
    pageSize: limit,
    nextCursor,
  };
  return c.json(body);
});

garmentRoutes.get("/export.csv", async (c) => {
  const date = new Date().toISOString().slice(0, 10);
  // Every garment, streamed a batch at a time (issue #30): the list's cap is not the export's.
  const origin = originOf(c.req.url);
  const body = streamExport({
    head: csvRecords([GARMENT_CSV_COLUMNS]),
    read: readAdminGarmentBatches(c.get("db")),
    format: (rows) =>
      csvRecords(
        rows
          .map((r) => toGarment(r, origin))
          .map((g) => [
            g.id,
            g.title,
            g.brand,
            g.garmentType,
            g.shortSlug,
            g.status,
            g.isActive ? "Yes" : "No",
            g.owner?.name ?? "",
            g.owner?.email ?? "",
            new Date(g.createdAt),
            g.claimedAt === null ? null : new Date(g.claimedAt),
          ]),
      ),
    onError: logExportError("garments.csv"),
  });
  return c.body(
    body,
    200,
    downloadHeaders({ type: "text/csv; charset=utf-8", filename: `garments_export_${date}.csv` }),
  );
});

garmentRoutes.get("/unclaimed", validator("query", UnclaimedQuerySchema), async (c) => {
  const { before } = c.req.valid("query");
  const { rows, total, nextCursor } = await listUnclaimedGarments(c.get("db"), { limit: UNCLAIMED_PAGE_SIZE, before });
  const origin = originOf(c.req.url);
  const body: UnclaimedPage = {
    rows: rows.map((row) => ({
      ...row,
      created_at: row.created_at.getTime(),
      programmed_at: row.programmed_at?.getTime() ?? null,
      programming_url: garmentTagUrl(origin, row.short_slug, row.gtin),
    })),
    pageSize: UNCLAIMED_PAGE_SIZE,
    total,
    nextCursor,
  };
  return c.json(body);
});

/** A garment's ownership history (issue #32): its periods and transfers, owners' emails for staff only. */
garmentRoutes.get("/:id/ownership", idParam, async (c) => {
  const { id } = c.req.valid("param");
  const db = c.get("db");
  if (!(await getGarmentPhoto(db, id))) throw new AppError("not_found", "Garment not found.");
  const { periods, transfers } = await ownershipHistory(db, id);
  const now = Date.now();
  const body: AdminOwnershipHistory = {
    periods: periods.map((p) => ({
      id: p.id,
      ownerEmail: p.owner_email,
      startedAt: p.started_at.getTime(),
      startedHow: p.started_how,
      endedAt: p.ended_at?.getTime() ?? null,
      endedHow: p.ended_how,
    })),
    transfers: transfers.map((t) => ({
      id: t.id,
      kind: t.kind,
      status: t.status === "pending" && t.expires_at.getTime() <= now ? "expired" : t.status,
      endReason: t.end_reason,
      fromEmail: t.from_email,
      toEmail: t.to_email,
      createdAt: t.created_at.getTime(),
      expiresAt: t.expires_at.getTime(),
      decidedAt: t.decided_at?.getTime() ?? null,
    })),
  };
  return c.json(body);
});

garmentRoutes.post("/:id/status", idParam, jsonBody(GarmentStatusBodySchema), async (c) => {
  const { id } = c.req.valid("param");
  const db = c.get("db");
  const garment = await garmentOrThrow(db, id);
  await setGarmentActive(c.get("effects"), { staff: actorOf(c), garment, active: c.req.valid("json").is_active });
  return c.json(toGarment(await garmentOrThrow(db, id), originOf(c.req.url)));
});

garmentRoutes.post("/:id/reassign", idParam, jsonBody(ReassignBodySchema), async (c) => {
  const { id } = c.req.valid("param");
  const { client_id } = c.req.valid("json");
  const db = c.get("db");
  const garment = await garmentOrThrow(db, id);
  const reassigned = await reassignGarment(c.get("effects"), { staff: actorOf(c), garment, profileId: client_id });
  if (reassigned.code === "client_not_found") {
    throw new AppError("not_found", `${TAG_MESSAGES.profileNotFound}: no client has the id ${client_id}.`);
  }
  return c.json(toGarment(await garmentOrThrow(db, id), originOf(c.req.url)));
});

garmentRoutes.post("/:id/programmed", idParam, async (c) => {
  const outcome = await markGarmentProgrammed(c.get("effects"), {
    staff: actorOf(c),
    garmentId: c.req.valid("param").id,
  });
  if (outcome.code === "not_found") throw new AppError("not_found", "Garment not found.");
  return c.json({
    programmed_at: outcome.programmedAt?.getTime() ?? null,
    programmed_by_admin_id: outcome.programmedByAdminId,
  });
});

// The garment's product photo (issue #19), e.g. taken while programming its tag: any garment,
// audited; the same checks, storage and answers as the owner's /api/garments/:id/photo.
const garmentNotFound = () => new AppError("not_found", "Garment not found.");

garmentRoutes.put("/:id/photo", idParam, async (c) => {
  const outcome = await setGarmentPhoto(c.get("effects"), {
    garmentId: c.req.valid("param").id,
    by: { staff: actorOf(c) },
    read: () => readPhotoBody(c.req.raw),
  });
  if (outcome.code === "not_found") throw garmentNotFound();
  if (outcome.code === "refused") throw photoRefused(outcome.reason);
  return c.json({ photo: toPhoto(outcome.row) });
});

garmentRoutes.delete("/:id/photo", idParam, async (c) => {
  const outcome = await clearGarmentPhoto(c.get("effects"), {
    garmentId: c.req.valid("param").id,
    by: { staff: actorOf(c) },
  });
  if (outcome.code === "not_found") throw garmentNotFound();
  return c.json({ photo: null });
});

// Its card-size rendition (decision 0039): the same checks as the owner's /api/garments/:id/photo/card.
garmentRoutes.put("/:id/photo/card", idParam, async (c) => {
  const outcome = await setGarmentPhotoCard(c.get("effects"), {
    garmentId: c.req.valid("param").id,
    by: { staff: actorOf(c) },
    read: () => readCardBody(c.req.raw),
  });
  return c.json(cardAnswer(outcome, garmentNotFound));
});
