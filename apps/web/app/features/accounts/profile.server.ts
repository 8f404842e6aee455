import type { OnboardingInput, ProfileInput } from "@releve/core/accounts/profile";
import type { Db } from "@releve/db";
import { saveProfile as saveProfileRow } from "@releve/db/accounts/commands";
import { getProfile } from "@releve/db/accounts/queries";
import type { TapStores } from "@releve/db/tap/cache";

export { getProfile };

/**
 * The profile form's values as the profile row takes them: the email always from the account,
 * and onboarding's first save marks the profile complete. The command keeps the taps true.
 */
export async function saveProfile(
  db: Db,
  tap: TapStores,
  user: { userId: string; email: string },
  input: ProfileInput | (OnboardingInput & { onboarded: true }),
): Promise<{ created: boolean }> {
  const { onboarded, ...fields } = { onboarded: false, ...input };
  return saveProfileRow(db, tap, user.userId, {
    ...fields,
    email: user.email,
    ...(onboarded ? { profile_complete: true, onboarded_at: new Date() } : {}),
  });
}
