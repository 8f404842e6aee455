import { AUTH_MESSAGES, MAIL_LIMITS } from "@releve/core/accounts/auth-constants";
import { senderNetwork } from "@releve/core/tap/sender-network";
import type { Db } from "@releve/db";
import { takeLimits } from "@releve/db/platform/rate-limits";

export type MailKind = keyof Omit<typeof MAIL_LIMITS, "windowMs">;

/**
 * Which limit a mail met, by its message's code (a key of AUTH_MESSAGES): the address's, the
 * sender network's for a reset, the sender network's for a sign-up.
 */
export type MailLimit = "mailLimitedEmail" | "mailLimitedIp" | "signupLimited";

/** A mail refused by its limits: which one (for a page to say) and its English (for the API and tests). */
export type MailLimited = { code: "rate_limited"; limit: MailLimit; message: string };

export const mailLimited = (limit: MailLimit): MailLimited => ({
  code: "rate_limited",
  limit,
  message: AUTH_MESSAGES[limit],
});

/**
 * Counts one mail of `kind` to `email` asked from `ip` (decisions 0031, 0041): null when it may
 * go, else the limit it met. Counted whether or not an account has the address, before anyone
 * looks it up. Reset mails count per address and sender network together, so a stranger's share
 * is not the owner's; verification mails (sign-ups) per address.
 */
export async function takeMailLimits(
  db: Db,
  kind: MailKind,
  who: { email: string; ip: string | null },
  now = Date.now(),
): Promise<MailLimit | null> {
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
  if (full === perAddress.bucket) return "mailLimitedEmail";
  return kind === "email_verification" ? "signupLimited" : "mailLimitedIp";
}
