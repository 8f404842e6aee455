/**
 * NFC tags and tag batches, their reads (issues #9, #18): batches with their counters, the
 * registry's list, search and export, lookups by UID, chip id or slug, the encoder's rows.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 *
 * The garment is the one authority on ownership: a tag's owner is its garment's owner
 * (nfc_tags.owner_user_id is not kept). A garment's current tag is its newest one; its status
 * decides the tap too (tap/cache.ts): 'inactive' answers as a deactivated garment, 'lost' and
 * 'stolen' as reported missing.
 * Writes: ./commands.ts.
 */

import { type TimeCursor, timeCursorAfter } from "@releve/core/platform/keyset";
import { EXPORT_BATCH_ROWS, type ReadBatch, toBatch } from "@releve/core/platform/stream-export";
import { LIVE_TAG_STATUSES, type TagStatus } from "@releve/core/tags/rules";
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../client";
import { garmentGtin } from "../passport/queries";
import { jsonValues } from "../platform/json-rows";
import { olderThan } from "../platform/keyset";
import { containsText } from "../platform/like";
import { keptCount } from "../platform/row-counts";
import { ftsPhrase } from "../platform/search";
import { garments, nfcTagBatches, nfcTags, products, profiles, users } from "../schema";

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

/** How many tags a batch (or, for null, no batch) has: the next chip's serial is this plus one. */
export async function countBatchTags(db: Db, batchId: number | null): Promise<number> {
  return db.$count(nfcTags, batchId === null ? isNull(nfcTags.batch_id) : eq(nfcTags.batch_id, batchId));
}

/**
 * How staff lists name a garment (issue #35): its title, its name, its product's name; else a
 * pool tag waiting for its owner's details reads 'Unregistered <type>', anything else 'Untitled
 * Piece' (spec part 1 §3); no garment (a tag's left join), none. Never the slug, which the lists
 * show beside it. Raw: coalesce(), nullif() and a scalar subquery have no drizzle builders.
 */
export const garmentTitle = sql<string>`CASE WHEN ${garments.id} IS NULL THEN NULL ELSE coalesce(nullif(trim(${garments.title}), ''), nullif(trim(${garments.name}), ''), (SELECT ${products.name} FROM ${products} WHERE ${products.id} = ${garments.product_id}), CASE WHEN ${garments.pool} THEN 'Unregistered ' || lower(coalesce(${garments.garment_type}, 'piece')) ELSE 'Untitled Piece' END) END`;

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
  garment_title: garmentTitle,
  garment_type: garments.garment_type,
  size: garments.size,
  color: garments.color,
  sku: garments.sku,
  short_slug: garments.short_slug,
  gtin: garmentGtin,
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

/**
 * The registry: one page of tags, newest first, after the tag id `before` (keyset), the cursor of
 * the next page, and how many match: the kept count (issue #30) unless a search or a batch
 * narrows the list (a batch holds at most a thousand tags), two reads at once.
 */
export async function listTags(db: Db, filter: TagFilter, page: { limit: number; before: number | null }) {
  const where = tagsWhere(filter);
  const kept = !filter.q && !filter.batchId;
  const [rows, total] = await Promise.all([
    selectTags(db)
      .where(and(where, page.before === null ? undefined : lt(nfcTags.id, page.before)))
      .orderBy(desc(nfcTags.id))
      .limit(page.limit + 1),
    kept
      ? keptCount(db, filter.status ? `tags:${filter.status}` : "tags").get()
      : db
          .select({ n: count() })
          .from(nfcTags)
          .leftJoin(garments, eq(garments.id, nfcTags.garment_id))
          .leftJoin(profiles, eq(profiles.user_id, garments.owner_user_id))
          .leftJoin(users, eq(users.id, garments.owner_user_id))
          .where(where)
          .get(),
  ]);
  const { rows: tags, next } = toBatch(rows, page.limit, (row) => row.id);
  return { rows: tags, total: total?.n ?? 0, nextCursor: next === null ? null : String(next) };
}

/** Every tag matching the filter, oldest first, one keyset batch after `after` (a tag id) at a time: the streamed CSV export. */
export function readTagBatches(db: Db, filter: TagFilter, size = EXPORT_BATCH_ROWS): ReadBatch<TagRow, number> {
  return async (after) => {
    const rows = await selectTags(db)
      .where(and(tagsWhere(filter), after === null ? undefined : gt(nfcTags.id, after)))
      .orderBy(nfcTags.id)
      .limit(size + 1);
    return toBatch(rows, size, (row) => row.id);
  };
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
    .select({
      slug: garments.short_slug,
      gtin: garmentGtin,
      chip_id: nfcTags.chip_id,
      signature: nfcTags.security_signature,
    })
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
      gtin: garmentGtin,
      chip_id: nfcTags.chip_id,
      title: garmentTitle,
    })
    .from(nfcTags)
    .innerJoin(garments, eq(garments.id, nfcTags.garment_id))
    .where(eq(nfcTags.batch_id, batchId))
    .orderBy(nfcTags.id)
    .limit(page.limit)
    .offset(page.offset);
}

/** Every garment, for the health check. */
export function countGarments(db: Db): Promise<number> {
  return db.$count(garments);
}

const adminGarmentColumns = {
  id: garments.id,
  title: garmentTitle,
  brand: garments.brand,
  garment_type: garments.garment_type,
  short_slug: garments.short_slug,
  gtin: garmentGtin,
  status: garments.status,
  is_active: garments.is_active,
  created_at: garments.created_at,
  claimed_at: garments.claimed_at,
  owner_user_id: garments.owner_user_id,
  profile_id: profiles.id,
  display_name: profiles.display_name,
  first_name: profiles.first_name,
  last_name: profiles.last_name,
  email: ownerEmail,
};

const selectAdminGarments = (db: Db) =>
  db
    .select(adminGarmentColumns)
    .from(garments)
    .leftJoin(profiles, eq(profiles.user_id, garments.owner_user_id))
    .leftJoin(users, eq(users.id, garments.owner_user_id));

/** A garment as the admin portal lists it, with its owner's profile and email. */
export type AdminGarmentRow = Awaited<ReturnType<typeof selectAdminGarments>>[number];

/**
 * Garments whose slug, title, name or brand, or whose owner's names or email, contain `term`
 * (and have `status`, if given): through garment_search and garment_owner_search from three
 * characters (platform/search.ts), row by row below. Each index is read in its rowid order (the
 * garment's id: newest first) and stops after `limit` garments, so a term found in half the house
 * costs what a rare one does.
 */
function garmentsMatching(
  term: string,
  status: "claimed" | "unclaimed" | null,
  before: number | null,
  limit: number,
): { match: SQL | undefined; filtered: boolean } {
  const phrase = ftsPhrase(term);
  if (phrase) {
    // The status with a unary `+`, and CROSS JOIN to keep each index first: with an index on
    // status SQLite would walk 500,000 claimed garments and ask the search index for each (the
    // claimed garments' search took minutes at a million garments, issue #30).
    const onlyStatus = status ? sql` AND +${garments.status} = ${status}` : sql``;
    // Raw sql: FTS5 (platform/search.ts) has no drizzle builder; each index newest first, cut at `limit`.
    const newestIn = (index: "garment_search" | "garment_owner_search") => {
      const rowid = sql`${sql.identifier(index)}.rowid`;
      return sql`SELECT * FROM (SELECT ${garments.id} FROM ${sql.identifier(index)} CROSS JOIN ${garments}
        ON ${garments.id} = ${rowid} WHERE ${sql.identifier(index)} MATCH ${phrase}${onlyStatus}
        ${before === null ? sql`` : sql` AND ${rowid} < ${before}`} ORDER BY ${rowid} DESC LIMIT ${limit})`;
    };
    // An unclaimed garment has no owner (a claim sets both, a release clears both): no owner's name to find.
    const match =
      status === "unclaimed"
        ? sql`${garments.id} IN (${newestIn("garment_search")})`
        : sql`${garments.id} IN (${newestIn("garment_search")} UNION ALL ${newestIn("garment_owner_search")})`;
    return { match, filtered: true };
  }
  return {
    filtered: false,
    match: or(
      ...[
        garments.short_slug,
        garments.title,
        garments.name,
        garments.brand,
        profiles.first_name,
        profiles.last_name,
        profiles.display_name,
        ownerEmail,
      ].map((column) => containsText(column, term)),
    ),
  };
}

/**
 * A page of garments newest first (by id: the order they were made in) after the garment id
 * `before` (keyset), with their owner (all, or only claimed or unclaimed); an optional search
 * over slug, names, brand and owner. `nextCursor`: the page after, or null.
 */
export async function listAdminGarments(
  db: Db,
  opts: { q?: string; status?: "claimed" | "unclaimed" | "all"; limit: number; before?: number | null },
) {
  const before = opts.before ?? null;
  const only = opts.status && opts.status !== "all" ? opts.status : null;
  const search = opts.q ? garmentsMatching(opts.q, only, before, opts.limit + 1) : null;
  // Through the indexes the status is already applied inside (see garmentsMatching).
  const status = only && !search?.filtered ? eq(garments.status, only) : undefined;
  const rows = await selectAdminGarments(db)
    .where(and(search?.match, status, before === null ? undefined : lt(garments.id, before)))
    .orderBy(desc(garments.id))
    .limit(opts.limit + 1);
  const { rows: page, next } = toBatch(rows, opts.limit, (row) => row.id);
  return { rows: page, nextCursor: next === null ? null : String(next) };
}

/** Every garment, newest first, one keyset batch after `after` (a garment id) at a time: the streamed CSV export. */
export function readAdminGarmentBatches(db: Db, size = EXPORT_BATCH_ROWS): ReadBatch<AdminGarmentRow, number> {
  return async (after) => {
    const rows = await selectAdminGarments(db)
      .where(after === null ? undefined : lt(garments.id, after))
      .orderBy(desc(garments.id))
      .limit(size + 1);
    return toBatch(rows, size, (row) => row.id);
  };
}

/** One garment as the admin portal shows it, or undefined. */
export function getAdminGarment(db: Db, id: number): Promise<AdminGarmentRow | undefined> {
  return selectAdminGarments(db).where(eq(garments.id, id)).get();
}

/**
 * One page of unclaimed garments, newest first after `before` (keyset), the cursor of the next,
 * and how many there are (the kept count, issue #30), in one batch.
 */
export async function listUnclaimedGarments(db: Db, opts: { limit: number; before: TimeCursor | null }) {
  const unclaimed = and(eq(garments.status, "unclaimed"), olderThan(garments.created_at, garments.id, opts.before));
  const [rows, [counted]] = await db.batch([
    db
      .select({
        garment_id: garments.id,
        title: garmentTitle,
        category: sql<string | null>`coalesce(${garments.garment_type}, ${garments.style})`,
        sku: garments.sku,
        tag_uuid: garments.tag_uuid,
        short_slug: garments.short_slug,
        gtin: garmentGtin,
        created_at: garments.created_at,
        programmed_at: garments.programmed_at,
        programmed_by_admin_id: garments.programmed_by_admin_id,
      })
      .from(garments)
      .where(unclaimed)
      .orderBy(desc(garments.created_at), desc(garments.id))
      .limit(opts.limit + 1),
    keptCount(db, "garments:unclaimed"),
  ]);
  const { rows: page, next } = toBatch(rows, opts.limit, (row) =>
    timeCursorAfter({ created_at: row.created_at, id: row.garment_id }),
  );
  return { rows: page, total: counted?.n ?? 0, nextCursor: next };
}
