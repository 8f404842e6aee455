import { passwordResetEmail } from "@releve/core/accounts/mails";
import { findUserIdByEmail } from "@releve/db/accounts/queries";
import type { Effects } from "../effects";
import { issueToken } from "./auth-tokens";
import { type MailLimited, mailLimited, takeMailLimits } from "./mail-limits";

export type PasswordResetOutcome = { code: "accepted" } | MailLimited;

/**
 * "Forgot password" answers alike whether or not an account has the address: the mail limits
 * are taken for any address; the account is looked up and mailed its link afterwards (after the
 * answer with `defer`, so both cases answer at the same speed), else awaited.
 */
export async function requestPasswordReset(
  effects: Effects,
  who: { email: string; ip: string | null },
  opts: { now?: number; defer?: boolean } = {},
): Promise<PasswordResetOutcome> {
  const limited = await takeMailLimits(effects.db, "password_reset", who, opts.now);
  if (limited) return mailLimited(limited);
  const sending = sendPasswordReset(effects, who.email, opts.now);
  if (opts.defer) effects.waitUntil(sending.catch((error) => console.error("[reset-email]", error)));
  else await sending;
  return { code: "accepted" };
}

async function sendPasswordReset(effects: Effects, email: string, now = Date.now()): Promise<void> {
  const userId = await findUserIdByEmail(effects.db, email);
  if (!userId) return;
  const token = await issueToken(effects.db, userId, "password_reset", now);
  const url = `${effects.origin}/reset-password?token=${encodeURIComponent(token)}`;
  await effects.mail.send(passwordResetEmail(email, url));
}
