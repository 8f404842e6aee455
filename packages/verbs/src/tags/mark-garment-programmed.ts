import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import { markGarmentProgrammed as markProgrammed } from "@releve/db/tags/commands";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type MarkGarmentProgrammedOutcome =
  | { code: "marked"; programmedAt: Date | null; programmedByAdminId: number | null }
  | { code: "not_found" };

/**
 * Staff mark a garment's tag programmed now, by them: audited, with its garment.programmed
 * event; an unknown garment changes and records nothing.
 */
export async function markGarmentProgrammed(
  effects: Effects,
  input: { staff: Staff; garmentId: number },
): Promise<MarkGarmentProgrammedOutcome> {
  const event = domainEvent("garment.programmed", {
    actor: effects.actor,
    subjects: { garmentId: input.garmentId },
    payload: {},
    at: effects.now(),
  });
  const after = await markProgrammed(effects.db, input.staff, input.garmentId, event);
  if (!after) return { code: "not_found" };
  await publishEvents(effects, [event]);
  return { code: "marked", programmedAt: after.programmed_at, programmedByAdminId: after.programmed_by_admin_id };
}
