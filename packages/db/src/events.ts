/**
 * Events: an owner's wardrobe events, the active event, brand events.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { type CreateEventInput, EVENT_CONTACTS_SHOWN } from "@releve/core/crm/rules";
import { and, desc, eq, exists, isNull, sql } from "drizzle-orm";
import { type Actor, auditEntry } from "./audit";
import type { Db } from "./client";
import { type OwnerContact, selectOwnerContacts } from "./contacts";
import { scanCounts } from "./scans";
import { contacts, events, profiles, wardrobeEvents } from "./schema";
import { keepOwnerTapTrue, type TapStores } from "./tap/cache";

// Per event, the scans tagged with it (scanCounts: fresh rollups) and its contacts. The spec
// counted all of the owner's scans for every event: a defect (issue #8).
function selectEventsWithCounts(db: Db, userId: string, eventId?: number) {
  const eventScans = scanCounts(db, { owner: userId, event: eventId }, { by: "wardrobe_event_id" }).as("event_scans");
  return db
    .select({
      id: wardrobeEvents.id,
      name: wardrobeEvents.name,
      description: wardrobeEvents.description,
      location: wardrobeEvents.location,
      date: wardrobeEvents.date,
      is_active: wardrobeEvents.is_active,
      created_at: wardrobeEvents.created_at,
      // Raw: coalesce() has no drizzle helper; an event without scans has no row to join.
      scans: sql<number>`coalesce(${eventScans.all_scans}, 0)`.as("scans"),
      contacts: db
        .$count(contacts, and(eq(contacts.wardrobe_event_id, wardrobeEvents.id), eq(contacts.owner_user_id, userId)))
        .as("contacts"),
    })
    .from(wardrobeEvents)
    .leftJoin(eventScans, eq(eventScans.key, wardrobeEvents.id))
    .where(
      and(eq(wardrobeEvents.owner_user_id, userId), eventId === undefined ? undefined : eq(wardrobeEvents.id, eventId)),
    )
    .orderBy(
      isNull(wardrobeEvents.date),
      desc(wardrobeEvents.date),
      desc(wardrobeEvents.created_at),
      desc(wardrobeEvents.id),
    );
}

/** One of the owner's events with its counts: `scans` are those tagged with it, not all of the owner's. */
export type OwnerEvent = Awaited<ReturnType<typeof selectEventsWithCounts>>[number];

const selectActiveEventId = (db: Db, userId: string) =>
  db.select({ active_event_id: profiles.active_event_id }).from(profiles).where(eq(profiles.user_id, userId));

/** /dashboard/events: the owner's events with their counts and the active event, in one D1 batch. */
export async function listEvents(
  db: Db,
  userId: string,
): Promise<{ events: OwnerEvent[]; activeEventId: number | null }> {
  const [events, [profile]] = await db.batch([selectEventsWithCounts(db, userId), selectActiveEventId(db, userId)]);
  const active = profile?.active_event_id ?? null;
  // Only an event that is still the owner's and flagged active tags anything (garment-routing.ts).
  const activeEventId = events.some((e) => e.id === active && e.is_active) ? active : null;
  return { events, activeEventId };
}

export async function createEvent(db: Db, userId: string, input: CreateEventInput): Promise<number> {
  const row = await db
    .insert(wardrobeEvents)
    .values({
      owner_user_id: userId,
      name: input.name,
      description: input.description,
      location: input.location,
      date: input.date,
      is_active: true,
    })
    .returning({ id: wardrobeEvents.id })
    .get();
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
  db: Db,
  stores: TapStores,
  userId: string,
  eventId: number | null,
): Promise<SetActiveResult> {
  const chosen =
    eventId === null
      ? undefined
      : exists(
          db
            .select({ id: wardrobeEvents.id })
            .from(wardrobeEvents)
            .where(
              and(
                eq(wardrobeEvents.id, eventId),
                eq(wardrobeEvents.owner_user_id, userId),
                eq(wardrobeEvents.is_active, true),
              ),
            ),
        );
  const row = await db
    .update(profiles)
    .set({ active_event_id: eventId, updated_at: new Date() })
    .where(and(eq(profiles.user_id, userId), chosen))
    .returning({ id: profiles.id })
    .get();
  if (!row) {
    if (eventId === null) return "no_profile";
    const profile = await selectActiveEventId(db, userId).get();
    return profile ? "not_found" : "no_profile";
  }
  await keepOwnerTapTrue(stores, userId);
  return eventId === null ? "cleared" : "set";
}

export interface EventDetail {
  event: OwnerEvent;
  active: boolean;
  scansByDay: Array<{ day: string; scans: number }>;
  contacts: OwnerContact[];
}

/**
 * /dashboard/events/:id: the event with its counts, its scans per UTC day (scanCounts) and its
 * most recent contacts, in one D1 batch; null unless the event is this owner's.
 */
export async function loadEventDetail(db: Db, userId: string, eventId: number): Promise<EventDetail | null> {
  const [[event], [profile], days, eventContacts] = await db.batch([
    selectEventsWithCounts(db, userId, eventId),
    selectActiveEventId(db, userId),
    scanCounts(db, { owner: userId, event: eventId }, { by: "day" }),
    selectOwnerContacts(db, userId, { q: "", event: { kind: "event", id: eventId }, contacted: "all" }).limit(
      EVENT_CONTACTS_SHOWN,
    ),
  ]);
  if (!event) return null;
  const active = profile?.active_event_id ?? null;
  const scansByDay = days.map((d) => ({ day: d.key, scans: d.all_scans }));
  return { event, active: active === event.id && event.is_active, scansByDay, contacts: eventContacts };
}

// ---------------------------------------------------------------------------------------------
// Brand events (admin-managed, issue #18): the programmer's active-events selector and the
// event a guest capture is filed under.
// ---------------------------------------------------------------------------------------------

/** Every brand event: active ones first, then by date (undated last), newest first. */
export function listBrandEvents(db: Db) {
  return db
    .select({
      id: events.id,
      name: events.name,
      datetime: events.datetime,
      is_active: events.is_active,
      created_at: events.created_at,
    })
    .from(events)
    .orderBy(desc(events.is_active), isNull(events.datetime), desc(events.datetime), desc(events.id));
}

/** Adds a brand event, audited in the same batch; the stored row. */
export async function createBrandEvent(
  db: Db,
  actor: Actor,
  input: { name: string; datetime: Date | null; is_active: boolean },
) {
  const [[row]] = await db.batch([
    db
      .insert(events)
      .values({ ...input, created_at: new Date() })
      .returning(),
    auditEntry(db, actor, "event.create", { type: "event", id: "inserted" }, null, {
      name: input.name,
      datetime: input.datetime?.getTime() ?? null,
      is_active: input.is_active,
    }),
  ]);
  if (!row) throw new Error("brand event not created");
  return row;
}

/** A brand event's id if it exists and is active (a guest is filed only under an active event). */
export async function activeBrandEventId(db: Db, id: number): Promise<number | null> {
  const row = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, id), eq(events.is_active, true)))
    .get();
  return row?.id ?? null;
}
