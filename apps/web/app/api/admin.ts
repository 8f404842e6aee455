import { AppError } from "@releve/core";
import { actingAs } from "@releve/verbs/effects";
import { Hono } from "hono";
import { clientRoutes } from "../features/accounts/clients-api";
import { readSession } from "../features/accounts/session.server";
import { eventRoutes } from "../features/crm/brand-events-api";
import { newsListRoutes } from "../features/crm/news-list-api";
import { productRoutes } from "../features/passport/products-api";
import { qaRoutes } from "../features/qa/api";
import { e2eRoutes } from "../features/qa/e2e-api";
import { urlSuiteRoutes } from "../features/qa/url-suite-api";
import { guestRoutes } from "../features/sharing/guests-api";
import { postRoutes } from "../features/site/posts-api";
import { batchRoutes } from "../features/tags/batches-api";
import { garmentRoutes } from "../features/tags/garments-api";
import { statsRoutes } from "../features/tags/stats-api";
import { tagRoutes } from "../features/tags/tags-api";
import { scanRoutes } from "../features/tap/scans-api";
import { activityRoutes, deadLetterRoutes } from "./admin/activity";
import type { AdminEnv } from "./admin/admin-env";
import { auditRoutes } from "./admin/audit";

/** Every /api/admin/* route sits behind this: 401 without a session, 403 without admin rights. */
export const admin = new Hono<AdminEnv>();

admin.use(async (c, next) => {
  const { user } = await readSession(c.get("db"), c.req.raw);
  if (!user) throw new AppError("unauthorized", "Sign in with an admin account.");
  if (!user.adminRole) throw new AppError("forbidden", "Admin privileges required");
  c.set("admin", user);
  c.set("effects", actingAs(c.get("effects"), { kind: "admin", id: user.userId }));
  await next();
});

admin.get("/me", (c) => {
  const { email, adminRole, firstName, lastName } = c.get("admin");
  return c.json({ email, role: adminRole, firstName, lastName });
});

admin.route("/stats", statsRoutes);
admin.route("/garments", garmentRoutes);
admin.route("/products", productRoutes);
admin.route("/clients", clientRoutes);
admin.route("/scans", scanRoutes);
admin.route("/audit", auditRoutes);
admin.route("/activity", activityRoutes);
admin.route("/dead-letters", deadLetterRoutes);
admin.route("/instagram-posts", postRoutes);
admin.route("/tag-batches", batchRoutes);
admin.route("/tags", tagRoutes);
admin.route("/events", eventRoutes);
admin.route("/news-list", newsListRoutes);
admin.route("/guests", guestRoutes);
admin.route("/qa/e2e-run", e2eRoutes);
admin.route("/qa/url-suite", urlSuiteRoutes);
admin.route("/qa", qaRoutes);
