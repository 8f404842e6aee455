import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import { createTagBatch as openBatch } from "@releve/db/tags/commands";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type CreateTagBatchOutcome = { code: "created"; batchId: number; createdAt: Date } | { code: "not_saved" };

/** Staff open a batch of tags (spec part 2 §4): audited, with its tag_batch.created event. */
export async function createTagBatch(
  effects: Effects,
  input: { staff: Staff; batchName: string; description: string | null },
): Promise<CreateTagBatchOutcome> {
  const event = domainEvent("tag_batch.created", { actor: effects.actor, payload: { batchId: 0 }, at: effects.now() });
  const { id, createdAt } = await openBatch(
    effects.db,
    input.staff,
    { batch_name: input.batchName, description: input.description },
    event,
  );
  if (id === undefined) return { code: "not_saved" };
  await publishEvents(effects, [event]);
  return { code: "created", batchId: id, createdAt };
}
