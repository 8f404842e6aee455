import type { AdminStats } from "@releve/core/platform/admin-portal";
import { adminDashboardCounts } from "@releve/db/crm/queries";
import { Hono } from "hono";
import type { AdminEnv } from "../../api/admin/admin-env";

/** `/api/admin/stats`: the NFC dashboard's 7- and 30-day counts. */
export const statsRoutes = new Hono<AdminEnv>();

statsRoutes.get("/", async (c) => {
  const stats: AdminStats = await adminDashboardCounts(c.get("db"));
  return c.json(stats);
});
