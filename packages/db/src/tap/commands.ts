/**
 * The tap's writes: scans as the queue consumer records them (the row a tap's message becomes,
 * one insert or a batch). The tap's records in KV: ./cache.ts.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { eventDay } from "@releve/core/crm/rules";
import type { ScanMessage } from "@releve/core/tap/scan-message";
import { and, eq, gte, isNull, or, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../client";
import { garments, type Scan, scans, users, wardrobeEvents } from "../schema";

/** One scan as the queue consumer stores it. */
export type ScanRow = Pick<
  Scan,
  | "id"
  | "garment_id"
  | "owner_user_id"
  | "short_slug"
  | "wardrobe_event_id"
  | "viewer_kind"
  | "city"
  | "country"
  | "browser"
  | "os"
  | "device_type"
  | "created_at"
> &
  // An ordinary tap unless said otherwise.
  Partial<Pick<Scan, "scan_type" | "suspect_reason">>;

/** What the consumer parses from a message's user agent (docs/decisions/0011: not in the tap bundle). */
export type ScanAgent = Pick<ScanRow, "browser" | "os" | "device_type">;

/** A validated queue message as the row it becomes; the edge's scan id is the primary key. */
export function toScanRow(message: ScanMessage, agent: ScanAgent): ScanRow {
  return {
    id: message.scanId,
    garment_id: message.garmentId,
    owner_user_id: message.ownerUserId,
    short_slug: message.slug,
    wardrobe_event_id: message.activeEventId,
    viewer_kind: message.viewerKind,
    scan_type: message.scanType ?? "tap",
    suspect_reason: message.suspectReason ?? null,
    city: message.city,
    country: message.country,
    ...agent,
    created_at: new Date(message.scannedAt),
  };
}

/**
 * Redelivery of the same scan id changes nothing (at-least-once queue, exactly-once rows).
 * The references are looked up rather than bound directly, so a garment, owner or event
 * deleted between the tap and this insert becomes NULL instead of failing the foreign key
 * and poisoning the message. A statement, so the consumer can batch a queue batch's rows.
 */
export function insertScan(db: Db, row: ScanRow) {
  // A subquery's value: NULL once the row it names is gone (and for a null reference, which matches nothing).
  const lookup = (query: SQLWrapper) => sql`${query}`;
  const garment = eq(garments.id, row.garment_id ?? 0);
  const owner = row.owner_user_id ?? "";
  return db
    .insert(scans)
    .values({
      id: row.id,
      garment_id: lookup(db.select({ id: garments.id }).from(garments).where(garment)),
      owner_user_id: lookup(db.select({ id: users.id }).from(users).where(eq(users.id, owner))),
      short_slug: row.short_slug,
      tag_uuid: lookup(db.select({ tag: garments.tag_uuid }).from(garments).where(garment)),
      wardrobe_event_id: lookup(
        db
          .select({ id: wardrobeEvents.id })
          .from(wardrobeEvents)
          .where(
            and(
              eq(wardrobeEvents.id, row.wardrobe_event_id ?? 0),
              eq(wardrobeEvents.owner_user_id, owner),
              // A tap after the event's day is not the event's (issue #49), whatever the tap's cache said.
              or(isNull(wardrobeEvents.date), gte(wardrobeEvents.date, eventDay(row.created_at))),
            ),
          ),
      ),
      viewer_kind: row.viewer_kind,
      scan_type: row.scan_type ?? "tap",
      suspect_reason: row.suspect_reason ?? null,
      city: row.city,
      country: row.country,
      browser: row.browser,
      os: row.os,
      device_type: row.device_type,
      created_at: row.created_at,
    })
    .onConflictDoNothing({ target: scans.id });
}

/** Stores a queue batch's rows in one D1 batch (one transaction, one round trip); exactly once per scan id. */
export async function insertScans(db: Db, rows: ScanRow[]): Promise<void> {
  const [first, ...rest] = rows.map((row) => insertScan(db, row));
  if (first) await db.batch([first, ...rest]);
}

/** Stores one row alone (the consumer's fallback when a batch fails). */
export async function insertOneScan(db: Db, row: ScanRow): Promise<void> {
  await insertScan(db, row).run();
}
