import { domainEvent } from "@releve/db/platform/events";
import {
  type ClaimResult,
  claimGarment as claim,
  type PoolGarmentDetails,
  registerPoolGarment,
} from "@releve/db/wardrobe/commands";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type ClaimGarmentOutcome =
  | { code: "claimed" | "already_owned"; garmentId: number }
  | { code: Exclude<ClaimResult["status"], "claimed" | "already_owned"> };

/**
 * A signed-in person claims a piece at its tap (issues #4, #19): one conditional UPDATE decides a
 * race, with its garment.claimed event on the same condition; the tap's record is refreshed, so
 * the next tap answers its new owner. A pool garment is registered with the owner's `details`
 * instead (and one without them answers details_required).
 */
export async function claimGarment(
  effects: Effects,
  input: { slug: string; userId: string; details?: PoolGarmentDetails },
): Promise<ClaimGarmentOutcome> {
  const via = input.details ? "registration" : "claim";
  const event = domainEvent("garment.claimed", { actor: effects.actor, payload: { via }, at: effects.now() });
  const now = effects.now().getTime();
  const result = input.details
    ? await registerPoolGarment(effects.db, effects.tap, { ...input, details: input.details, event }, now)
    : await claim(effects.db, effects.tap, { slug: input.slug, userId: input.userId, event }, now);
  if (result.status === "claimed") await publishEvents(effects, [event]);
  return result.status === "claimed" || result.status === "already_owned"
    ? { code: result.status, garmentId: result.garmentId }
    : { code: result.status };
}
