/**
 * NFC tags and tag batches: programming, the registry's list and lifecycle, batches and an
 * encoder's UID import (issues #9, #18).
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 *
 * The garment is the one authority on ownership: a tag's owner is its garment's owner
 * (nfc_tags.owner_user_id is not kept). A garment's current tag is its newest one; its status
 * decides the tap too (tap/cache.ts): 'inactive' answers as a deactivated garment, 'lost' and
 * 'stolen' as reported missing.
 */
import type { SecureChip } from "@releve/core/chip-id";
import { BRAND_NAME } from "@releve/core/garment";
import type { StockTag } from "@releve/core/tag-stock";
import { LIVE_TAG_STATUSES, type TagStatus } from "@releve/core/tags";
import { and, count, desc, eq, getTableColumns, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { type Actor, auditEntry } from "./audit";
import type { Db } from "./client";
import { containsText } from "./like";
import {
  adminUsers,
  garments,
  type NewGarment,
  type NewNfcTagBatch,
  type NfcTagMetadata,
  nfcTagBatches,
  nfcTags,
  profiles,
  users,
} from "./schema";
import { keepTapTrue, type TapStores } from "./tap/cache";

// ---------------------------------------------------------------------------------------------
// Tag batches (issue #9) and their counters.
// ---------------------------------------------------------------------------------------------

// Counted from the tags themselves on every read, so they are always true (the spec's stored
// counters would drift). Programmed: a write succeeded once (programmed_at), or, for a row
// without that column filled, a status only a written tag has. Active: the tag answers taps
// as usual (LIVE_TAG_STATUSES). Raw sql: drizzle's count() has no conditional form.
const programmedCount = sql<number>`count(CASE WHEN ${nfcTags.programmed_at} IS NOT NULL OR ${nfcTags.status} IN ('assigned', 'active', 'locked') THEN 1 END)`;
const activeCount = sql<number>`count(CASE WHEN ${inArray(nfcTags.status, [...LIVE_TAG_STATUSES])} THEN 1 END)`;

/** Batches joined to their tags, with how many exist, are programmed and are active. */
function batchesWithCounts(db: Db) {
  return db
    .select({
      id: nfcTagBatches.id,
      batch_name: nfcTagBatches.batch_name,
      description: nfcTagBatches.description,
      created_at: nfcTagBatches.created_at,
      total: count(nfcTags.id),
      programmed: programmedCount,
      active: activeCount,
    })
    .from(nfcTagBatches)
    .leftJoin(nfcTags, eq(nfcTags.batch_id, nfcTagBatches.id))
    .$dynamic();
}

/** Every batch, newest first, with how many of its tags exist, are programmed and are active. */
export function listTagBatches(db: Db) {
  return batchesWithCounts(db)
    .groupBy(nfcTagBatches.id)
    .orderBy(desc(nfcTagBatches.created_at), desc(nfcTagBatches.id));
}

/** One batch with its counters, or undefined. */
export function getTagBatch(db: Db, id: number) {
  return batchesWithCounts(db).where(eq(nfcTagBatches.id, id)).groupBy(nfcTagBatches.id).get();
}

/** Adds an empty batch, audited in the same batch; its id and creation time (id undefined if nothing was stored). */
export async function createTagBatch(
  db: Db,
  actor: Actor,
  fields: Required<Pick<NewNfcTagBatch, "batch_name" | "description">>,
) {
  const createdAt = new Date();
  const [inserted] = await db.batch([
    db
      .insert(nfcTagBatches)
      .values({ ...fields, created_at: createdAt })
      .returning({ id: nfcTagBatches.id }),
    auditEntry(db, actor, "tag_batch.create", { type: "nfc_tag_batch", id: "inserted" }, null, fields),
  ]);
  return { id: inserted[0]?.id, createdAt };
}

/** How many tags a batch (or, for null, no batch) has: the next chip's serial is this plus one. */
export async function countBatchTags(db: Db, batchId: number | null): Promise<number> {
  return db.$count(nfcTags, batchId === null ? isNull(nfcTags.batch_id) : eq(nfcTags.batch_id, batchId));
}

// ---------------------------------------------------------------------------------------------
// One tag as the programmer and the registry show it.
// ---------------------------------------------------------------------------------------------

// coalesce() has no drizzle builder.
const ownerEmail = sql<string | null>`coalesce(${profiles.email}, ${users.email})`;

const tagColumns = {
  id: nfcTags.id,
  chip_id: nfcTags.chip_id,
  security_signature: nfcTags.security_signature,
  uid: nfcTags.uid,
  tag_type: nfcTags.tag_type,
  sun_key_version: nfcTags.sun_key_version,
  status: nfcTags.status,
  metadata: nfcTags.metadata,
  programmed_at: nfcTags.programmed_at,
  created_at: nfcTags.created_at,
  updated_at: nfcTags.updated_at,
  batch_id: nfcTagBatches.id,
  batch_name: nfcTagBatches.batch_name,
  garment_id: garments.id,
  // coalesce() has no drizzle builder.
  garment_title: sql<string | null>`coalesce(${garments.title}, ${garments.name}, ${garments.short_slug})`,
  garment_type: garments.garment_type,
  size: garments.size,
  color: garments.color,
  sku: garments.sku,
  short_slug: garments.short_slug,
  garment_status: garments.status,
  garment_active: garments.is_active,
  owner_user_id: garments.owner_user_id,
  profile_id: profiles.id,
  display_name: profiles.display_name,
  first_name: profiles.first_name,
  last_name: profiles.last_name,
  owner_email: ownerEmail,
};

// Not for db.batch: several joined columns share a name (id, status), which only drizzle's
// array mode (outside a batch) keeps apart.
const selectTags = (db: Db) =>
  db
    .select(tagColumns)
    .from(nfcTags)
    .leftJoin(nfcTagBatches, eq(nfcTagBatches.id, nfcTags.batch_id))
    .leftJoin(garments, eq(garments.id, nfcTags.garment_id))
    .leftJoin(profiles, eq(profiles.user_id, garments.owner_user_id))
    .leftJoin(users, eq(users.id, garments.owner_user_id));

/** A tag with its batch, garment and the garment's owner. */
export type TagRow = Awaited<ReturnType<typeof selectTags>>[number];

export type TagFilter = { q?: string; status?: TagStatus; batchId?: number };

const bareUid = (term: string) => term.replace(/[\s:-]/g, "");

function tagsWhere(filter: TagFilter): SQL | undefined {
  const term = filter.q;
  const search = term
    ? or(
        ...[nfcTags.uid, nfcTags.chip_id, garments.short_slug, ownerEmail].map((column) => containsText(column, term)),
        // A UID typed with separators (04:a2:…) finds the stored form (04A2…).
        bareUid(term) ? containsText(nfcTags.uid, bareUid(term)) : undefined,
      )
    : undefined;
  return and(
    search,
    filter.status ? eq(nfcTags.status, filter.status) : undefined,
    filter.batchId ? eq(nfcTags.batch_id, filter.batchId) : undefined,
  );
}

/** The registry: one page of tags, newest first, and how many match (two reads at once). */
export async function listTags(db: Db, filter: TagFilter, page: { limit: number; offset: number }) {
  const where = tagsWhere(filter);
  const [rows, total] = await Promise.all([
    selectTags(db).where(where).orderBy(desc(nfcTags.id)).limit(page.limit).offset(page.offset),
    db
      .select({ n: count() })
      .from(nfcTags)
      .leftJoin(garments, eq(garments.id, nfcTags.garment_id))
      .leftJoin(profiles, eq(profiles.user_id, garments.owner_user_id))
      .leftJoin(users, eq(users.id, garments.owner_user_id))
      .where(where)
      .get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every tag matching the filter, oldest first, for the CSV export (at most `limit`). */
export function exportTags(db: Db, filter: TagFilter, limit: number) {
  return selectTags(db).where(tagsWhere(filter)).orderBy(nfcTags.id).limit(limit);
}

export function getTag(db: Db, id: number): Promise<TagRow | undefined> {
  return selectTags(db).where(eq(nfcTags.id, id)).get();
}

/** The tag a reader saw, by its UID, chip id or its garment's slug (the garment's newest tag). */
export function findTag(db: Db, by: { uid: string } | { chipId: string } | { slug: string }) {
  const where =
    "uid" in by
      ? eq(nfcTags.uid, by.uid)
      : "chipId" in by
        ? eq(nfcTags.chip_id, by.chipId)
        : eq(garments.short_slug, by.slug);
  return selectTags(db).where(where).orderBy(desc(nfcTags.id)).limit(1).get();
}

/** The id and chip of the tag holding a UID, or undefined. */
export function tagHoldingUid(db: Db, uid: string) {
  return db.select({ id: nfcTags.id, chip_id: nfcTags.chip_id }).from(nfcTags).where(eq(nfcTags.uid, uid)).get();
}

/** A client (by profile id) that garments can be attached to: has an account. */
export function clientForAttach(db: Db, profileId: number) {
  return db
    .select({ profile_id: profiles.id, user_id: profiles.user_id, client_id: profiles.client_id })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), isNotNull(profiles.user_id)))
    .get();
}

// ---------------------------------------------------------------------------------------------
// Programming.
// ---------------------------------------------------------------------------------------------

export type NewProgrammedGarment = Pick<NewGarment, "name" | "garment_type" | "size" | "color" | "sku">;

export type TagToProgram = {
  garment: NewProgrammedGarment;
  slug: string;
  chip: SecureChip;
  tagType: string;
  batchId: number | null;
  /** The client the garment is attached to (claimed by them from now), if any. */
  owner: { userId: string; profileId: number; clientId: string } | null;
  /** The URL the NDEF record will carry. */
  url: string;
};

const garmentValues = (g: NewProgrammedGarment, slug: string, chipId: string, tagUuid: string) =>
  ({
    ...g,
    title: g.name,
    brand: BRAND_NAME,
    short_slug: slug,
    nfc_chip_id: chipId,
    tag_uuid: tagUuid,
    ownership_status: "active",
    is_active: true,
  }) satisfies NewGarment;

// Raw sql: the garment inserted earlier in the same batch, found by its unique slug (its id is
// not known before the batch runs).
const garmentIdOf = (slug: string) =>
  sql`(SELECT ${garments.id} FROM ${garments} WHERE ${garments.short_slug} = ${slug})`;

/**
 * Registers a new tag (spec part 2 §4: registered, then written): its garment and its
 * `nfc_tags` row, status 'uninitialized' until the write result, audited; one D1 batch. The
 * slug's tap record is written (it replaces any 'no such slug' a guess may have left).
 * Returns the tag's id.
 */
export async function programTag(db: Db, tap: TapStores, actor: Actor, input: TagToProgram): Promise<number> {
  const now = new Date();
  const tagUuid = crypto.randomUUID();
  const metadata: NfcTagMetadata = {
    deepLink: input.url,
    programmedBy: actor.email,
    ...(input.owner && { clientId: input.owner.clientId }),
  };
  const [, [tag]] = await db.batch([
    db.insert(garments).values({
      ...garmentValues(input.garment, input.slug, input.chip.chipId, tagUuid),
      ...(input.owner && {
        status: "claimed",
        owner_user_id: input.owner.userId,
        owner_profile_id: input.owner.profileId,
        claimed_at: now,
      }),
      created_at: now,
    }),
    db
      .insert(nfcTags)
      .values({
        chip_id: input.chip.chipId,
        encrypted_chip_id: input.chip.encryptedChipId,
        security_signature: input.chip.signature,
        tag_type: input.tagType,
        batch_id: input.batchId,
        metadata,
        status: "uninitialized",
        garment_id: garmentIdOf(input.slug),
        tag_uuid: tagUuid,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: nfcTags.id }),
    auditEntry(db, actor, "tag.program", { type: "nfc_tag", id: "inserted" }, null, {
      chip_id: input.chip.chipId,
      slug: input.slug,
      batch_id: input.batchId,
      owner_profile_id: input.owner?.profileId ?? null,
    }),
  ]);
  if (!tag) throw new Error("nfc tag not created");
  await keepTapTrue(tap, [input.slug]);
  return tag.id;
}

// Wrapped in sql: set() takes no subquery, and the lookup must stay inside the batch.
const adminIdOf = (db: Db, actor: Actor) =>
  sql`${db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.user_id, actor.userId))}`;

export type WriteOutcome =
  | { ok: true; uid: string | null; deviceInfo?: Record<string, unknown> }
  | { ok: false; error: string; deviceInfo?: Record<string, unknown> };

/**
 * Records how writing the tag went (spec part 2 §4): success makes it active (released stays
 * released), notes the UID and marks its garment programmed; failure leaves it 'inactive' with
 * the error in its metadata (its garment then answers as deactivated). Audited; one D1 batch;
 * the next tap answers the new status.
 */
export async function recordTagWrite(db: Db, tap: TapStores, actor: Actor, tag: TagRow, outcome: WriteOutcome) {
  const now = new Date();
  const { write_error: _previousError, ...kept } = tag.metadata ?? {};
  const attempt = {
    write_attempted_at: now.toISOString(),
    ...(outcome.deviceInfo && { device_info: outcome.deviceInfo }),
  };
  const status: TagStatus = outcome.ok ? (tag.status === "released" ? "released" : "active") : "inactive";
  const metadata: NfcTagMetadata = outcome.ok
    ? { ...kept, ...attempt, programmingDate: now.toISOString(), programmedBy: actor.email }
    : { ...kept, ...attempt, write_error: outcome.error };
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(nfcTags)
      .set({
        status,
        metadata,
        updated_at: now,
        ...(outcome.ok && { programmed_at: now, ...(outcome.uid && { uid: outcome.uid }) }),
      })
      .where(eq(nfcTags.id, tag.id)),
    auditEntry(
      db,
      actor,
      outcome.ok ? "tag.write_success" : "tag.write_failure",
      { type: "nfc_tag", id: tag.id },
      { status: tag.status, uid: tag.uid },
      outcome.ok ? { status, uid: outcome.uid ?? tag.uid } : { status, write_error: outcome.error },
    ),
  ];
  if (outcome.ok && tag.garment_id !== null) {
    statements.push(
      db
        .update(garments)
        .set({ programmed_at: now, programmed_by_admin_id: adminIdOf(db, actor) })
        .where(eq(garments.id, tag.garment_id)),
    );
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if (tag.short_slug) await keepTapTrue(tap, [tag.short_slug]);
}

/** The tag type of an NTAG 424 DNA registered for verified (SUN) taps. */
export const SECURE_TAG_TYPE = "NTAG424";

/**
 * Registers a tag as an NTAG 424 DNA whose taps must verify (issue #21): its UID (the one its
 * SUN data carries) and the key version its encoder configured. Audited; the garment's tap
 * record is rewritten so the next tap is checked.
 */
export async function makeTagSecure(
  db: Db,
  tap: TapStores,
  actor: Actor,
  tag: TagRow,
  secure: { uid: string; keyVersion: number },
) {
  const now = new Date();
  await db.batch([
    db
      .update(nfcTags)
      .set({ uid: secure.uid, sun_key_version: secure.keyVersion, tag_type: SECURE_TAG_TYPE, updated_at: now })
      .where(eq(nfcTags.id, tag.id)),
    auditEntry(
      db,
      actor,
      "tag.secure",
      { type: "nfc_tag", id: tag.id },
      { uid: tag.uid, tag_type: tag.tag_type, sun_key_version: tag.sun_key_version },
      { uid: secure.uid, tag_type: SECURE_TAG_TYPE, sun_key_version: secure.keyVersion },
    ),
  ]);
  if (tag.short_slug) await keepTapTrue(tap, [tag.short_slug]);
}

/** Makes the tag read-only (Web NFC makeReadOnly was done): status locked, for good. Audited. */
export async function lockTag(db: Db, actor: Actor, tag: TagRow) {
  const now = new Date();
  await db.batch([
    db
      .update(nfcTags)
      .set({ status: "locked", metadata: { ...tag.metadata, lockedAt: now.toISOString() }, updated_at: now })
      .where(eq(nfcTags.id, tag.id)),
    auditEntry(db, actor, "tag.lock", { type: "nfc_tag", id: tag.id }, { status: tag.status }, { status: "locked" }),
  ]);
}

// ---------------------------------------------------------------------------------------------
// The registry's lifecycle.
// ---------------------------------------------------------------------------------------------

/**
 * Moves a tag to `status` for `action` (nextTagStatus decided it may), with the reason in the
 * audit row. Releasing also clears its garment's owner: unclaimed again, so the next tap
 * offers the claim. One D1 batch; the next tap answers the new status.
 */
export async function setTagStatus(
  db: Db,
  tap: TapStores,
  actor: Actor,
  tag: TagRow,
  change: { action: string; status: TagStatus; reason: string },
) {
  const now = new Date();
  const release = change.action === "release" && tag.garment_id !== null;
  const statements: BatchItem<"sqlite">[] = [
    db.update(nfcTags).set({ status: change.status, updated_at: now }).where(eq(nfcTags.id, tag.id)),
    auditEntry(
      db,
      actor,
      `tag.${change.action}`,
      { type: "nfc_tag", id: tag.id },
      { status: tag.status, ...(release && { owner_user_id: tag.owner_user_id, garment_status: tag.garment_status }) },
      {
        status: change.status,
        reason: change.reason,
        ...(release && { owner_user_id: null, garment_status: "unclaimed" }),
      },
    ),
  ];
  if (release && tag.garment_id !== null) {
    statements.push(
      db
        .update(garments)
        .set({ status: "unclaimed", owner_user_id: null, owner_profile_id: null, claimed_at: null })
        .where(eq(garments.id, tag.garment_id)),
    );
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if (tag.short_slug) await keepTapTrue(tap, [tag.short_slug]);
}

// ---------------------------------------------------------------------------------------------
// Batches: program N stock garments in one call, import an encoder's UIDs.
// ---------------------------------------------------------------------------------------------

export type { StockTag };

/**
 * `INSERT INTO <table> SELECT … FROM json_each(?)`: every row in ONE bound parameter, so a
 * statement stays far inside D1's 100-parameter limit whatever the batch size, and 1,000 rows
 * cost one statement instead of a hundred (bench:batch). drizzle's insert().select() lists
 * every insertable column of the table in order: each takes the row's field of its name,
 * `computed[name]` (SQL over `json_each.value`, the row) or NULL. Raw sql: drizzle has no json_each.
 */
function insertJsonRows<T extends SQLiteTable>(
  db: Db,
  table: T,
  rows: Record<string, unknown>[],
  computed: Record<string, SQL> = {},
) {
  const fields = new Set(Object.keys(rows[0] ?? {}));
  const values = Object.values(getTableColumns(table))
    // The same filter drizzle applies to its column list (generated columns take no value); internal in its types.
    .filter((column) => !(column as { shouldDisableInsert?: () => boolean }).shouldDisableInsert?.())
    .map((column) => {
      const name = column.name;
      if (name in computed) return computed[name] as SQL;
      return fields.has(name) ? sql`json_each.value ->> ${sql.raw(`'${name}'`)}` : sql`NULL`;
    });
  return db.insert(table).select(sql`SELECT ${sql.join(values, sql`, `)} FROM json_each(${JSON.stringify(rows)})`);
}

/**
 * Programs a batch of stock garments of one type (issue #18): a garment and an 'uninitialized'
 * tag for each, in ONE D1 batch (all or nothing) of three statements: every garment in one
 * INSERT, every tag in one (each tag joined to its garment by slug), and the audit row.
 */
export async function programBatch(
  db: Db,
  actor: Actor,
  batch: { id: number },
  input: {
    garment: Omit<NewProgrammedGarment, "sku">;
    tagType: string;
    tags: StockTag[];
    urlOf: (slug: string) => string;
    /** A pre-encoded pool (issue #19): no details; the first owner gives them when registering. */
    pool?: boolean;
  },
) {
  if (input.tags.length === 0) return 0;
  const now = Date.now();
  const pool = input.pool === true;
  const details: Omit<NewProgrammedGarment, "sku"> = pool
    ? { garment_type: input.garment.garment_type, name: null, size: null, color: null }
    : input.garment;
  const rows = input.tags.map((tag) => {
    const garment = garmentValues(
      { ...details, sku: pool ? null : tag.sku },
      tag.slug,
      tag.chip.chipId,
      crypto.randomUUID(),
    );
    const metadata: NfcTagMetadata = { deepLink: input.urlOf(tag.slug), programmedBy: actor.email };
    return {
      // The JSON insert writes NULL for a column it is not given: the NOT NULL flags are given here.
      garment: { ...garment, status: "unclaimed", is_active: 1, pool: pool ? 1 : 0, photo_public: 0, created_at: now },
      tag: {
        chip_id: tag.chip.chipId,
        encrypted_chip_id: tag.chip.encryptedChipId,
        security_signature: tag.chip.signature,
        tag_type: input.tagType,
        batch_id: batch.id,
        metadata: JSON.stringify(metadata),
        status: "uninitialized",
        tag_uuid: garment.tag_uuid,
        created_at: now,
        updated_at: now,
        slug: tag.slug,
      },
    };
  });
  await db.batch([
    insertJsonRows(
      db,
      garments,
      rows.map((r) => r.garment),
    ),
    insertJsonRows(
      db,
      nfcTags,
      rows.map((r) => r.tag),
      // Each tag's garment, inserted just before: found by its unique slug.
      {
        garment_id: sql`(SELECT ${garments.id} FROM ${garments} WHERE ${garments.short_slug} = json_each.value ->> 'slug')`,
      },
    ),
    auditEntry(db, actor, "tag_batch.program", { type: "nfc_tag_batch", id: batch.id }, null, {
      count: input.tags.length,
      garment_type: input.garment.garment_type,
      tag_type: input.tagType,
      pool,
    }),
  ]);
  return input.tags.length;
}

/** A batch's tags by their garments' slugs, with what the import checks (at most the file's rows). */
export function batchTagsBySlugs(db: Db, batchId: number, slugs: string[]) {
  return db
    .select({
      id: nfcTags.id,
      chip_id: nfcTags.chip_id,
      uid: nfcTags.uid,
      status: nfcTags.status,
      metadata: nfcTags.metadata,
      garment_id: nfcTags.garment_id,
      slug: garments.short_slug,
    })
    .from(nfcTags)
    .innerJoin(garments, eq(garments.id, nfcTags.garment_id))
    .where(and(eq(nfcTags.batch_id, batchId), inArray(garments.short_slug, jsonValues(slugs))));
}

/** Tags already holding any of these UIDs. */
export function tagsHoldingUids(db: Db, uids: string[]) {
  return db
    .select({ id: nfcTags.id, chip_id: nfcTags.chip_id, uid: nfcTags.uid })
    .from(nfcTags)
    .where(inArray(nfcTags.uid, jsonValues(uids)));
}

// Raw sql: one JSON parameter carries a whole list (json_each), where binding each value would
// pass D1's 100-parameter limit; drizzle has no json_each.
const jsonValues = (values: string[]) => sql`(SELECT value FROM json_each(${JSON.stringify(values)}))`;

export type UidAssignment = {
  tagId: number;
  garmentId: number | null;
  /** The garment's slug, and the tag's status before: a tag that was inactive changes its tap. */
  slug: string;
  before: TagStatus;
  uid: string;
  status: TagStatus;
  metadata: NfcTagMetadata;
};

/**
 * Writes an encoder's assignments (already checked row by row): each tag gets its UID, its new
 * status and metadata, programmed now, and its garment is marked programmed; one UPDATE per
 * table over a JSON parameter (json_each), plus an audit row, in ONE D1 batch. A UID taken
 * meanwhile by another tag fails the unique index and the whole batch: nothing half-written.
 * Only a tag that was inactive (a failed write) changes its garment's tap answer: those
 * garments' tap records are rewritten.
 */
export async function assignBatchUids(db: Db, tap: TapStores, actor: Actor, batchId: number, rows: UidAssignment[]) {
  const now = new Date();
  const json = JSON.stringify(
    rows.map((r) => ({ id: r.tagId, uid: r.uid, status: r.status, metadata: JSON.stringify(r.metadata) })),
  );
  const garmentIds = JSON.stringify(rows.flatMap((r) => (r.garmentId === null ? [] : [r.garmentId])));
  // Raw sql: UPDATE … FROM json_each (one parameter for every row); drizzle has no json_each.
  const row = (field: string) => sql.raw(`json_each.value ->> '${field}'`);
  await db.batch([
    db
      .update(nfcTags)
      .set({
        uid: sql`${row("uid")}`,
        status: sql`${row("status")}`,
        metadata: sql`${row("metadata")}`,
        programmed_at: now,
        updated_at: now,
      })
      .from(sql`json_each(${json})`)
      .where(eq(nfcTags.id, sql`${row("id")}`)),
    db
      .update(garments)
      .set({ programmed_at: now, programmed_by_admin_id: adminIdOf(db, actor) })
      // Raw sql: the ids travel as one JSON parameter.
      .where(inArray(garments.id, sql`(SELECT value FROM json_each(${garmentIds}))`)),
    auditEntry(db, actor, "tag_batch.import", { type: "nfc_tag_batch", id: batchId }, null, {
      assigned: rows.length,
    }),
  ]);
  await keepTapTrue(
    tap,
    rows.filter((r) => r.before === "inactive").map((r) => r.slug),
  );
}

/** The slug of a garment if it is this user's (a guest is filed under the client's own garment only). */
export async function clientGarmentSlug(db: Db, garmentId: number, userId: string): Promise<string | null> {
  const row = await db
    .select({ slug: garments.short_slug })
    .from(garments)
    .where(and(eq(garments.id, garmentId), eq(garments.owner_user_id, userId)))
    .get();
  return row?.slug ?? null;
}

/** A batch's tags as its encoder file lists them, in serial order. */
export function batchEncoderRows(db: Db, batchId: number) {
  return db
    .select({ slug: garments.short_slug, chip_id: nfcTags.chip_id, signature: nfcTags.security_signature })
    .from(nfcTags)
    .innerJoin(garments, eq(garments.id, nfcTags.garment_id))
    .where(eq(nfcTags.batch_id, batchId))
    .orderBy(nfcTags.id);
}

/**
 * One page of a batch's printable labels (the QR page), in serial order: each tag's slug, chip
 * id and garment name.
 */
export function batchLabels(db: Db, batchId: number, page: { limit: number; offset: number }) {
  return db
    .select({
      slug: garments.short_slug,
      chip_id: nfcTags.chip_id,
      // coalesce() has no drizzle builder.
      title: sql<string>`coalesce(${garments.title}, ${garments.name}, ${garments.short_slug})`,
    })
    .from(nfcTags)
    .innerJoin(garments, eq(garments.id, nfcTags.garment_id))
    .where(eq(nfcTags.batch_id, batchId))
    .orderBy(nfcTags.id)
    .limit(page.limit)
    .offset(page.offset);
}
