import type { OnboardingInput, ProfileInput } from "@releve/core/accounts/profile";
import { saveProfile as saveProfileRow } from "@releve/db/accounts/commands";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type SaveProfileOutcome = { code: "saved"; created: boolean };

/**
 * A client saves their profile (what their card shows), or makes it: the email always from the
 * account, and onboarding's first save marks the profile complete. One `profile.updated` event,
 * naming no field, in the same batch; the tap's records are rewritten when sharing changed.
 */
export async function saveProfile(
  effects: Effects,
  input: {
    user: { userId: string; email: string };
    profile: ProfileInput | (OnboardingInput & { onboarded: true });
  },
): Promise<SaveProfileOutcome> {
  const { onboarded, ...fields } = { onboarded: false, ...input.profile };
  const now = effects.now();
  const event = domainEvent("profile.updated", { actor: effects.actor, payload: {}, at: now });
  const { created } = await saveProfileRow(
    effects.db,
    effects.tap,
    input.user.userId,
    {
      ...fields,
      email: input.user.email,
      ...(onboarded ? { profile_complete: true, onboarded_at: now } : {}),
    },
    event,
  );
  await publishEvents(effects, [event]);
  return { code: "saved", created };
}
