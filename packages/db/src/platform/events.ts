/**
 * The domain event log (issue #48, decision 0065): one row per change, written by the change's
 * own batch, and the record of its delivery to each consumer.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import type { Actor, DomainEvent, EventPayloads, EventSubjects, EventType } from "@releve/core/platform/events";
import { and, desc, eq, exists, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../client";
import { domainEvents, eventDeliveries, garments, products } from "../schema";

/** A new event, its id a UUIDv7 (ordered by time, then by a counter within the millisecond). */
export function domainEvent<T extends EventType>(
  type: T,
  fields: { actor: Actor; payload: EventPayloads[T]; subjects?: EventSubjects; personId?: string | null; at?: Date },
): DomainEvent<T> {
  const at = fields.at ?? new Date();
  return {
    id: uuidv7({ msecs: at.getTime() }),
    type,
    subjects: fields.subjects ?? {},
    actor: fields.actor,
    personId: fields.personId ?? null,
    at,
    payload: fields.payload,
  };
}

/**
 * The INSERT of one event, to run in the same `db.batch()` as the change it records. `rows`
 * names subjects by SQL when the batch itself creates them (their ids are not known before).
 */
export function eventEntry(db: Db, event: DomainEvent, rows: { garmentId?: SQL; tagId?: SQL } = {}) {
  return db.insert(domainEvents).values({
    id: event.id,
    type: event.type,
    garment_id: rows.garmentId ?? event.subjects.garmentId ?? null,
    product_id: event.subjects.productId ?? null,
    tag_id: rows.tagId ?? event.subjects.tagId ?? null,
    actor_kind: event.actor.kind,
    actor_id: event.actor.id,
    person_id: event.personId,
    occurred_at: event.at,
    payload: event.payload,
  });
}

/**
 * The INSERT of one event that follows an INSERT in the same batch: written only when that
 * statement inserted a row (`changes()`), with the new row's id at `payload[idField]` (a
 * conditional insert, such as a repeat's ON CONFLICT DO NOTHING, records no event).
 * `newProduct`: the new row is a product, named as the event's product too.
 */
export function eventAfterInsert(db: Db, event: DomainEvent, idField: string, opts: { newProduct?: boolean } = {}) {
  const json = JSON.stringify(event.payload);
  const productId = opts.newProduct ? sql`last_insert_rowid()` : sql`${event.subjects.productId ?? null}`;
  // Raw: INSERT ... SELECT on changes() and last_insert_rowid(), which drizzle cannot say.
  return db.insert(domainEvents).select(
    sql`SELECT ${event.id}, ${event.type}, ${event.subjects.garmentId ?? null}, ${productId},
      ${event.subjects.tagId ?? null}, ${event.actor.kind}, ${event.actor.id}, ${event.personId}, ${event.at.getTime()},
      json_set(${json}, ${`$.${idField}`}, last_insert_rowid()), NULL WHERE changes() > 0`,
  );
}

/**
 * The INSERT of one event that follows a conditional UPDATE in the same batch: written only when
 * that statement changed a row (`changes()`), its payload as given.
 */
export function eventIfChanged(db: Db, event: DomainEvent) {
  // Raw: INSERT ... SELECT on changes(), which drizzle cannot say.
  return db.insert(domainEvents).select(
    sql`SELECT ${event.id}, ${event.type}, ${event.subjects.garmentId ?? null}, ${event.subjects.productId ?? null},
      ${event.subjects.tagId ?? null}, ${event.actor.kind}, ${event.actor.id}, ${event.personId}, ${event.at.getTime()},
      ${JSON.stringify(event.payload)}, NULL WHERE changes() > 0`,
  );
}

/**
 * The INSERT of one event that precedes an UPDATE of `table` in the same batch, on the same
 * condition `where`: written only if a row matches it (so only if the update will change one),
 * naming that row as the event's garment or product, with the photo keys of `keys` it holds at
 * that moment (the ones the update drops) at `payload.photoKeys`.
 */
function eventBeforeChange(
  db: Db,
  event: DomainEvent,
  row: { table: typeof garments | typeof products; where: SQL | undefined; keys: SQLiteColumn[] },
) {
  const json = JSON.stringify(event.payload);
  const id = row.table === garments ? garments.id : products.id;
  const garmentId = row.table === garments ? id : sql`${event.subjects.garmentId ?? null}`;
  const productId = row.table === products ? id : sql`${event.subjects.productId ?? null}`;
  const keys = sql.join(row.keys, sql`, `);
  const payload =
    row.keys.length === 0
      ? sql`${json}`
      : sql`json_set(${json}, '$.photoKeys', (SELECT json_group_array(value) FROM json_each(json_array(${keys})) WHERE value IS NOT NULL))`;
  // Raw: INSERT ... SELECT with json_each over the row's keys, which drizzle cannot say.
  return db.insert(domainEvents).select(
    sql`SELECT ${event.id}, ${event.type}, ${garmentId}, ${productId}, ${event.subjects.tagId ?? null},
      ${event.actor.kind}, ${event.actor.id}, ${event.personId}, ${event.at.getTime()},
      ${payload}, NULL FROM ${row.table} WHERE ${row.where ?? sql`0`} LIMIT 1`,
  );
}

/**
 * An event before a garment's UPDATE on `where`; `drops` names the photo keys the update lets go
 * (`none`: the payload is kept as it is).
 */
export function eventBeforeGarmentChange(
  db: Db,
  event: DomainEvent,
  where: SQL | undefined,
  drops: "photo_and_card" | "card" | "none" = "photo_and_card",
) {
  const keys =
    drops === "none"
      ? []
      : drops === "card"
        ? [garments.photo_card_key]
        : [garments.photo_key, garments.photo_card_key];
  return eventBeforeChange(db, event, { table: garments, where, keys });
}

/** An event before a product's UPDATE on `where`, with the photo key it held. */
export function eventBeforeProductChange(db: Db, event: DomainEvent, where: SQL | undefined) {
  return eventBeforeChange(db, event, { table: products, where, keys: [products.photo_key] });
}

const eventColumns = {
  id: domainEvents.id,
  type: domainEvents.type,
  garmentId: domainEvents.garment_id,
  productId: domainEvents.product_id,
  tagId: domainEvents.tag_id,
  actorKind: domainEvents.actor_kind,
  actorId: domainEvents.actor_id,
  personId: domainEvents.person_id,
  at: domainEvents.occurred_at,
  payload: domainEvents.payload,
  deliveredAt: domainEvents.delivered_at,
};

/** One event as stored, or undefined. */
export function loadEvent(db: Db, id: string) {
  return db.select(eventColumns).from(domainEvents).where(eq(domainEvents.id, id)).get();
}

export type StoredEvent = NonNullable<Awaited<ReturnType<typeof loadEvent>>>;

/** The consumers that have already handled event `id`. */
export async function doneConsumers(db: Db, id: string): Promise<Set<string>> {
  const rows = await db
    .select({ consumer: eventDeliveries.consumer })
    .from(eventDeliveries)
    .where(and(eq(eventDeliveries.event_id, id), isNotNull(eventDeliveries.done_at)));
  return new Set(rows.map((row) => row.consumer));
}

/** Records that `consumer` handled the event: it will not run for it again. */
export async function markDeliveryDone(db: Db, id: string, consumer: string, at: Date): Promise<void> {
  await db
    .insert(eventDeliveries)
    .values({ event_id: id, consumer, attempts: 1, done_at: at, updated_at: at })
    .onConflictDoUpdate({
      target: [eventDeliveries.event_id, eventDeliveries.consumer],
      set: { attempts: sql`${eventDeliveries.attempts} + 1`, done_at: at, last_error: null, updated_at: at },
    });
}

/** Records a consumer's failed attempt and its reason (shown to staff if it is dead-lettered). */
export async function markDeliveryFailed(db: Db, id: string, consumer: string, error: string, at: Date): Promise<void> {
  const reason = error.slice(0, 1000);
  await db
    .insert(eventDeliveries)
    .values({ event_id: id, consumer, attempts: 1, last_error: reason, updated_at: at })
    .onConflictDoUpdate({
      target: [eventDeliveries.event_id, eventDeliveries.consumer],
      set: { attempts: sql`${eventDeliveries.attempts} + 1`, last_error: reason, updated_at: at },
    });
}

/** Every consumer of the event has run. */
export async function markEventDelivered(db: Db, id: string, at: Date): Promise<void> {
  await db.update(domainEvents).set({ delivered_at: at }).where(eq(domainEvents.id, id));
}

/**
 * The queue gave up on the event (its dead-letter queue): each of `consumers` not done yet is
 * marked dead, with the reason of its last attempt, for staff to see and send again.
 */
export async function markDeadLetters(db: Db, id: string, consumers: readonly string[], at: Date): Promise<number> {
  if (consumers.length === 0) return 0;
  const done = await doneConsumers(db, id);
  const pending = consumers.filter((consumer) => !done.has(consumer));
  if (pending.length === 0) return 0;
  await db.batch([
    db
      .insert(eventDeliveries)
      .values(pending.map((consumer) => ({ event_id: id, consumer, dead_at: at, updated_at: at })))
      .onConflictDoUpdate({
        target: [eventDeliveries.event_id, eventDeliveries.consumer],
        set: { dead_at: at, updated_at: at },
      }),
  ]);
  return pending.length;
}

/** Undelivered events older than `before` that are not dead letters: the sweep queues them again. */
export async function undeliveredEventIds(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(
      and(
        isNull(domainEvents.delivered_at),
        lt(domainEvents.occurred_at, before),
        sql`NOT ${exists(
          db
            .select({ one: sql`1` })
            .from(eventDeliveries)
            .where(and(eq(eventDeliveries.event_id, domainEvents.id), isNotNull(eventDeliveries.dead_at))),
        )}`,
      ),
    )
    .orderBy(domainEvents.occurred_at)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Dead letters, newest first: which consumer gave up on which event, after how many attempts, why. */
export function listDeadLetters(db: Db, limit: number) {
  return db
    .select({
      eventId: eventDeliveries.event_id,
      type: domainEvents.type,
      occurredAt: domainEvents.occurred_at,
      consumer: eventDeliveries.consumer,
      attempts: eventDeliveries.attempts,
      lastError: eventDeliveries.last_error,
      deadAt: eventDeliveries.dead_at,
    })
    .from(eventDeliveries)
    .innerJoin(domainEvents, eq(domainEvents.id, eventDeliveries.event_id))
    .where(isNotNull(eventDeliveries.dead_at))
    .orderBy(desc(eventDeliveries.dead_at), desc(eventDeliveries.event_id))
    .limit(limit);
}

/** Staff send a dead letter again: its dead consumers get fresh attempts. Returns how many revived. */
export async function reviveDeadLetters(db: Db, id: string, at: Date): Promise<number> {
  const revived = await db
    .update(eventDeliveries)
    .set({ dead_at: null, attempts: 0, updated_at: at })
    .where(and(eq(eventDeliveries.event_id, id), isNotNull(eventDeliveries.dead_at)))
    .returning({ consumer: eventDeliveries.consumer });
  return revived.length;
}

/** The newest events, newest first (the admin's activity log); `before` pages by id. */
export function listEvents(db: Db, opts: { limit: number; before?: string; types?: readonly string[] }) {
  return db
    .select(eventColumns)
    .from(domainEvents)
    .where(
      and(
        opts.before ? lt(domainEvents.id, opts.before) : undefined,
        opts.types?.length ? inArray(domainEvents.type, [...opts.types]) : undefined,
      ),
    )
    .orderBy(desc(domainEvents.id))
    .limit(opts.limit);
}

/** For an account's deletion batch: its events keep what happened, not who it was (GDPR Art. 17). */
export function forgetPersonInEvents(db: Db, userId: string) {
  return db
    .update(domainEvents)
    .set({
      // Raw: a CASE per column, so one statement forgets the person as actor and as subject.
      actor_id: sql`CASE WHEN ${domainEvents.actor_id} = ${userId} THEN NULL ELSE ${domainEvents.actor_id} END`,
      person_id: sql`CASE WHEN ${domainEvents.person_id} = ${userId} THEN NULL ELSE ${domainEvents.person_id} END`,
    })
    .where(or(eq(domainEvents.actor_id, userId), eq(domainEvents.person_id, userId)));
}
