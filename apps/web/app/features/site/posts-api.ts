import { AppError } from "@releve/core";
import { type InstagramPost, InstagramPostBodySchema } from "@releve/core/site/contracts";
import { GarmentIdParamSchema } from "@releve/core/tags/contracts";
import type { Db } from "@releve/db/client";
import { getPost, listPosts, type Post } from "@releve/db/site/queries";
import { createPost } from "@releve/verbs/site/create-post";
import { deletePost } from "@releve/verbs/site/delete-post";
import { updatePost } from "@releve/verbs/site/update-post";
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
  const created = await createPost(c.get("effects"), {
    staff: actorOf(c),
    fields: { ...input, permalink: input.permalink ?? null },
  });
  if (created.code !== "created") throw new AppError("internal", "The post was not saved.");
  return c.json(await postOrThrow(c.get("db"), created.postId), 201);
});

postRoutes.put("/:id", idParam, postBody, async (c) => {
  const input = c.req.valid("json");
  const db = c.get("db");
  const before = await postOrThrow(db, c.req.valid("param").id);
  await updatePost(c.get("effects"), {
    staff: actorOf(c),
    before,
    fields: { ...input, permalink: input.permalink ?? null },
  });
  return c.json(await postOrThrow(db, before.id));
});

postRoutes.delete("/:id", idParam, async (c) => {
  const before = await postOrThrow(c.get("db"), c.req.valid("param").id);
  await deletePost(c.get("effects"), { staff: actorOf(c), before });
  return c.body(null, 204);
});
