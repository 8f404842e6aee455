import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import { updatePost as replacePost } from "@releve/db/site/commands";
import type { Post, PostFields } from "@releve/db/site/queries";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

/** Staff replace a post's fields: audited with the post before, with its post.updated event. */
export async function updatePost(
  effects: Effects,
  input: { staff: Staff; before: Post; fields: PostFields },
): Promise<{ code: "updated" }> {
  const event = domainEvent("post.updated", {
    actor: effects.actor,
    payload: { postId: input.before.id },
    at: effects.now(),
  });
  await replacePost(effects.db, input.staff, input.before, input.fields, event);
  await publishEvents(effects, [event]);
  return { code: "updated" };
}
