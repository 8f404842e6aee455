import { hashPassword } from "@releve/core/accounts/password";
import { setPasswordSpendingResetTokens } from "@releve/db/accounts/commands";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";
import { type SpentToken, spendToken } from "./auth-tokens";

export type SetPasswordOutcome =
  | { code: "set"; userId: string; via: "reset" | "invitation" }
  | { code: "invalid_token" };

/**
 * Sets an account's password through a mailed link: a reset, or an invited client's first
 * (staff's 'Create client' mails a link to the same page, issue #18). The link is spent, and
 * with it every outstanding reset link of the account; the link came to the account's address,
 * so an unverified address becomes verified. One `account.password_set` event in the password's
 * batch. A spent, expired or unknown link changes and records nothing. Ending the account's
 * other sessions and starting a new one is the caller's (sessions are not domain changes).
 */
export async function setPassword(
  effects: Effects,
  input: { token: string; password: string },
): Promise<SetPasswordOutcome> {
  const now = effects.now();
  const spent = await spendToken(effects.db, input.token, "password_reset", now.getTime());
  if (!spent) return { code: "invalid_token" };
  const via = linkKind(spent);
  const event = domainEvent("account.password_set", {
    actor: effects.actor,
    personId: spent.userId,
    payload: { via },
    at: now,
  });
  const passwordHash = await hashPassword(input.password);
  // The account went between the link's spending and now: nothing set, nothing recorded.
  if (!(await setPasswordSpendingResetTokens(effects.db, spent.userId, passwordHash, now, event))) {
    return { code: "invalid_token" };
  }
  await publishEvents(effects, [event]);
  return { code: "set", userId: spent.userId, via };
}

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Both links are `password_reset` tokens; an invitation's lives a week (INVITATION_TTL_MS), a
 * reset's an hour (TOKEN_TTL_MS): one that lived longer than a day was an invitation.
 */
function linkKind(token: SpentToken): "reset" | "invitation" {
  const lifetime = token.expiresAt.getTime() - token.issuedAt.getTime();
  return lifetime > ONE_DAY_MS ? "invitation" : "reset";
}
