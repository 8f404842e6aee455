import { markEmailVerified } from "@releve/db/accounts/commands";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";
import { spendToken } from "./auth-tokens";

export type VerifyEmailOutcome = { code: "verified"; userId: string } | { code: "invalid_token" };

/**
 * Spends a mailed verification link and marks the account's address verified, with one
 * `account.email_verified` event (whoever opened the link acts; the account is the person it
 * concerns) in the same batch. The caller then starts the account's session (decision 0041). A
 * spent, expired or unknown link changes and records nothing.
 */
export async function verifyEmail(effects: Effects, input: { token: string }): Promise<VerifyEmailOutcome> {
  const now = effects.now();
  const spent = await spendToken(effects.db, input.token, "email_verification", now.getTime());
  if (!spent) return { code: "invalid_token" };
  const event = domainEvent("account.email_verified", {
    actor: effects.actor,
    personId: spent.userId,
    payload: {},
    at: now,
  });
  // The account went between the link's spending and now: nothing to verify, nothing recorded.
  if (!(await markEmailVerified(effects.db, spent.userId, now, event))) return { code: "invalid_token" };
  await publishEvents(effects, [event]);
  return { code: "verified", userId: spent.userId };
}
