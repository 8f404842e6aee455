import { writeRefusal } from "@releve/core/tags/rules";
import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import { recordTagWrite, type WriteOutcome } from "@releve/db/tags/commands";
import type { TagRow } from "@releve/db/tags/queries";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";
import { subjectsOf, type TagRefusal, uidTaken } from "./tag-refusals";

/**
 * The programmer reports how writing the tag went (spec part 2 §4): refused for a tag that may
 * not be written again, or a UID another tag holds; else active (or inactive with the error),
 * audited, with its tag.written event; the next tap answers the new status.
 */
export async function recordTagWritten(
  effects: Effects,
  input: { staff: Staff; tag: TagRow; outcome: WriteOutcome },
): Promise<{ code: "recorded" } | TagRefusal> {
  const { tag, outcome } = input;
  const refusal = writeRefusal({ status: tag.status, writeFailed: Boolean(tag.metadata?.write_error) });
  if (refusal) return { code: "refused", message: refusal };
  if (outcome.ok && outcome.uid) {
    const taken = await uidTaken(effects, tag, outcome.uid);
    if (taken) return taken;
  }
  const event = domainEvent("tag.written", {
    actor: effects.actor,
    subjects: subjectsOf(tag),
    payload: { ok: outcome.ok },
    at: effects.now(),
  });
  await recordTagWrite(effects.db, effects.tap, input.staff, tag, outcome, event);
  await publishEvents(effects, [event]);
  return { code: "recorded" };
}
