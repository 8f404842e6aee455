import { setActiveEvent as chooseActiveEvent, type SetActiveResult } from "@releve/db/crm/commands";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type SetActiveEventOutcome = { code: SetActiveResult };

/**
 * An owner chooses the event their new taps and contacts are filed under, or none (`eventId`
 * null): their profile and their tap records carry it before this returns, with its
 * owner_event.activated event. Only one of this owner's events flagged active and not over (its
 * day not yet gone, issue #49) can be chosen:
 * `not_found` otherwise, `no_profile` without a profile; neither changes nor records anything.
 */
export async function setActiveEvent(
  effects: Effects,
  input: { userId: string; eventId: number | null },
): Promise<SetActiveEventOutcome> {
  const event = domainEvent("owner_event.activated", {
    actor: effects.actor,
    payload: { eventId: input.eventId },
    at: effects.now(),
  });
  const code = await chooseActiveEvent(effects.db, effects.tap, input.userId, input.eventId, event);
  if (code === "set" || code === "cleared") await publishEvents(effects, [event]);
  return { code };
}
