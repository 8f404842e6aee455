import { randomToken, sha256Hex } from "@releve/core/platform/crypto";
import type { AuthTokenPurpose, Db } from "@releve/db";
import { insertAuthToken } from "@releve/db/accounts/commands";

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
