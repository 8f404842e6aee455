/**
 * site/create-post, update-post and delete-post (issue #48), with the real bindings: each change
 * leaves one event naming the post by id, never its caption.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { getPost } from "@releve/db/site/queries";
import { createOwner } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { createPost } from "./create-post";
import { deletePost } from "./delete-post";
import { updatePost } from "./update-post";

const db = getDb(env.DB);

const fields = {
  image_url: "https://releve.test/post.jpg",
  caption: "A private caption",
  permalink: null,
  is_active: true,
  display_order: 1,
};

async function staffPost() {
  const person = await createOwner(db);
  const effects = testEffects(db, { kind: "admin" as const, id: person.userId });
  const staff = { userId: person.userId, email: "staff@example.com" };
  const created = await createPost(effects, { staff, fields });
  if (created.code !== "created") throw new Error(created.code);
  const post = await getPost(db, created.postId);
  if (!post) throw new Error("no post");
  return { effects, staff, post };
}

describe("site posts", () => {
  it("create-post adds a post with one event naming it, its caption kept out", async () => {
    const { post, staff } = await staffPost();
    const [event] = await listEvents(db, { limit: 1, types: ["post.created"] });
    expect(event).toMatchObject({ actorKind: "admin", actorId: staff.userId, payload: { postId: post.id } });
    expect(JSON.stringify(event?.payload)).not.toContain("caption");
  });

  it("update-post replaces its fields with one event", async () => {
    const { effects, staff, post } = await staffPost();
    expect(await updatePost(effects, { staff, before: post, fields: { ...fields, caption: "Changed" } })).toEqual({
      code: "updated",
    });
    expect((await getPost(db, post.id))?.caption).toBe("Changed");
    const [event] = await listEvents(db, { limit: 1, types: ["post.updated"] });
    expect(event?.payload).toEqual({ postId: post.id });
  });

  it("delete-post deletes it with one event", async () => {
    const { effects, staff, post } = await staffPost();
    expect(await deletePost(effects, { staff, before: post })).toEqual({ code: "deleted" });
    expect(await getPost(db, post.id)).toBeUndefined();
    const [event] = await listEvents(db, { limit: 1, types: ["post.deleted"] });
    expect(event?.payload).toEqual({ postId: post.id });
  });
});
