/**
 * Instagram-style posts of the landing page.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { asc, eq } from "drizzle-orm";
import { type Actor, auditEntry } from "./audit";
import type { Db } from "./client";
import { instagramPosts, type NewInstagramPost } from "./schema";

const postColumns = {
  id: instagramPosts.id,
  image_url: instagramPosts.image_url,
  caption: instagramPosts.caption,
  permalink: instagramPosts.permalink,
  is_active: instagramPosts.is_active,
  display_order: instagramPosts.display_order,
};

/** What an admin edits of a post. */
export type PostFields = Required<
  Pick<NewInstagramPost, "image_url" | "caption" | "permalink" | "is_active" | "display_order">
>;

/** Every post in display order (the admin's list). */
export function listPosts(db: Db) {
  return db.select(postColumns).from(instagramPosts).orderBy(asc(instagramPosts.display_order), asc(instagramPosts.id));
}

/** One post, or undefined. */
export function getPost(db: Db, id: number) {
  return db.select(postColumns).from(instagramPosts).where(eq(instagramPosts.id, id)).get();
}

export type Post = NonNullable<Awaited<ReturnType<typeof getPost>>>;

/** Adds a post, audited in the same batch; its id, or undefined if nothing was stored. */
export async function createPost(db: Db, actor: Actor, fields: PostFields): Promise<number | undefined> {
  const now = new Date();
  const [inserted] = await db.batch([
    db
      .insert(instagramPosts)
      .values({ ...fields, created_at: now, updated_at: now })
      .returning({ id: instagramPosts.id }),
    auditEntry(db, actor, "post.create", { type: "instagram_post", id: "inserted" }, null, fields),
  ]);
  return inserted[0]?.id;
}

/** Replaces a post's fields, audited with the post before and the fields after. */
export async function updatePost(db: Db, actor: Actor, before: Post, fields: PostFields) {
  await db.batch([
    db
      .update(instagramPosts)
      .set({ ...fields, updated_at: new Date() })
      .where(eq(instagramPosts.id, before.id)),
    auditEntry(db, actor, "post.update", { type: "instagram_post", id: before.id }, before, fields),
  ]);
}

/** Deletes a post, audited with the post as it was. */
export async function deletePost(db: Db, actor: Actor, before: Post) {
  await db.batch([
    db.delete(instagramPosts).where(eq(instagramPosts.id, before.id)),
    auditEntry(db, actor, "post.delete", { type: "instagram_post", id: before.id }, before, null),
  ]);
}

/** The active posts in display order, for the landing page's grid (public read). */
export function listActivePosts(db: Db, limit: number) {
  return db
    .select({
      id: instagramPosts.id,
      image_url: instagramPosts.image_url,
      caption: instagramPosts.caption,
      permalink: instagramPosts.permalink,
    })
    .from(instagramPosts)
    .where(eq(instagramPosts.is_active, true))
    .orderBy(asc(instagramPosts.display_order), asc(instagramPosts.id))
    .limit(limit);
}
