import { releaseGarment as letGo, type ReleaseResult } from "@releve/db/ownership/commands";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type ReleaseGarmentOutcome =
  | { code: "released"; slug: string }
  | { code: Exclude<ReleaseResult["status"], "released"> };

/**
 * The owner lets a piece go (issue #32): unclaimed again in one batch with its garment.released
 * event, the tap's record refreshed (its next tap offers the claim), their photo's objects
 * deleted by the event's consumer.
 */
export async function releaseGarment(
  effects: Effects,
  input: { garmentId: number; userId: string },
): Promise<ReleaseGarmentOutcome> {
  const event = domainEvent("garment.released", {
    actor: effects.actor,
    payload: { photoKeys: [] },
    at: effects.now(),
  });
  const result = await letGo(effects.db, effects.tap, { ...input, event });
  if (result.status !== "released") return { code: result.status };
  await publishEvents(effects, [event]);
  return { code: "released", slug: result.slug };
}
