import { CONTACT_OWNER_BUCKET } from "@releve/core/sharing/contact-limits";
import { domainEvent } from "@releve/db/platform/events";
import { rateKey } from "@releve/db/platform/rate-limits";
import { removeQaRun as removeRun } from "@releve/db/qa/commands";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

type Removed = Awaited<ReturnType<typeof removeRun>>;

/** `removed`: how many of each it removed. */
export type RemoveQaRunOutcome = { code: "removed"; removed: Removed };

/**
 * What one e2e run made goes after it (issue #20): its garment (its tag, the contacts and scans
 * it got), the QA account's session for the run and the per-owner contact limit its form post
 * counted, in one batch with the qa.run_removed event; then the tap records of its slug and of
 * the slugs it probed. The audit rows of the admin's changes stay.
 */
export async function removeQaRun(
  effects: Effects,
  input: { runId: string; slug: string; probedSlugs: string[]; userId: string; sessionId: string | null },
): Promise<RemoveQaRunOutcome> {
  const event = domainEvent("qa.run_removed", {
    actor: effects.actor,
    payload: { runId: input.runId, garments: 0 },
    at: effects.now(),
  });
  const removed = await removeRun(
    effects.db,
    effects.tap,
    {
      slug: input.slug,
      probedSlugs: input.probedSlugs,
      userId: input.userId,
      sessionId: input.sessionId,
      rateEvents: { bucket: CONTACT_OWNER_BUCKET, key: await rateKey(CONTACT_OWNER_BUCKET, input.userId) },
    },
    event,
  );
  await publishEvents(effects, [event]);
  return { code: "removed", removed };
}
