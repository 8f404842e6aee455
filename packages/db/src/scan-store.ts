import type { D1Like, D1StatementLike } from "./binding-types";

export type ScanRow = {
  id: string;
  garmentId: number;
  ownerUserId: string | null;
  slug: string;
  activeEventId: number | null;
  viewerKind: "owner" | "visitor" | "anonymous";
  city: string | null;
  country: string | null;
  browser: string | null;
  os: string | null;
  deviceType: string | null;
  createdAtMs: number;
};

// Redelivery of the same scan id changes nothing (at-least-once queue, exactly-once rows).
// The references are looked up rather than bound directly, so a garment, owner or event
// deleted between the tap and this insert becomes NULL instead of failing the foreign key
// and poisoning the message. 12 bound parameters: far under D1's 100 per statement.
const INSERT_SCAN_SQL = `INSERT INTO scans (id, garment_id, owner_user_id, short_slug, tag_uuid, wardrobe_event_id,
  viewer_kind, scan_type, city, country, browser, os, device_type, created_at)
VALUES (?1,
  (SELECT id FROM garments WHERE id = ?2),
  (SELECT id FROM users WHERE id = ?3),
  ?4,
  (SELECT tag_uuid FROM garments WHERE id = ?2),
  (SELECT id FROM wardrobe_events WHERE id = ?5 AND owner_user_id = ?3),
  ?6, 'tap', ?7, ?8, ?9, ?10, ?11, ?12)
ON CONFLICT (id) DO NOTHING`;

export function insertScanStatement(db: D1Like, row: ScanRow): D1StatementLike {
  return db
    .prepare(INSERT_SCAN_SQL)
    .bind(
      row.id,
      row.garmentId,
      row.ownerUserId,
      row.slug,
      row.activeEventId,
      row.viewerKind,
      row.city,
      row.country,
      row.browser,
      row.os,
      row.deviceType,
      row.createdAtMs,
    );
}
