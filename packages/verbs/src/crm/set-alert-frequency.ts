import type { AlertFrequency } from "@releve/core/crm/alerts";
import { setAlertFrequency as saveFrequency } from "@releve/db/crm/alerts";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

/**
 * An owner chooses how often they hear of new connections (issue #33), from their settings or an
 * alert mail's unsubscribe link; turning alerts off drops what was waiting to be mailed. The
 * alerts.frequency_changed event is written in the same batch, only if the setting changed.
 * `previous`: the setting before; `no_user` when there is no such account (nothing changes).
 */
export async function setAlertFrequency(
  effects: Effects,
  input: { userId: string; frequency: AlertFrequency; via: "settings" | "unsubscribe" },
): Promise<{ code: "set"; previous: AlertFrequency } | { code: "no_user" }> {
  const at = effects.now();
  const event = domainEvent("alerts.frequency_changed", {
    actor: effects.actor,
    payload: { frequency: input.frequency, via: input.via },
    at,
  });
  const previous = await saveFrequency(effects.db, input.userId, input.frequency, at.getTime(), event);
  if (previous === null) return { code: "no_user" };
  if (previous !== input.frequency) await publishEvents(effects, [event]);
  return { code: "set", previous };
}
