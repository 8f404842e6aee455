import type { OnboardingInput, ProfileInput } from "@releve/core/profile";
import type { Db } from "@releve/db";
import { getProfile, insertProfile, setNfcSharingEnabled, updateProfile } from "@releve/db/profiles";
import { refreshOwnerTapRoutes } from "@releve/db/tap-cache";
import { tapStores, type WebEnv } from "../env.server";

export { getProfile };

/**
 * Creates or updates the user's one profile (email always from the account), then keeps
 * the tap cache coherent: sharing on/off changes where a visitor's tap lands.
 */
export async function saveProfile(
  env: WebEnv,
  db: Db,
  user: { userId: string; email: string },
  input: ProfileInput | (OnboardingInput & { onboarded: true }),
): Promise<{ created: boolean }> {
  const existing = await getProfile(db, user.userId);
  const { onboarded, ...fields } = { onboarded: false, ...input };
  const values = {
    ...fields,
    email: user.email,
    ...(onboarded ? { profile_complete: true, onboarded_at: new Date() } : {}),
  };
  if (existing) {
    await updateProfile(db, existing.id, values);
  } else {
    await insertProfile(db, { ...values, user_id: user.userId });
  }
  if (!existing || existing.nfc_sharing_enabled !== values.nfc_sharing_enabled) {
    await refreshOwnerTapRoutes(tapStores(env), user.userId);
  }
  return { created: !existing };
}

export async function setNfcSharing(env: WebEnv, db: Db, userId: string, enabled: boolean): Promise<boolean> {
  if (!(await setNfcSharingEnabled(db, userId, enabled))) return false;
  await refreshOwnerTapRoutes(tapStores(env), userId);
  return true;
}
