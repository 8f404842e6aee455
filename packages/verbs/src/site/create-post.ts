import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import { createPost as addPost } from "@releve/db/site/commands";
import type { PostFields } from "@releve/db/site/queries";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type CreatePostOutcome = { code: "created"; postId: number } | { code: "not_saved" };

/** Staff add a post to the landing's grid: audited, with its post.created event. */
export async function createPost(
  effects: Effects,
  input: { staff: Staff; fields: PostFields },
): Promise<CreatePostOutcome> {
  const event = domainEvent("post.created", { actor: effects.actor, payload: { postId: 0 }, at: effects.now() });
  const id = await addPost(effects.db, input.staff, input.fields, event);
  if (id === undefined) return { code: "not_saved" };
  await publishEvents(effects, [event]);
  return { code: "created", postId: id };
}
