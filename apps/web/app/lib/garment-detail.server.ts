import type { Db } from "@releve/db";

export interface GarmentDetail {
  id: number;
  name: string | null;
  title: string | null;
  brand: string | null;
  garment_type: string | null;
  color: string | null;
  size: string | null;
  sku: string | null;
  status: string;
  short_slug: string;
  tag_uuid: string | null;
  nfc_chip_id: string | null;
  claimed_at: number | null;
}

export interface ContactRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  instagram: string | null;
  linkedin: string | null;
  notes: string | null;
  contact_notes: string | null;
  contacted_at: number | null;
  created_at: number;
  event_name: string | null;
}

const CONTACTS_SQL = `SELECT c.id, c.first_name, c.last_name, c.email, c.phone, c.instagram, c.linkedin, c.notes,
       c.contact_notes, c.contacted_at, c.created_at, e.name AS event_name
  FROM contacts c LEFT JOIN wardrobe_events e ON e.id = c.wardrobe_event_id
 WHERE c.garment_id = ?1 AND c.owner_user_id = ?2
 ORDER BY c.created_at DESC, c.id DESC`;

/**
 * Everything the garment page shows, in one D1 batch; null unless the garment is this
 * user's (anyone else gets a 404, so garment ids cannot be probed).
 */
export async function loadGarmentDetail(db: Db, garmentId: number, userId: string) {
  const d1 = db.$client;
  const [garment, stats, scans, contacts] = await d1.batch([
    d1
      .prepare(
        `SELECT id, name, title, brand, garment_type, color, size, sku, status, short_slug, tag_uuid, nfc_chip_id, claimed_at
           FROM garments WHERE id = ?1 AND owner_user_id = ?2 AND status = 'claimed'`,
      )
      .bind(garmentId, userId),
    d1
      .prepare(
        `SELECT count(*) AS scans, max(created_at) AS last_scan,
                (SELECT count(*) FROM contacts WHERE garment_id = ?1 AND owner_user_id = ?2) AS contacts
           FROM scans WHERE garment_id = ?1 AND owner_user_id = ?2`,
      )
      .bind(garmentId, userId),
    d1
      .prepare(
        `SELECT id, created_at, scan_type, viewer_kind, city, browser FROM scans
          WHERE garment_id = ?1 AND owner_user_id = ?2 ORDER BY created_at DESC LIMIT 10`,
      )
      .bind(garmentId, userId),
    d1.prepare(CONTACTS_SQL).bind(garmentId, userId),
  ]);
  const row = garment?.results[0] as GarmentDetail | undefined;
  if (!row) return null;
  const s = stats?.results[0] as { scans: number; last_scan: number | null; contacts: number } | undefined;
  return {
    garment: row,
    stats: { scans: s?.scans ?? 0, lastScan: s?.last_scan ?? null, contacts: s?.contacts ?? 0 },
    scans: (scans?.results ?? []) as Array<{
      id: string;
      created_at: number;
      scan_type: string;
      viewer_kind: string;
      city: string | null;
      browser: string | null;
    }>,
    contacts: (contacts?.results ?? []) as ContactRow[],
  };
}

export async function loadGarmentContacts(db: Db, garmentId: number, userId: string) {
  const garment = await db.$client
    .prepare("SELECT id, name, title FROM garments WHERE id = ?1 AND owner_user_id = ?2 AND status = 'claimed'")
    .bind(garmentId, userId)
    .first<{ id: number; name: string | null; title: string | null }>();
  if (!garment) return null;
  const { results } = await db.$client.prepare(CONTACTS_SQL).bind(garmentId, userId).all<ContactRow>();
  return { garment, contacts: results };
}
