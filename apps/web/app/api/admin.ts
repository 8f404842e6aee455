import { AppError } from "@releve/core";
import { getDb } from "@releve/db";
import { Hono } from "hono";
import { readSession, type SessionUser } from "../lib/session.server";
import { loadAdminStats } from "./admin-stats";
import type { ApiEnv } from "./index";

type AdminEnv = ApiEnv & { Variables: ApiEnv["Variables"] & { admin: SessionUser } };

/** Every /api/admin/* route sits behind this: 401 without a session, 403 without admin rights. */
export const admin = new Hono<AdminEnv>();

admin.use(async (c, next) => {
  const { user } = await readSession(getDb(c.get("env").DB), c.req.raw);
  if (!user) throw new AppError("unauthorized", "Sign in with an admin account.");
  if (!user.adminRole) throw new AppError("forbidden", "Admin privileges required");
  c.set("admin", user);
  await next();
});

admin.get("/me", (c) => {
  const { email, adminRole, firstName, lastName } = c.get("admin");
  return c.json({ email, role: adminRole, firstName, lastName });
});

admin.get("/stats", async (c) => c.json(await loadAdminStats(c.get("env").DB)));
