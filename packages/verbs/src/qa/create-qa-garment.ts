import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import { createQaGarment as makeQaGarment } from "@releve/db/qa/commands";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type CreateQaGarmentOutcome = { code: "created" } | { code: "exists" };

/**
 * The QA tools make a test garment (issue #20): a real unclaimed garment with its tag in the QA
 * batch, made as the batch programming makes one (chip id, signature, audit) with its
 * qa.garment_created event in the same batch (`runId`: the e2e run it is for, null from
 * /test-garment); the slug's tap record is rewritten, so the next tap sees it. A slug already
 * taken (`exists`) makes and records nothing.
 */
export async function createQaGarment(
  effects: Effects,
  input: { staff: Staff; slug: string; chipSecret: string; runId: string | null },
): Promise<CreateQaGarmentOutcome> {
  const event = domainEvent("qa.garment_created", {
    actor: effects.actor,
    payload: { runId: input.runId },
    at: effects.now(),
  });
  const made = await makeQaGarment(
    effects.db,
    effects.tap,
    input.staff,
    { slug: input.slug, origin: effects.origin, chipSecret: input.chipSecret },
    event,
  );
  if (made === "exists") return { code: "exists" };
  await publishEvents(effects, [event]);
  return { code: "created" };
}
