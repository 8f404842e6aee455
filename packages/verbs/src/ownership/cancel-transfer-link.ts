import type { DomainEvent } from "@releve/core/platform/events";
import { cancelTransferLink as cancelLink } from "@releve/db/ownership/commands";
import { ownsGarment } from "@releve/db/ownership/queries";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type CancelTransferLinkOutcome = { code: "cancelled" | "not_owned" | "no_live_link" };

/**
 * An owner cancels their live transfer link (issue #32), with its transfer.link_cancelled event.
 * Nothing to cancel: `not_owned` for a piece not theirs, `no_live_link` for their own.
 */
export async function cancelTransferLink(
  effects: Effects,
  input: { garmentId: number; userId: string },
): Promise<CancelTransferLinkOutcome> {
  let event: DomainEvent | undefined;
  const eventFor = (transferId: number) => {
    event = domainEvent("transfer.link_cancelled", {
      actor: effects.actor,
      subjects: { garmentId: input.garmentId },
      payload: { transferId },
      at: effects.now(),
    });
    return event;
  };
  const cancelled = await cancelLink(effects.db, input, effects.now().getTime(), eventFor);
  if (!cancelled || !event) {
    return { code: (await ownsGarment(effects.db, input.garmentId, input.userId)) ? "no_live_link" : "not_owned" };
  }
  await publishEvents(effects, [event]);
  return { code: "cancelled" };
}
