import { switchNfcSharing } from "@releve/db/accounts/commands";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type SetNfcSharingOutcome = { code: "set" } | { code: "no_profile" };

/**
 * A client turns the sharing of their card at a tap on or off: the next tap of each of their
 * garments answers it. The switch moving leaves one `profile.sharing_changed` event in the same
 * batch; turning on what is on records nothing; a person without a profile changes nothing.
 */
export async function setNfcSharing(
  effects: Effects,
  input: { userId: string; enabled: boolean },
): Promise<SetNfcSharingOutcome> {
  const event = domainEvent("profile.sharing_changed", {
    actor: effects.actor,
    payload: { enabled: input.enabled },
    at: effects.now(),
  });
  const result = await switchNfcSharing(effects.db, effects.tap, input.userId, input.enabled, event);
  if (result === "no_profile") return { code: "no_profile" };
  if (result === "changed") await publishEvents(effects, [event]);
  return { code: "set" };
}
