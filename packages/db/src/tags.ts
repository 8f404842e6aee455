/**
 * NFC tags and tag batches.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { count, desc, eq, sql } from "drizzle-orm";
import { type Actor, auditEntry } from "./audit";
import type { Db } from "./client";
import { type NewNfcTagBatch, nfcTagBatches, nfcTags } from "./schema";

// ---------------------------------------------------------------------------------------------
// Admin portal: tag batches (issue #9).
// ---------------------------------------------------------------------------------------------

/** Every batch, newest first, with how many of its tags exist, are programmed and are active. */
export function listTagBatches(db: Db) {
  return db
    .select({
      id: nfcTagBatches.id,
      batch_name: nfcTagBatches.batch_name,
      description: nfcTagBatches.description,
      created_at: nfcTagBatches.created_at,
      total: count(nfcTags.id),
      // Raw sql: drizzle's count() has no conditional form.
      programmed: sql<number>`count(CASE WHEN ${nfcTags.status} <> 'uninitialized' THEN 1 END)`,
      active: sql<number>`count(CASE WHEN ${nfcTags.status} = 'active' THEN 1 END)`,
    })
    .from(nfcTagBatches)
    .leftJoin(nfcTags, eq(nfcTags.batch_id, nfcTagBatches.id))
    .groupBy(nfcTagBatches.id)
    .orderBy(desc(nfcTagBatches.created_at), desc(nfcTagBatches.id));
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
