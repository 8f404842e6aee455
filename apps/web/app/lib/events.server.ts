import { type CreateEventInput, EVENT_CONTACTS_SHOWN } from "@releve/core/crm";
import type { Db } from "@releve/db";
import { refreshOwnerTapRoutes, type TapStores } from "@releve/db/tap-cache";
import type { OwnerContact } from "./contacts.server";

export interface OwnerEvent {
  id: number;
  name: string;
  description: string | null;
  location: string | null;
  date: string | null;
  is_active: number;
  created_at: number;
  /** Scans tagged with this event (scan_daily_stats), not all of the owner's scans. */
  scans: number;
  contacts: number;
}

// Per event, the scans tagged with it (from the rollups) and its contacts. The spec counted
// all of the owner's scans for every event: a defect (issue #8).
const EVENTS_WITH_COUNTS_SQL = `SELECT e.id, e.name, e.description, e.location, e.date, e.is_active, e.created_at,
    coalesce((SELECT sum(s.scans) FROM scan_daily_stats s
               WHERE s.owner_user_id = ?1 AND s.wardrobe_event_id = e.id), 0) AS scans,
    (SELECT count(*) FROM contacts c WHERE c.wardrobe_event_id = e.id AND c.owner_user_id = ?1) AS contacts
  FROM wardrobe_events e WHERE e.owner_user_id = ?1
 ORDER BY e.date IS NULL, e.date DESC, e.created_at DESC, e.id DESC`;

const ACTIVE_EVENT_SQL = "SELECT active_event_id FROM profiles WHERE user_id = ?1";

/** /dashboard/events: the owner's events with their counts and the active event, in one D1 batch. */
export async function listEvents(
  db: Db,
  userId: string,
): Promise<{ events: OwnerEvent[]; activeEventId: number | null }> {
  const d1 = db.$client;
  const [events, profile] = await d1.batch([
    d1.prepare(EVENTS_WITH_COUNTS_SQL).bind(userId),
    d1.prepare(ACTIVE_EVENT_SQL).bind(userId),
  ]);
  const rows = (events?.results ?? []) as OwnerEvent[];
  const active = (profile?.results[0] as { active_event_id: number | null } | undefined)?.active_event_id ?? null;
  // Only an event that is still the owner's and flagged active tags anything (garment-routing.ts).
  const activeEventId = rows.some((e) => e.id === active && e.is_active === 1) ? active : null;
  return { events: rows, activeEventId };
}

export async function createEvent(db: Db, userId: string, input: CreateEventInput): Promise<number> {
  const row = await db.$client
    .prepare(
      `INSERT INTO wardrobe_events (owner_user_id, name, description, location, date, is_active)
       VALUES (?1, ?2, ?3, ?4, ?5, 1) RETURNING id`,
    )
    .bind(userId, input.name, input.description, input.location, input.date)
    .first<{ id: number }>();
  if (!row) throw new Error("wardrobe event not created");
  return row.id;
}

export type SetActiveResult = "set" | "cleared" | "not_found" | "no_profile";

/**
 * Persists the owner's active event (or clears it) and rewrites the owner's tap records, so
 * the very next tap carries it into its scan, as the next share-page contact does
 * (DESIGN.md §4: the active event is persisted and tags new scans and contacts).
 * Only one of this owner's events that is flagged active can be chosen.
 */
export async function setActiveEvent(
  stores: TapStores,
  db: Db,
  userId: string,
  eventId: number | null,
): Promise<SetActiveResult> {
  const d1 = db.$client;
  const row =
    eventId === null
      ? await d1
          .prepare("UPDATE profiles SET active_event_id = NULL, updated_at = ?2 WHERE user_id = ?1 RETURNING id")
          .bind(userId, Date.now())
          .first<{ id: number }>()
      : await d1
          .prepare(
            `UPDATE profiles SET active_event_id = ?2, updated_at = ?3
              WHERE user_id = ?1
                AND EXISTS (SELECT 1 FROM wardrobe_events e WHERE e.id = ?2 AND e.owner_user_id = ?1 AND e.is_active = 1)
              RETURNING id`,
          )
          .bind(userId, eventId, Date.now())
          .first<{ id: number }>();
  if (!row) {
    if (eventId === null) return "no_profile";
    const profile = await d1.prepare(ACTIVE_EVENT_SQL).bind(userId).first();
    return profile ? "not_found" : "no_profile";
  }
  await refreshOwnerTapRoutes(stores, userId);
  return eventId === null ? "cleared" : "set";
}

export interface EventDetail {
  event: OwnerEvent;
  active: boolean;
  scansByDay: Array<{ day: string; scans: number }>;
  contacts: OwnerContact[];
}

/**
 * /dashboard/events/:id: the event with its counts, its scans per day (rollups) and its most
 * recent contacts, in one D1 batch; null unless the event is this owner's.
 */
export async function loadEventDetail(db: Db, userId: string, eventId: number): Promise<EventDetail | null> {
  const d1 = db.$client;
  const [event, profile, days, contacts] = await d1.batch([
    d1
      .prepare(EVENTS_WITH_COUNTS_SQL.replace("WHERE e.owner_user_id = ?1", "WHERE e.owner_user_id = ?1 AND e.id = ?2"))
      .bind(userId, eventId),
    d1.prepare(ACTIVE_EVENT_SQL).bind(userId),
    d1
      .prepare(
        `SELECT day, sum(scans) AS scans FROM scan_daily_stats
          WHERE owner_user_id = ?1 AND wardrobe_event_id = ?2 GROUP BY day ORDER BY day`,
      )
      .bind(userId, eventId),
    d1
      .prepare(
        `SELECT c.id, c.first_name, c.last_name, c.email, c.phone, c.instagram, c.linkedin, c.tiktok, c.facebook,
                c.notes, c.contact_notes, c.contacted_at, c.created_at, c.garment_id,
                coalesce(g.name, g.title) AS garment_name, c.wardrobe_event_id AS event_id,
                NULL AS event_name, NULL AS event_date
           FROM contacts c LEFT JOIN garments g ON g.id = c.garment_id AND g.owner_user_id = c.owner_user_id
          WHERE c.owner_user_id = ?1 AND c.wardrobe_event_id = ?2
          ORDER BY c.created_at DESC, c.id DESC LIMIT ${EVENT_CONTACTS_SHOWN}`,
      )
      .bind(userId, eventId),
  ]);
  const row = event?.results[0] as OwnerEvent | undefined;
  if (!row) return null;
  const active = (profile?.results[0] as { active_event_id: number | null } | undefined)?.active_event_id ?? null;
  return {
    event: row,
    active: active === row.id && row.is_active === 1,
    scansByDay: (days?.results ?? []) as Array<{ day: string; scans: number }>,
    contacts: ((contacts?.results ?? []) as OwnerContact[]).map((c) => ({
      ...c,
      event_name: row.name,
      event_date: row.date,
    })),
  };
}
