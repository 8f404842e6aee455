import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import { setGarmentActive as setActive } from "@releve/db/tags/commands";
import type { AdminGarmentRow } from "@releve/db/tags/queries";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

/**
 * Staff take a garment out of service or put it back (spec part 2 §4): audited, with its
 * garment.active_changed event; the next tap answers 'deactivated' or the piece again.
 */
export async function setGarmentActive(
  effects: Effects,
  input: { staff: Staff; garment: AdminGarmentRow; active: boolean },
): Promise<{ code: "set" }> {
  const event = domainEvent("garment.active_changed", {
    actor: effects.actor,
    subjects: { garmentId: input.garment.id },
    payload: { active: input.active },
    at: effects.now(),
  });
  await setActive(effects.db, effects.tap, input.staff, input.garment, input.active, event);
  await publishEvents(effects, [event]);
  return { code: "set" };
}
