/**
 * The public site, the reads: the landing page's Instagram-style posts. Writes: ./commands.ts.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { instagramPosts, type NewInstagramPost } from "../schema";

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
