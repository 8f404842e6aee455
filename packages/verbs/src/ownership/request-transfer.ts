import { requestTransfer as askFor, type RequestResult } from "@releve/db/ownership/commands";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type RequestTransferOutcome =
  | { code: "requested"; transferId: number }
  | { code: Exclude<RequestResult["status"], "requested"> };

/**
 * A signed-in person asks the owner of a claimed piece for it (issue #32): the request is stored
 * with its transfer.requested event; the event's consumer tells the owner (their alert). The
 * requester never learns who the owner is.
 */
export async function requestTransfer(
  effects: Effects,
  input: { slug: string; userId: string; message: string | null },
): Promise<RequestTransferOutcome> {
  const event = domainEvent("transfer.requested", {
    actor: effects.actor,
    payload: { transferId: 0 },
    at: effects.now(),
  });
  const result = await askFor(effects.db, { ...input, event }, effects.now().getTime());
  if (result.status !== "requested") return { code: result.status };
  await publishEvents(effects, [{ ...event, personId: result.ownerUserId }]);
  return { code: "requested", transferId: result.id };
}
