import { hashPassword, verifyPassword } from "@releve/core";
import { AUTH_MESSAGES, MAIL_LIMITS } from "@releve/core/auth-constants";
import { senderNetwork } from "@releve/core/sender-network";
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
import { takeLimits } from "./rate-limit.server";

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

/**
 * Failed attempts in the window for the email (since its last success: only the password's owner
 * can succeed) and for the IP's network (every failure: a success from there wipes nothing).
 */
async function isLockedOut(db: Db, email: string, ip: string | null, now: number): Promise<boolean> {
  const { byEmail, byIp } = await countFailedSignIns(db, { email, ip }, new Date(now - LOCKOUT_WINDOW_MS));
  return byEmail >= MAX_FAILURES_PER_EMAIL || byIp >= MAX_FAILURES_PER_IP;
}

export async function authenticate(
  db: Db,
  input: { email: string; password: string; ip: string | null },
  now = Date.now(),
): Promise<AuthResult> {
  // An IPv6 sender is its /64: every address in it is the same guesser.
  const ip = senderNetwork(input.ip);
  if (await isLockedOut(db, input.email, ip, now)) return { ok: false, reason: "locked" };
  const user = await findUserForSignIn(db, input.email);
  const valid = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
  await recordSignInAttempt(db, {
    email: input.email,
    ip,
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

export type MailKind = keyof Omit<typeof MAIL_LIMITS, "windowMs">;

/**
 * Counts one mail of `kind` to `email` asked from `ip` (decision 0031): null when it may go,
 * else the message to show. Counted whether or not an account has the address.
 */
export async function takeMailLimits(
  db: Db,
  kind: MailKind,
  who: { email: string; ip: string | null },
  now = Date.now(),
): Promise<string | null> {
  const { windowMs, [kind]: limits } = MAIL_LIMITS;
  const full = await takeLimits(
    db,
    [
      { bucket: `${kind}_email`, value: who.email.toLowerCase(), limit: limits.perEmail, windowMs },
      { bucket: `${kind}_ip`, value: senderNetwork(who.ip), limit: limits.perIp, windowMs },
    ],
    now,
  );
  if (full === null) return null;
  if (full.endsWith("_email")) return AUTH_MESSAGES.mailLimitedEmail;
  return kind === "email_verification" ? AUTH_MESSAGES.signupLimited : AUTH_MESSAGES.mailLimitedIp;
}

export type SignUpResult =
  | { ok: true; userId: string }
  | { ok: false; reason: "email_taken" }
  | { ok: false; reason: "rate_limited"; message: string };

/**
 * Creates the account and mails the verification link; refused before anything is written
 * when that mail would be over its limits.
 */
export async function signUp(
  db: Db,
  input: { firstName: string; lastName: string; email: string; password: string; ip: string | null },
  mail: { sender: EmailSender; origin: string },
  now = Date.now(),
): Promise<SignUpResult> {
  if (await findUserIdByEmail(db, input.email)) return { ok: false, reason: "email_taken" };
  const limited = await takeMailLimits(db, "email_verification", { email: input.email, ip: input.ip }, now);
  if (limited) return { ok: false, reason: "rate_limited", message: limited };
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
  await sendVerificationEmail(db, { userId, email: input.email }, mail);
  return { ok: true, userId };
}

/**
 * Mails a verification link (the caller took the mail limits: `takeMailLimits`). The mail
 * carries nothing the sender typed but the address: it goes to an address nobody has proved
 * is theirs, so a stranger's name or text must not ride on it.
 */
async function sendVerificationEmail(
  db: Db,
  user: { userId: string; email: string },
  mail: { sender: EmailSender; origin: string },
): Promise<void> {
  const token = await issueToken(db, user.userId, "email_verification");
  const url = `${mail.origin}/auth/verified?token=${encodeURIComponent(token)}`;
  await mail.sender.send(verificationEmail(user.email, url));
}

export async function verifyEmail(db: Db, token: string, now = Date.now()): Promise<boolean> {
  const userId = await consumeToken(db, token, "email_verification", now);
  if (!userId) return false;
  await markEmailVerified(db, userId, new Date(now));
  return true;
}

export type ResetRequestResult = { ok: true } | { ok: false; reason: "rate_limited"; message: string };

/**
 * Answers alike whether or not an account has the address: the mail limits are taken for any
 * address, and the account is looked up and mailed afterwards, in `defer` when given (the
 * route passes `waitUntil`, so both cases answer at the same speed), else awaited.
 */
export async function requestPasswordReset(
  db: Db,
  who: { email: string; ip: string | null },
  mail: { sender: EmailSender; origin: string },
  opts: { now?: number; defer?: (sending: Promise<void>) => void } = {},
): Promise<ResetRequestResult> {
  const limited = await takeMailLimits(db, "password_reset", who, opts.now);
  if (limited) return { ok: false, reason: "rate_limited", message: limited };
  const sending = sendPasswordReset(db, who.email, mail, opts.now);
  if (opts.defer) opts.defer(sending);
  else await sending;
  return { ok: true };
}

async function sendPasswordReset(
  db: Db,
  email: string,
  mail: { sender: EmailSender; origin: string },
  now = Date.now(),
): Promise<void> {
  const userId = await findUserIdByEmail(db, email);
  if (!userId) return;
  const token = await issueToken(db, userId, "password_reset", now);
  await mail.sender.send(passwordResetEmail(email, `${mail.origin}/reset-password?token=${encodeURIComponent(token)}`));
}

/**
 * Sets the new password and spends every outstanding reset token of that user. The link came
 * to the account's address (a reset or an admin's invitation), so the email is verified too.
 */
export async function resetPassword(db: Db, token: string, password: string, now = Date.now()): Promise<string | null> {
  const userId = await consumeToken(db, token, "password_reset", now);
  if (!userId) return null;
  await setPasswordSpendingResetTokens(db, userId, await hashPassword(password), new Date(now));
  return userId;
}
