import type { OnboardingInput, ProfileInput } from "@releve/core/profile";
import { type Db, type Profile, profiles } from "@releve/db";
import { refreshOwnerTapRoutes } from "@releve/db/tap-cache";
import { eq } from "drizzle-orm";
import { tapStores, type WebEnv } from "../env.server";

export async function getProfile(db: Db, userId: string): Promise<Profile | undefined> {
  return db.query.profiles.findFirst({ where: eq(profiles.user_id, userId) });
}

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
    await db.update(profiles).set(values).where(eq(profiles.id, existing.id));
  } else {
    await db.insert(profiles).values({ ...values, user_id: user.userId });
  }
  if (!existing || existing.nfc_sharing_enabled !== values.nfc_sharing_enabled) {
    await refreshOwnerTapRoutes(tapStores(env), user.userId);
  }
  return { created: !existing };
}

export async function setNfcSharing(env: WebEnv, db: Db, userId: string, enabled: boolean): Promise<boolean> {
  const updated = await db
    .update(profiles)
    .set({ nfc_sharing_enabled: enabled })
    .where(eq(profiles.user_id, userId))
    .returning({ id: profiles.id });
  if (updated.length === 0) return false;
  await refreshOwnerTapRoutes(tapStores(env), userId);
  return true;
}
