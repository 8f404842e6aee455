import type { OnboardingInput, ProfileInput } from "@releve/core/profile";
import type { Db } from "@releve/db";
import { getProfile, saveProfile as saveProfileRow } from "@releve/db/profiles";
import { tapStores, type WebEnv } from "../env.server";

export { getProfile };

/**
 * The profile form's values as the profile row takes them: the email always from the account,
 * and onboarding's first save marks the profile complete. The command keeps the taps true.
 */
export async function saveProfile(
  env: WebEnv,
  db: Db,
  user: { userId: string; email: string },
  input: ProfileInput | (OnboardingInput & { onboarded: true }),
): Promise<{ created: boolean }> {
  const { onboarded, ...fields } = { onboarded: false, ...input };
  return saveProfileRow(db, tapStores(env), user.userId, {
    ...fields,
    email: user.email,
    ...(onboarded ? { profile_complete: true, onboarded_at: new Date() } : {}),
  });
}
