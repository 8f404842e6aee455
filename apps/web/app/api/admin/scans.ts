import { SCAN_HISTORY_LIMIT, type ScanHistoryRow } from "@releve/core/admin-api";
import { publicName } from "@releve/core/share-visibility";
import { listRecentScans } from "@releve/db/scans";
import { Hono } from "hono";
import type { AdminEnv } from "./admin-env";

/** `/api/admin/scans`: the newest raw scans (scan history). */
export const scanRoutes = new Hono<AdminEnv>();

scanRoutes.get("/recent", async (c) => {
  const rows = await listRecentScans(c.get("db"), SCAN_HISTORY_LIMIT);
  const scans: ScanHistoryRow[] = rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at.getTime(),
    slug: r.short_slug,
    garment: r.garment_id ? { name: r.garment_name ?? r.short_slug ?? "Garment", brand: r.brand } : null,
    ownerName: r.owner_user_id ? publicName(r) : null,
    viewerKind: r.viewer_kind,
    scanType: r.scan_type,
    city: r.city,
    country: r.country,
    browser: r.browser,
  }));
  return c.json({ scans });
});
