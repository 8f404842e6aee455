import { AUDIT_LIMIT, type AuditEntry } from "@releve/core/platform/admin-api";
import { listStaffActivity } from "@releve/db/platform/audit";
import { Hono } from "hono";
import type { AdminEnv } from "./admin-env";

/** A JSON column read through a union (text), as its value. */
const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** Where an event without an audit row happened: its tag, garment or product. */
function subjectOf(row: { tagId: number | null; garmentId: number | null; productId: number | null }) {
  if (row.tagId !== null) return { targetType: "nfc_tag", targetId: String(row.tagId) };
  if (row.garmentId !== null) return { targetType: "garment", targetId: String(row.garmentId) };
  if (row.productId !== null) return { targetType: "product", targetId: String(row.productId) };
  return { targetType: null, targetId: null };
}

/**
 * `/api/admin/audit`: what staff did, newest first (issue #48): the domain events admins made,
 * each with its audit row's before and after, then audit rows older than the event log.
 */
export const auditRoutes = new Hono<AdminEnv>();

auditRoutes.get("/", async (c) => {
  const rows = await listStaffActivity(c.get("db"), AUDIT_LIMIT);
  const entries: AuditEntry[] = rows.map((r) => ({
    id: r.key,
    auditId: r.auditId,
    eventType: r.eventType,
    adminEmail: r.email,
    action: r.action,
    ...(r.targetType === null ? subjectOf(r) : { targetType: r.targetType, targetId: r.targetId }),
    before: parsed(r.before),
    after: parsed(r.after),
    createdAt: Number(r.at),
  }));
  return c.json({ entries });
});
