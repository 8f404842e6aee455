/**
 * The admin audit log.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { desc, sql } from "drizzle-orm";
import type { Db } from "../client";
import { adminAuditLog } from "../schema";

/** The admin doing a change, as the audit log records them. */
export type Actor = { userId: string; email: string };

/**
 * One audit row, to run in the same `db.batch()` as the change it describes (after it), so
 * neither exists without the other. A target id of "inserted" records the row the batch's
 * previous INSERT created.
 */
export function auditEntry(
  db: Db,
  actor: Actor,
  action: string,
  target: { type: string; id: number | "inserted" },
  before: unknown,
  after: unknown,
) {
  return db.insert(adminAuditLog).values({
    admin_user_id: actor.userId,
    admin_email: actor.email,
    action,
    target_type: target.type,
    // Raw sql: the id of the row the previous statement of the same batch inserted.
    target_id: target.id === "inserted" ? sql`CAST(last_insert_rowid() AS TEXT)` : String(target.id),
    before,
    after,
    created_at: new Date(),
  });
}

/** The newest audit rows, newest first. */
export function listAuditEntries(db: Db, limit: number) {
  return db
    .select({
      id: adminAuditLog.id,
      admin_email: adminAuditLog.admin_email,
      action: adminAuditLog.action,
      target_type: adminAuditLog.target_type,
      target_id: adminAuditLog.target_id,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
      created_at: adminAuditLog.created_at,
    })
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.created_at), desc(adminAuditLog.id))
    .limit(limit);
}
