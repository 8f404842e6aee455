/**
 * NFC tags and tag batches, their writes (issues #9, #18, #29): programming, write results,
 * secure tags, the registry's lifecycle, batch programming and an encoder's UID import. Each
 * command that changes a tap's answer keeps the tap's records true itself (decision 0043).
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 *
 * The garment is the one authority on ownership: a tag's owner is its garment's owner
 * (nfc_tags.owner_user_id is not kept). A garment's current tag is its newest one; its status
 * decides the tap too (tap/cache.ts): 'inactive' answers as a deactivated garment, 'lost' and
 * 'stolen' as reported missing.
 * Reads: ./queries.ts.
 */

import type { DomainEvent } from "@releve/core/platform/events";
import type { SecureChip } from "@releve/core/tags/chip-id";
import type { TagStatus } from "@releve/core/tags/rules";
import type { StockTag } from "@releve/core/tags/stock";
import { BRAND_NAME } from "@releve/core/wardrobe/garment";
import { eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { type Actor, auditEntry } from "../platform/audit";
import { eventAfterInsert, eventBeforeGarmentChange, eventEntry } from "../platform/events";
import { insertJsonRows } from "../platform/json-rows";
import {
  adminUsers,
  garments,
  type NewGarment,
  type NewNfcTagBatch,
  type NfcTagMetadata,
  nfcTagBatches,
  nfcTags,
  profiles,
} from "../schema";
import { keepTapTrue, type TapStores } from "../tap/cache";
import type { AdminGarmentRow, TagRow } from "./queries";

/** Adds an empty batch, audited in the same batch; its id and creation time (id undefined if nothing was stored). */
export async function createTagBatch(
  db: Db,
  actor: Actor,
  fields: Required<Pick<NewNfcTagBatch, "batch_name" | "description">>,
  event?: DomainEvent,
) {
  const createdAt = new Date();
  const [inserted] = await db.batch([
    db
      .insert(nfcTagBatches)
      .values({ ...fields, created_at: createdAt })
      .returning({ id: nfcTagBatches.id }),
    // The event before the audit entry: both name the new batch (last_insert_rowid()).
    ...(event ? [eventAfterInsert(db, event, "batchId")] : []),
    auditEntry(db, actor, "tag_batch.create", { type: "nfc_tag_batch", id: "inserted" }, null, fields, event?.id),
  ]);
  return { id: inserted[0]?.id, createdAt };
}

/** A new garment's details; `product_id`: the product it is one of (issue #31), whose GTIN its Digital Link carries. */
export type NewProgrammedGarment = Pick<NewGarment, "name" | "garment_type" | "size" | "color" | "sku" | "product_id">;

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
  /** The change's event (issue #48), naming the new garment and tag. */
  event?: DomainEvent;
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
    auditEntry(
      db,
      actor,
      "tag.program",
      { type: "nfc_tag", id: "inserted" },
      null,
      {
        chip_id: input.chip.chipId,
        slug: input.slug,
        batch_id: input.batchId,
        owner_profile_id: input.owner?.profileId ?? null,
      },
      input.event?.id,
    ),
    ...(input.event
      ? [
          eventEntry(db, input.event, {
            garmentId: garmentIdOf(input.slug),
            // Raw sql: the tag inserted earlier in the same batch, by its unique chip id.
            tagId: sql`(SELECT ${nfcTags.id} FROM ${nfcTags} WHERE ${nfcTags.chip_id} = ${input.chip.chipId})`,
          }),
        ]
      : []),
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
export async function recordTagWrite(
  db: Db,
  tap: TapStores,
  actor: Actor,
  tag: TagRow,
  outcome: WriteOutcome,
  event?: DomainEvent,
) {
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
      event?.id,
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
  if (event) statements.push(eventEntry(db, event));
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if (tag.short_slug) await keepTapTrue(tap, [tag.short_slug]);
}

/** The tag type of an NTAG 424 DNA registered for verified (SUN) taps. */
const SECURE_TAG_TYPE = "NTAG424";

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
  event?: DomainEvent,
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
      event?.id,
    ),
    ...(event ? [eventEntry(db, event)] : []),
  ]);
  if (tag.short_slug) await keepTapTrue(tap, [tag.short_slug]);
}

/** Makes the tag read-only (Web NFC makeReadOnly was done): status locked, for good. Audited. */
export async function lockTag(db: Db, actor: Actor, tag: TagRow, event?: DomainEvent) {
  const now = new Date();
  await db.batch([
    db
      .update(nfcTags)
      .set({ status: "locked", metadata: { ...tag.metadata, lockedAt: now.toISOString() }, updated_at: now })
      .where(eq(nfcTags.id, tag.id)),
    auditEntry(
      db,
      actor,
      "tag.lock",
      { type: "nfc_tag", id: tag.id },
      { status: tag.status },
      { status: "locked" },
      event?.id,
    ),
    ...(event ? [eventEntry(db, event)] : []),
  ]);
}

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
  event?: DomainEvent,
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
      event?.id,
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
  if (event) statements.push(eventEntry(db, event));
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if (tag.short_slug) await keepTapTrue(tap, [tag.short_slug]);
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
    event?: DomainEvent;
    /** The event names the batch's one garment (a QA sample), found by its slug in the batch. */
    eventNamesGarment?: boolean;
  },
) {
  if (input.tags.length === 0) return 0;
  const now = Date.now();
  const pool = input.pool === true;
  const details: Omit<NewProgrammedGarment, "sku"> = pool
    ? {
        garment_type: input.garment.garment_type,
        product_id: input.garment.product_id ?? null,
        name: null,
        size: null,
        color: null,
      }
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
    auditEntry(
      db,
      actor,
      "tag_batch.program",
      { type: "nfc_tag_batch", id: batch.id },
      null,
      {
        count: input.tags.length,
        garment_type: input.garment.garment_type,
        tag_type: input.tagType,
        pool,
        product_id: input.garment.product_id ?? null,
      },
      input.event?.id,
    ),
    ...(input.event
      ? [
          eventEntry(
            db,
            input.event,
            input.eventNamesGarment && input.tags[0] ? { garmentId: garmentIdOf(input.tags[0].slug) } : {},
          ),
        ]
      : []),
  ]);
  return input.tags.length;
}

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
export async function assignBatchUids(
  db: Db,
  tap: TapStores,
  actor: Actor,
  batchId: number,
  rows: UidAssignment[],
  event?: DomainEvent,
) {
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
    auditEntry(
      db,
      actor,
      "tag_batch.import",
      { type: "nfc_tag_batch", id: batchId },
      null,
      {
        assigned: rows.length,
      },
      event?.id,
    ),
    ...(event ? [eventEntry(db, event)] : []),
  ]);
  await keepTapTrue(
    tap,
    rows.filter((r) => r.before === "inactive").map((r) => r.slug),
  );
}

// ---------------------------------------------------------------------------------------------
// Admin portal: the garment list, one garment, activation, reassignment, unclaimed stock and
// programming marks (issue #9). Each change writes its audit row in the same batch.
// ---------------------------------------------------------------------------------------------

/** Turns a garment on or off, audited with its state before and after; the next tap answers the change. */
export async function setGarmentActive(
  db: Db,
  tap: TapStores,
  actor: Actor,
  garment: AdminGarmentRow,
  isActive: boolean,
  event?: DomainEvent,
) {
  await db.batch([
    db.update(garments).set({ is_active: isActive }).where(eq(garments.id, garment.id)),
    auditEntry(
      db,
      actor,
      isActive ? "garment.activate" : "garment.deactivate",
      { type: "garment", id: garment.id },
      { is_active: garment.is_active },
      { is_active: isActive },
      event?.id,
    ),
    ...(event ? [eventEntry(db, event)] : []),
  ]);
  await keepTapTrue(tap, [garment.short_slug]);
}

/**
 * Gives a garment to the client with this profile id (claimed from now), audited, and the next
 * tap answers for the new owner; false when no profile has the id.
 */
export async function reassignGarment(
  db: Db,
  tap: TapStores,
  actor: Actor,
  garment: AdminGarmentRow,
  profileId: number,
  /** The change's event, given the new owner's user id (the person it concerns). */
  eventFor?: (ownerUserId: string) => DomainEvent,
) {
  const profile = await db
    .select({ id: profiles.id, user_id: profiles.user_id })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .get();
  if (!profile) return false;
  const event = eventFor && profile.user_id ? eventFor(profile.user_id) : undefined;
  await db.batch([
    db
      .update(garments)
      .set({
        owner_user_id: profile.user_id,
        owner_profile_id: profile.id,
        status: "claimed",
        claimed_at: new Date(),
        owner_via: "reassign",
      })
      .where(eq(garments.id, garment.id)),
    auditEntry(
      db,
      actor,
      "garment.reassign",
      { type: "garment", id: garment.id },
      { owner_profile_id: garment.profile_id, status: garment.status },
      { owner_profile_id: profile.id, status: "claimed" },
      event?.id,
    ),
    ...(event ? [eventEntry(db, event)] : []),
  ]);
  await keepTapTrue(tap, [garment.short_slug]);
  return true;
}

/**
 * Marks a garment's tag programmed now by this admin, audited; the programming fields after
 * the change, or undefined when no garment has the id.
 */
export async function markGarmentProgrammed(db: Db, actor: Actor, id: number, event?: DomainEvent) {
  const programming = () =>
    db
      .select({ programmed_at: garments.programmed_at, programmed_by_admin_id: garments.programmed_by_admin_id })
      .from(garments)
      .where(eq(garments.id, id));
  const before = await programming().get();
  if (!before) return undefined;
  const now = new Date();
  const statements: BatchItem<"sqlite">[] = [
    // The event on the update's own condition: written only if the garment is still there.
    ...(event ? [eventBeforeGarmentChange(db, event, eq(garments.id, id), "none")] : []),
    db
      .update(garments)
      .set({
        programmed_at: now,
        // Wrapped in sql: set() takes no subquery, and the lookup must stay inside the batch.
        programmed_by_admin_id: sql`${db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.user_id, actor.userId))}`,
      })
      .where(eq(garments.id, id)),
    auditEntry(
      db,
      actor,
      "garment.mark_programmed",
      { type: "garment", id },
      { programmed_at: before.programmed_at?.getTime() ?? null, programmed_by_admin_id: before.programmed_by_admin_id },
      { programmed_at: now.getTime() },
      event?.id,
    ),
    programming(),
  ];
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const after = results.at(-1) as Awaited<ReturnType<typeof programming>>;
  return after[0];
}
