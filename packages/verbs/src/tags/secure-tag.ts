import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import { makeTagSecure } from "@releve/db/tags/commands";
import type { TagRow } from "@releve/db/tags/queries";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";
import { subjectsOf, type TagRefusal, uidTaken } from "./tag-refusals";

/**
 * Registers the tag as a secure NTAG 424 DNA (issue #21): its garment's taps must carry valid
 * SUN data from this UID from the next tap on. Refused for a tag without a garment, or a UID
 * another tag holds.
 */
export async function secureTag(
  effects: Effects,
  input: { staff: Staff; tag: TagRow; uid: string; keyVersion: number },
): Promise<{ code: "secured" } | TagRefusal> {
  const { tag } = input;
  if (!tag.short_slug) return { code: "refused", message: "Only a tag with a garment can be made secure." };
  const taken = await uidTaken(effects, tag, input.uid);
  if (taken) return taken;
  const event = domainEvent("tag.secured", {
    actor: effects.actor,
    subjects: subjectsOf(tag),
    payload: { keyVersion: input.keyVersion },
    at: effects.now(),
  });
  await makeTagSecure(
    effects.db,
    effects.tap,
    input.staff,
    tag,
    { uid: input.uid, keyVersion: input.keyVersion },
    event,
  );
  await publishEvents(effects, [event]);
  return { code: "secured" };
}
