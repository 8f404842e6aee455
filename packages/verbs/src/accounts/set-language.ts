import { setUserLocale } from "@releve/db/accounts/locale";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type SetLanguageOutcome = { code: "set" } | { code: "no_user" };

/**
 * A signed-in person chooses the language the site speaks to them, and their mail (issue #34).
 * A new choice leaves one `profile.language_changed` event in the same batch; choosing the
 * language already stored records nothing; an unknown account changes nothing.
 */
export async function setLanguage(
  effects: Effects,
  input: { userId: string; locale: string },
): Promise<SetLanguageOutcome> {
  const event = domainEvent("profile.language_changed", {
    actor: effects.actor,
    payload: { locale: input.locale },
    at: effects.now(),
  });
  const result = await setUserLocale(effects.db, input.userId, input.locale, event);
  if (result === "no_user") return { code: "no_user" };
  if (result === "changed") await publishEvents(effects, [event]);
  return { code: "set" };
}
