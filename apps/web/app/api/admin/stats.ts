import type { AdminStats } from "@releve/core/admin-portal";
import { adminDashboardCounts } from "@releve/db/scans";
import { Hono } from "hono";
import type { AdminEnv } from "./admin-env";

/** `/api/admin/stats`: the NFC dashboard's 7- and 30-day counts. */
export const statsRoutes = new Hono<AdminEnv>();

statsRoutes.get("/", async (c) => {
  const stats: AdminStats = await adminDashboardCounts(c.get("db"));
  return c.json(stats);
});
