import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import { deletePost as removePost } from "@releve/db/site/commands";
import type { Post } from "@releve/db/site/queries";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

/** Staff delete a post: audited with the post as it was, with its post.deleted event. */
export async function deletePost(
  effects: Effects,
  input: { staff: Staff; before: Post },
): Promise<{ code: "deleted" }> {
  const event = domainEvent("post.deleted", {
    actor: effects.actor,
    payload: { postId: input.before.id },
    at: effects.now(),
  });
  await removePost(effects.db, input.staff, input.before, event);
  await publishEvents(effects, [event]);
  return { code: "deleted" };
}
