import { nextTagStatus } from "@releve/core/tags/rules";
import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import { setTagStatus } from "@releve/db/tags/commands";
import type { TagRow } from "@releve/db/tags/queries";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";
import { subjectsOf, type TagRefusal } from "./tag-refusals";

/**
 * Moves the tag through its lifecycle (deactivate, reactivate, report lost or stolen, release):
 * refused when nextTagStatus says the move is not allowed; else one batch with the reason in the
 * audit row (never in the event: staff type it) and its tag.status_changed event.
 */
export async function changeTagStatus(
  effects: Effects,
  input: { staff: Staff; tag: TagRow; action: Parameters<typeof nextTagStatus>[1]; reason: string },
): Promise<{ code: "changed" } | TagRefusal> {
  const { tag, action } = input;
  const next = nextTagStatus(
    {
      status: tag.status,
      programmed: tag.programmed_at !== null,
      locked: Boolean(tag.metadata?.lockedAt),
      owned: tag.owner_user_id !== null,
    },
    action,
  );
  if (!next.ok) return { code: "refused", message: next.message };
  const event = domainEvent("tag.status_changed", {
    actor: effects.actor,
    subjects: subjectsOf(tag),
    payload: { action, status: next.status },
    at: effects.now(),
  });
  await setTagStatus(
    effects.db,
    effects.tap,
    input.staff,
    tag,
    { action, status: next.status, reason: input.reason },
    event,
  );
  await publishEvents(effects, [event]);
  return { code: "changed" };
}
