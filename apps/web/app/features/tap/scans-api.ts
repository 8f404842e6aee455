import { publicName } from "@releve/core/sharing/share-visibility";
import { SCAN_HISTORY_LIMIT, ScanHistoryQuerySchema, type ScanHistoryRow } from "@releve/core/tap/contracts";
import { listRecentScans } from "@releve/db/crm/queries";
import { Hono } from "hono";
import type { AdminEnv } from "../../api/admin/admin-env";
import { validator } from "../../api/validation";

/** `/api/admin/scans`: the newest raw scans (scan history), or only the suspect ones (counterfeit alerts). */
export const scanRoutes = new Hono<AdminEnv>();

scanRoutes.get("/recent", validator("query", ScanHistoryQuerySchema), async (c) => {
  const { type } = c.req.valid("query");
  const rows = await listRecentScans(c.get("db"), SCAN_HISTORY_LIMIT, { suspect: type === "suspect" });
  const scans: ScanHistoryRow[] = rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at.getTime(),
    slug: r.short_slug,
    garment: r.garment_id ? { name: r.garment_name ?? r.short_slug ?? "Garment", brand: r.brand } : null,
    ownerName: r.owner_user_id ? publicName(r) : null,
    viewerKind: r.viewer_kind,
    scanType: r.scan_type,
    suspectReason: r.suspect_reason,
    city: r.city,
    country: r.country,
    browser: r.browser,
  }));
  return c.json({ scans });
});
