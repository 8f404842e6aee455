import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import { lockTag as lock } from "@releve/db/tags/commands";
import type { TagRow } from "@releve/db/tags/queries";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";
import { subjectsOf, type TagRefusal } from "./tag-refusals";

/** Makes a written, working tag read-only, for good (Web NFC's makeReadOnly was done). */
export async function lockTag(
  effects: Effects,
  input: { staff: Staff; tag: TagRow },
): Promise<{ code: "locked" } | TagRefusal> {
  const { tag } = input;
  if (tag.status === "locked") return { code: "refused", message: "This tag is already locked." };
  if ((tag.status !== "active" && tag.status !== "released") || tag.programmed_at === null) {
    return { code: "refused", message: "Only a written, working tag can be locked." };
  }
  const event = domainEvent("tag.locked", {
    actor: effects.actor,
    subjects: subjectsOf(tag),
    payload: {},
    at: effects.now(),
  });
  await lock(effects.db, input.staff, tag, event);
  await publishEvents(effects, [event]);
  return { code: "locked" };
}
