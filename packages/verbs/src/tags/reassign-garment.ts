import type { DomainEvent } from "@releve/core/platform/events";
import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import { reassignGarment as giveTo } from "@releve/db/tags/commands";
import type { AdminGarmentRow } from "@releve/db/tags/queries";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

/**
 * Staff give a garment to another client (by profile id): claimed by them from now, audited,
 * with its garment.reassigned event concerning the new owner; the tap answers them at once.
 * `client_not_found` when no client has the id (nothing changed).
 */
export async function reassignGarment(
  effects: Effects,
  input: { staff: Staff; garment: AdminGarmentRow; profileId: number },
): Promise<{ code: "reassigned" | "client_not_found" }> {
  let event: DomainEvent<"garment.reassigned"> | undefined;
  const done = await giveTo(effects.db, effects.tap, input.staff, input.garment, input.profileId, (ownerUserId) => {
    event = domainEvent("garment.reassigned", {
      actor: effects.actor,
      subjects: { garmentId: input.garment.id },
      personId: ownerUserId,
      payload: {},
      at: effects.now(),
    });
    return event;
  });
  if (!done) return { code: "client_not_found" };
  if (event) await publishEvents(effects, [event]);
  return { code: "reassigned" };
}
