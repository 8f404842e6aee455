import { verifyPassword } from "@releve/core";
import { signInDelayMs } from "@releve/core/accounts/sign-in-delay";
import { sha256Hex } from "@releve/core/platform/crypto";
import { senderNetwork } from "@releve/core/tap/sender-network";
import type { AuthTokenPurpose, Db } from "@releve/db";
import { recordSignInAttempt } from "@releve/db/accounts/commands";
import { countFailedSignIns, findAuthToken, findUserForSignIn } from "@releve/db/accounts/queries";
import { spendToken } from "@releve/verbs/accounts/auth-tokens";

export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
/** Failures for one email from one sender network that lock that network out of that email. */
export const MAX_FAILURES_PER_EMAIL_NETWORK = 5;
export const MAX_FAILURES_PER_IP = 20;

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

/** Checks a token without spending it (to decide whether to show the reset form). */
export async function peekToken(db: Db, token: string, purpose: AuthTokenPurpose, now = Date.now()) {
  if (!token || token.length > 200) return null;
  const row = await findAuthToken(db, await sha256Hex(token), purpose);
  if (!row || row.used_at || row.expires_at.getTime() <= now) return null;
  return row.user_id;
}

/**
 * Spends a single-use token atomically: of two concurrent uses exactly one gets the user id.
 * Spending a verification or reset link is the accounts/verify-email and set-password verbs'.
 */
export async function consumeToken(
  db: Db,
  token: string,
  purpose: AuthTokenPurpose,
  now = Date.now(),
): Promise<string | null> {
  return (await spendToken(db, token, purpose, now))?.userId ?? null;
}
