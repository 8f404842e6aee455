/**
 * The public site, the writes: posts (audited, an admin's) and the early-access list.
 * Reads: ./queries.ts.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import type { DomainEvent } from "@releve/core/platform/events";
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { type Actor, auditEntry } from "../platform/audit";
import { eventAfterInsert, eventEntry } from "../platform/events";
import { earlyAccessEntries, instagramPosts } from "../schema";
import type { Post, PostFields } from "./queries";

/** Adds a post, audited in the same batch (with its event, if given); its id, or undefined if nothing was stored. */
export async function createPost(
  db: Db,
  actor: Actor,
  fields: PostFields,
  event?: DomainEvent,
): Promise<number | undefined> {
  const now = new Date();
  const [inserted] = await db.batch([
    db
      .insert(instagramPosts)
      .values({ ...fields, created_at: now, updated_at: now })
      .returning({ id: instagramPosts.id }),
    // The event before the audit entry: both name the new post (last_insert_rowid()).
    ...(event ? [eventAfterInsert(db, event, "postId")] : []),
    auditEntry(db, actor, "post.create", { type: "instagram_post", id: "inserted" }, null, fields, event?.id),
  ]);
  return inserted[0]?.id;
}

/** Replaces a post's fields, audited with the post before and the fields after. */
export async function updatePost(db: Db, actor: Actor, before: Post, fields: PostFields, event?: DomainEvent) {
  await db.batch([
    db
      .update(instagramPosts)
      .set({ ...fields, updated_at: new Date() })
      .where(eq(instagramPosts.id, before.id)),
    auditEntry(db, actor, "post.update", { type: "instagram_post", id: before.id }, before, fields, event?.id),
    ...(event ? [eventEntry(db, event)] : []),
  ]);
}

/** Deletes a post, audited with the post as it was. */
export async function deletePost(db: Db, actor: Actor, before: Post, event?: DomainEvent) {
  await db.batch([
    db.delete(instagramPosts).where(eq(instagramPosts.id, before.id)),
    auditEntry(db, actor, "post.delete", { type: "instagram_post", id: before.id }, before, null, event?.id),
    ...(event ? [eventEntry(db, event)] : []),
  ]);
}

/**
 * Adds an entry unless its (lower-cased) email is already listed: a statement returning the new
 * id, or nothing for a duplicate.
 */
export function insertEarlyAccessEntry(
  db: Db,
  entry: Pick<typeof earlyAccessEntries.$inferInsert, "full_name" | "email" | "referral_source" | "created_at">,
) {
  return db
    .insert(earlyAccessEntries)
    .values(entry)
    .onConflictDoNothing({ target: earlyAccessEntries.email })
    .returning({ id: earlyAccessEntries.id });
}

/**
 * Adds an entry (the caller took its rate slot first), with `event` in the same batch, written
 * only if the entry was new (its id at `entryId`): the new entry's id, or undefined for a listed
 * address (nothing stored, nothing recorded).
 */
export async function addEarlyAccessEntry(
  db: Db,
  entry: Parameters<typeof insertEarlyAccessEntry>[1],
  event?: DomainEvent,
): Promise<number | undefined> {
  const [inserted] = await db.batch([
    insertEarlyAccessEntry(db, entry),
    ...(event ? [eventAfterInsert(db, event, "entryId")] : []),
  ]);
  return inserted[0]?.id;
}
