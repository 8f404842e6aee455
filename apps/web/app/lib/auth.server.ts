import { hashPassword, verifyPassword } from "@releve/core";
import type { AuthTokenPurpose, Db } from "@releve/db";
import {
  countFailedSignIns,
  findAuthToken,
  findUserForSignIn,
  findUserIdByEmail,
  insertAuthToken,
  insertUser,
  markEmailVerified,
  recordSignInAttempt,
  setPasswordSpendingResetTokens,
  spendAuthToken,
} from "@releve/db/accounts";
import { randomToken, sha256Hex } from "./crypto.server";
import { type EmailSender, passwordResetEmail, verificationEmail } from "./email.server";

export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;
export const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 24 * 60 * 60 * 1000,
};

// Verifying against this keeps an unknown email as slow as a wrong password (no enumeration by timing).
const DUMMY_HASH = "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

export type AuthResult =
  | { ok: true; userId: string; adminRole: string | null }
  | { ok: false; reason: "invalid" | "locked" };

/** Failed attempts since the window opened and since the last success, for the email and the IP. */
async function isLockedOut(db: Db, email: string, ip: string | null, now: number): Promise<boolean> {
  const { byEmail, byIp } = await countFailedSignIns(db, { email, ip }, new Date(now - LOCKOUT_WINDOW_MS));
  return byEmail >= MAX_FAILURES_PER_EMAIL || byIp >= MAX_FAILURES_PER_IP;
}

export async function authenticate(
  db: Db,
  input: { email: string; password: string; ip: string | null },
  now = Date.now(),
): Promise<AuthResult> {
  if (await isLockedOut(db, input.email, input.ip, now)) return { ok: false, reason: "locked" };
  const user = await findUserForSignIn(db, input.email);
  const valid = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
  await recordSignInAttempt(db, {
    email: input.email,
    ip: input.ip,
    success: valid && !!user,
    created_at: new Date(now),
  });
  if (!user || !valid) return { ok: false, reason: "invalid" };
  const adminRole = user.adminUser?.is_active ? user.adminUser.role : null;
  return { ok: true, userId: user.id, adminRole };
}

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

/** Checks a token without spending it (to decide whether to show the reset form). */
export async function peekToken(db: Db, token: string, purpose: AuthTokenPurpose, now = Date.now()) {
  if (!token || token.length > 200) return null;
  const row = await findAuthToken(db, await sha256Hex(token), purpose);
  if (!row || row.used_at || row.expires_at.getTime() <= now) return null;
  return row.user_id;
}

/** Spends a single-use token atomically: of two concurrent uses exactly one gets the user id. */
export async function consumeToken(
  db: Db,
  token: string,
  purpose: AuthTokenPurpose,
  now = Date.now(),
): Promise<string | null> {
  if (!token || token.length > 200) return null;
  return spendAuthToken(db, await sha256Hex(token), purpose, new Date(now));
}

export type SignUpResult = { ok: true; userId: string } | { ok: false; reason: "email_taken" };

export async function signUp(
  db: Db,
  input: { firstName: string; lastName: string; email: string; password: string },
  mail: { sender: EmailSender; origin: string },
): Promise<SignUpResult> {
  if (await findUserIdByEmail(db, input.email)) return { ok: false, reason: "email_taken" };
  const userId = crypto.randomUUID();
  try {
    await insertUser(db, {
      id: userId,
      email: input.email,
      password_hash: await hashPassword(input.password),
      first_name: input.firstName,
      last_name: input.lastName,
    });
  } catch (error) {
    // Lost a race with a concurrent sign-up of the same email: the unique index decided.
    if (String(error).includes("UNIQUE")) return { ok: false, reason: "email_taken" };
    throw error;
  }
  await sendVerificationEmail(db, { userId, email: input.email, firstName: input.firstName }, mail);
  return { ok: true, userId };
}

export async function sendVerificationEmail(
  db: Db,
  user: { userId: string; email: string; firstName: string },
  mail: { sender: EmailSender; origin: string },
): Promise<void> {
  const token = await issueToken(db, user.userId, "email_verification");
  const url = `${mail.origin}/auth/verified?token=${encodeURIComponent(token)}`;
  await mail.sender.send(verificationEmail(user.email, user.firstName, url));
}

export async function verifyEmail(db: Db, token: string, now = Date.now()): Promise<boolean> {
  const userId = await consumeToken(db, token, "email_verification", now);
  if (!userId) return false;
  await markEmailVerified(db, userId, new Date(now));
  return true;
}

/** Always succeeds from the caller's point of view: whether the account exists is not revealed. */
export async function requestPasswordReset(
  db: Db,
  email: string,
  mail: { sender: EmailSender; origin: string },
): Promise<void> {
  const userId = await findUserIdByEmail(db, email);
  if (!userId) return;
  const token = await issueToken(db, userId, "password_reset");
  await mail.sender.send(passwordResetEmail(email, `${mail.origin}/reset-password?token=${encodeURIComponent(token)}`));
}

/** Sets the new password and spends every outstanding reset token of that user. */
export async function resetPassword(db: Db, token: string, password: string, now = Date.now()): Promise<string | null> {
  const userId = await consumeToken(db, token, "password_reset", now);
  if (!userId) return null;
  await setPasswordSpendingResetTokens(db, userId, await hashPassword(password), new Date(now));
  return userId;
}
