import { AppError } from "@releve/core";
import { type InstagramPost, InstagramPostBodySchema } from "@releve/core/site/contracts";
import { GarmentIdParamSchema } from "@releve/core/tags/contracts";
import type { Db } from "@releve/db/client";
import { createPost, deletePost, updatePost } from "@releve/db/site/commands";
import { getPost, listPosts, type Post } from "@releve/db/site/queries";
import { Hono } from "hono";
import { type AdminEnv, actorOf } from "../../api/admin/admin-env";
import { jsonBody, validator } from "../../api/validation";

async function postOrThrow(db: Db, id: number): Promise<Post> {
  const post = await getPost(db, id);
  if (!post) throw new AppError("not_found", "Post not found.");
  return post;
}

const idParam = validator("param", GarmentIdParamSchema);
const postBody = jsonBody(InstagramPostBodySchema);

/** `/api/admin/instagram-posts`: the landing's Instagram-style grid. */
export const postRoutes = new Hono<AdminEnv>();

postRoutes.get("/", async (c) => {
  const posts: InstagramPost[] = await listPosts(c.get("db"));
  return c.json({ posts });
});

postRoutes.post("/", postBody, async (c) => {
  const input = c.req.valid("json");
  const db = c.get("db");
  const id = await createPost(db, actorOf(c), { ...input, permalink: input.permalink ?? null });
  if (id === undefined) throw new AppError("internal", "The post was not saved.");
  return c.json(await postOrThrow(db, id), 201);
});

postRoutes.put("/:id", idParam, postBody, async (c) => {
  const input = c.req.valid("json");
  const db = c.get("db");
  const before = await postOrThrow(db, c.req.valid("param").id);
  await updatePost(db, actorOf(c), before, { ...input, permalink: input.permalink ?? null });
  return c.json(await postOrThrow(db, before.id));
});

postRoutes.delete("/:id", idParam, async (c) => {
  const db = c.get("db");
  await deletePost(db, actorOf(c), await postOrThrow(db, c.req.valid("param").id));
  return c.body(null, 204);
});
