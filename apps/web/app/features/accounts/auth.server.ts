import { hashPassword, verifyPassword } from "@releve/core";
import { AUTH_MESSAGES, MAIL_LIMITS } from "@releve/core/accounts/auth-constants";
import { signInDelayMs } from "@releve/core/accounts/sign-in-delay";
import { senderNetwork } from "@releve/core/tap/sender-network";
import type { AuthTokenPurpose, Db } from "@releve/db";
import {
  insertAuthToken,
  insertUser,
  markEmailVerified,
  recordSignInAttempt,
  setPasswordSpendingResetTokens,
  spendAuthToken,
} from "@releve/db/accounts/commands";
import { countFailedSignIns, findAuthToken, findUserForSignIn, findUserIdByEmail } from "@releve/db/accounts/queries";
import { takeLimits } from "@releve/db/platform/rate-limits";
import { randomToken, sha256Hex } from "../../../../../packages/core/src/platform/crypto";
import { type EmailSender, passwordResetEmail, signupAttemptEmail, verificationEmail } from "../../lib/email.server";

export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
/** Failures for one email from one sender network that lock that network out of that email. */
export const MAX_FAILURES_PER_EMAIL_NETWORK = 5;
export const MAX_FAILURES_PER_IP = 20;
export const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 24 * 60 * 60 * 1000,
};

// Verifying against this keeps an unknown email as slow as a wrong password (no enumeration by timing).
const DUMMY_HASH = "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type AuthResult =
  | { ok: true; userId: string; adminRole: string | null }
  | { ok: false; reason: "invalid" | "locked" };

/**
 * Checks a password (decision 0041, superseding 0007's and 0031's lock-out). A sender network
 * (an IPv4 address or an IPv6 /64) is locked out of an email after 5 failures for it since its
 * last success from there, and out of every email after 20 failures, whatever succeeds from it:
 * a stranger's guesses never lock the owner out from another network. An email failing from many
 * networks is slowed instead: every answer for it waits `signInDelayMs` of its recent failures
 * (through `wait`, so a test can see the wait asked for), the right password too.
 */
export async function authenticate(
  db: Db,
  input: { email: string; password: string; ip: string | null },
  now = Date.now(),
  wait: (ms: number) => Promise<void> = sleep,
): Promise<AuthResult> {
  const network = senderNetwork(input.ip);
  const failed = await countFailedSignIns(db, { email: input.email, network }, new Date(now - LOCKOUT_WINDOW_MS));
  if (failed.byEmailNetwork >= MAX_FAILURES_PER_EMAIL_NETWORK || failed.byNetwork >= MAX_FAILURES_PER_IP)
    return { ok: false, reason: "locked" };
  const delay = signInDelayMs(failed.byEmail);
  if (delay > 0) await wait(delay);
  const user = await findUserForSignIn(db, input.email);
  const valid = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
  await recordSignInAttempt(db, {
    email: input.email,
    ip: network,
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
 * Counts one mail of `kind` to `email` asked from `ip` (decisions 0031, 0041): null when it may
 * go, else the message to show. Counted whether or not an account has the address, before anyone
 * looks it up. Reset mails count per address and sender network together, so a stranger's share
 * is not the owner's; verification mails (sign-ups) per address.
 */
export async function takeMailLimits(
  db: Db,
  kind: MailKind,
  who: { email: string; ip: string | null },
  now = Date.now(),
): Promise<string | null> {
  const { windowMs } = MAIL_LIMITS;
  const email = who.email.toLowerCase();
  const network = senderNetwork(who.ip);
  const perAddress =
    kind === "password_reset"
      ? {
          bucket: "password_reset_email_network",
          // An unknown network is one network of its own: the address is still limited.
          value: `${email}\n${network ?? ""}`,
          limit: MAIL_LIMITS.password_reset.perEmailNetwork,
          windowMs,
        }
      : { bucket: "email_verification_email", value: email, limit: MAIL_LIMITS.email_verification.perEmail, windowMs };
  const perNetwork = { bucket: `${kind}_ip`, value: network, limit: MAIL_LIMITS[kind].perIp, windowMs };
  const full = await takeLimits(db, [perAddress, perNetwork], now);
  if (full === null) return null;
  if (full === perAddress.bucket) return AUTH_MESSAGES.mailLimitedEmail;
  return kind === "email_verification" ? AUTH_MESSAGES.signupLimited : AUTH_MESSAGES.mailLimitedIp;
}

export type SignUpResult = { ok: true } | { ok: false; reason: "rate_limited"; message: string };

type Mail = { sender: EmailSender; origin: string };

/**
 * Sign-up without enumeration (issue #28, decision 0041): a new and a taken address get the same
 * answer after the same work. The mail limits are taken first, before the address is looked up;
 * the password is hashed either way; then, in `defer` when given (the route passes `waitUntil`,
 * so the answer waits for neither), a new address gets its account and the verification link
 * (which signs it in), a taken one a mail to its owner. Nothing signs anyone in here.
 */
export async function signUp(
  db: Db,
  input: { firstName: string; lastName: string; email: string; password: string; ip: string | null },
  mail: Mail,
  opts: { now?: number; defer?: (work: Promise<void>) => void } = {},
): Promise<SignUpResult> {
  const limited = await takeMailLimits(db, "email_verification", { email: input.email, ip: input.ip }, opts.now);
  if (limited) return { ok: false, reason: "rate_limited", message: limited };
  const passwordHash = await hashPassword(input.password);
  const work = createAccountOrTellOwner(db, { ...input, passwordHash }, mail, opts.now);
  if (opts.defer) opts.defer(work);
  else await work;
  return { ok: true };
}

async function createAccountOrTellOwner(
  db: Db,
  input: { firstName: string; lastName: string; email: string; passwordHash: string },
  mail: Mail,
  now = Date.now(),
): Promise<void> {
  const tellOwner = () =>
    mail.sender.send(
      signupAttemptEmail(input.email, {
        signIn: `${mail.origin}/auth`,
        reset: `${mail.origin}/auth?mode=forgot`,
      }),
    );
  if (await findUserIdByEmail(db, input.email)) return tellOwner();
  const userId = crypto.randomUUID();
  try {
    await insertUser(db, {
      id: userId,
      email: input.email,
      password_hash: input.passwordHash,
      first_name: input.firstName,
      last_name: input.lastName,
    });
  } catch (error) {
    // Lost a race with a concurrent sign-up of the same email: the unique index decided.
    if (String(error).includes("UNIQUE")) return tellOwner();
    throw error;
  }
  await sendVerificationEmail(db, { userId, email: input.email }, mail, now);
}

/**
 * Mails a verification link (the caller took the mail limits: `takeMailLimits`). The mail
 * carries nothing the sender typed but the address: it goes to an address nobody has proved
 * is theirs, so a stranger's name or text must not ride on it.
 */
async function sendVerificationEmail(
  db: Db,
  user: { userId: string; email: string },
  mail: Mail,
  now = Date.now(),
): Promise<void> {
  const token = await issueToken(db, user.userId, "email_verification", now);
  const url = `${mail.origin}/auth/verified?token=${encodeURIComponent(token)}`;
  await mail.sender.send(verificationEmail(user.email, url));
}

/**
 * Spends a verification link and marks the address verified: the account's user id, whose
 * session the link then starts (decision 0041), or null for a spent, expired or unknown link.
 */
export async function verifyEmail(db: Db, token: string, now = Date.now()): Promise<string | null> {
  const userId = await consumeToken(db, token, "email_verification", now);
  if (!userId) return null;
  await markEmailVerified(db, userId, new Date(now));
  return userId;
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
