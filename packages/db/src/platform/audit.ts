/**
 * The admin audit log.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import { adminAuditLog, domainEvents, users } from "../schema";

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
  /**
   * The domain event of the same change, which the activity list reads (issue #48); required, so
   * that no new audited change forgets it (undefined only where a test calls a command bare).
   */
  eventId: string | undefined,
) {
  return db.insert(adminAuditLog).values({
    event_id: eventId ?? null,
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

/**
 * What staff did, newest first (issue #48): the domain events an admin made, each with the audit
 * row of the same change (its action, the staff member's address as it was, before and after)
 * when it has one (an entry for each, when a change has several: a QA reset's garments), then the
 * audit rows older than the event log. The staff member's address of
 * an event without an audit row is read from their account (none once it is deleted).
 */
export function listStaffActivity(db: Db, limit: number) {
  const fromEvents = db
    .select({
      key: sql<string>`${domainEvents.id}`.as("key"),
      auditId: sql<number | null>`${adminAuditLog.id}`.as("audit_id"),
      eventType: sql<string | null>`${domainEvents.type}`.as("event_type"),
      action: sql<string>`coalesce(${adminAuditLog.action}, ${domainEvents.type})`.as("action"),
      email: sql<string | null>`coalesce(${adminAuditLog.admin_email}, ${users.email})`.as("email"),
      targetType: sql<string | null>`${adminAuditLog.target_type}`.as("target_type"),
      targetId: sql<string | null>`${adminAuditLog.target_id}`.as("target_id"),
      garmentId: sql<number | null>`${domainEvents.garment_id}`.as("garment_id"),
      productId: sql<number | null>`${domainEvents.product_id}`.as("product_id"),
      tagId: sql<number | null>`${domainEvents.tag_id}`.as("tag_id"),
      before: sql<string | null>`${adminAuditLog.before}`.as("before"),
      after: sql<string | null>`${adminAuditLog.after}`.as("after"),
      at: sql<number>`${domainEvents.occurred_at}`.as("at"),
    })
    .from(domainEvents)
    .leftJoin(adminAuditLog, eq(adminAuditLog.event_id, domainEvents.id))
    .leftJoin(users, eq(users.id, domainEvents.actor_id))
    .where(eq(domainEvents.actor_kind, "admin"));
  const older = db
    .select({
      key: sql<string>`'audit-' || ${adminAuditLog.id}`.as("key"),
      auditId: sql<number | null>`${adminAuditLog.id}`.as("audit_id"),
      eventType: sql<string | null>`NULL`.as("event_type"),
      action: sql<string>`${adminAuditLog.action}`.as("action"),
      email: sql<string | null>`${adminAuditLog.admin_email}`.as("email"),
      targetType: sql<string | null>`${adminAuditLog.target_type}`.as("target_type"),
      targetId: sql<string | null>`${adminAuditLog.target_id}`.as("target_id"),
      garmentId: sql<number | null>`NULL`.as("garment_id"),
      productId: sql<number | null>`NULL`.as("product_id"),
      tagId: sql<number | null>`NULL`.as("tag_id"),
      before: sql<string | null>`${adminAuditLog.before}`.as("before"),
      after: sql<string | null>`${adminAuditLog.after}`.as("after"),
      at: sql<number>`${adminAuditLog.created_at}`.as("at"),
    })
    .from(adminAuditLog)
    .where(isNull(adminAuditLog.event_id));
  return fromEvents.unionAll(older).orderBy(desc(sql`at`), desc(sql`key`), desc(sql`audit_id`)).limit(limit);
}
