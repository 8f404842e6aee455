import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import { resetQaGarments as putBack } from "@releve/db/qa/commands";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

type SampleBefore = Awaited<ReturnType<typeof putBack>>[number];

/** `garments`: the samples as they were before (none when the database has neither). */
export type ResetQaGarmentsOutcome = { code: "reset"; garments: SampleBefore[] };

/**
 * The QA panel's reset (spec part 2 §7, qa-reset-e2e): mb-001 and ss-002 back as the seed made
 * them (unclaimed, active), audited per garment, with one qa.garments_reset event in the same
 * batch; their tap records rewritten, so the next tap of either goes to the claim page. With
 * neither sample there, nothing is written or recorded.
 */
export async function resetQaGarments(effects: Effects, input: { staff: Staff }): Promise<ResetQaGarmentsOutcome> {
  const event = domainEvent("qa.garments_reset", { actor: effects.actor, payload: { count: 0 }, at: effects.now() });
  const garments = await putBack(effects.db, effects.tap, input.staff, event);
  if (garments.length > 0) await publishEvents(effects, [event]);
  return { code: "reset", garments };
}
