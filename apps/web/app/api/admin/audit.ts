import { AUDIT_LIMIT, type AuditEntry } from "@releve/core/platform/admin-api";
import { listAuditEntries } from "@releve/db/platform/audit";
import { Hono } from "hono";
import type { AdminEnv } from "./admin-env";

/** `/api/admin/audit`: the newest admin changes. */
export const auditRoutes = new Hono<AdminEnv>();

auditRoutes.get("/", async (c) => {
  const rows = await listAuditEntries(c.get("db"), AUDIT_LIMIT);
  const entries: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    adminEmail: r.admin_email,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    before: r.before,
    after: r.after,
    createdAt: r.created_at.getTime(),
  }));
  return c.json({ entries });
});
