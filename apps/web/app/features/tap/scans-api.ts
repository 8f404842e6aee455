import { publicName } from "@releve/core/sharing/share-visibility";
import {
  SCAN_HISTORY_LIMIT,
  type ScanHistoryPage,
  ScanHistoryQuerySchema,
  type ScanHistoryRow,
} from "@releve/core/tap/contracts";
import { listRecentScans } from "@releve/db/crm/queries";
import { Hono } from "hono";
import type { AdminEnv } from "../../api/admin/admin-env";
import { validator } from "../../api/validation";

/**
 * `/api/admin/scans`: raw scans newest first, a page at a time (scan history), or only the
 * suspect ones (counterfeit alerts); `nextCursor` as `?before=` reads the page after.
 */
export const scanRoutes = new Hono<AdminEnv>();

scanRoutes.get("/recent", validator("query", ScanHistoryQuerySchema), async (c) => {
  const { type, before } = c.req.valid("query");
  const page = await listRecentScans(c.get("db"), SCAN_HISTORY_LIMIT, { suspect: type === "suspect", before });
  const scans: ScanHistoryRow[] = page.rows.map((r) => ({
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
  const body: ScanHistoryPage = { scans, nextCursor: page.nextCursor };
  return c.json(body);
});
