import { createTransferLink as makeLink } from "@releve/db/ownership/commands";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type CreateTransferLinkOutcome =
  | { code: "created"; transferId: number; expiresAt: Date }
  | { code: "not_owned" | "reported_missing" };

/**
 * An owner makes a transfer link for their piece (issue #32), replacing their previous one, with
 * its transfer.link_created event; refused for a piece not theirs, or reported lost or stolen.
 */
export async function createTransferLink(
  effects: Effects,
  input: { garmentId: number; userId: string },
): Promise<CreateTransferLinkOutcome> {
  const event = domainEvent("transfer.link_created", {
    actor: effects.actor,
    subjects: { garmentId: input.garmentId },
    payload: { transferId: 0 },
    at: effects.now(),
  });
  const made = await makeLink(effects.db, { ...input, event }, effects.now().getTime());
  if (made.status !== "created") return { code: made.status };
  await publishEvents(effects, [event]);
  return { code: "created", transferId: made.id, expiresAt: made.expiresAt };
}
