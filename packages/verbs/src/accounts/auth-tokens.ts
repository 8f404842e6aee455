import { randomToken, sha256Hex } from "@releve/core/platform/crypto";
import type { AuthTokenPurpose, Db } from "@releve/db";
import { insertAuthToken, spendAuthToken } from "@releve/db/accounts/commands";

export const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 24 * 60 * 60 * 1000,
};

/** A new single-use link token for `userId`: stored as its hash, valid TOKEN_TTL_MS; the token itself. */
export async function issueToken(db: Db, userId: string, purpose: AuthTokenPurpose, now = Date.now()): Promise<string> {
  const token = randomToken();
  await insertAuthToken(db, {
    user_id: userId,
    purpose,
    token_hash: await sha256Hex(token),
    expires_at: new Date(now + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

export type SpentToken = NonNullable<Awaited<ReturnType<typeof spendAuthToken>>>;

/**
 * Spends a single-use link token atomically: of two concurrent uses exactly one gets it (its
 * user id, when it was issued and until when it was good); a spent, expired, unknown or
 * oversized token is null.
 */
export async function spendToken(
  db: Db,
  token: string,
  purpose: AuthTokenPurpose,
  now = Date.now(),
): Promise<SpentToken | null> {
  if (!token || token.length > 200) return null;
  return spendAuthToken(db, await sha256Hex(token), purpose, new Date(now));
}
