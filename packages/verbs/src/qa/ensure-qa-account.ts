import { hashPassword } from "@releve/core/accounts/password";
import { domainEvent } from "@releve/db/platform/events";
import { ensureQaAccount as makeOrRestore, type QaAccountProfile } from "@releve/db/qa/commands";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type EnsureQaAccountOutcome = { code: "created" | "restored"; userId: string };

/** A password nobody keeps: the QA account cannot be signed into, only used by a run. */
const unusablePassword = () => hashPassword(crypto.randomUUID() + crypto.randomUUID());

/**
 * The account an e2e run signs in as (issue #20): a verified client with a known profile, made
 * on the first run with its qa.account_created event (the account as the person it concerns) in
 * the same batch, and put back to that profile on every run (`restored`: nothing recorded).
 */
export async function ensureQaAccount(
  effects: Effects,
  input: { account: QaAccountProfile },
): Promise<EnsureQaAccountOutcome> {
  const event = domainEvent("qa.account_created", { actor: effects.actor, payload: {}, at: effects.now() });
  const { userId, created } = await makeOrRestore(effects.db, input.account, unusablePassword, event);
  if (!created) return { code: "restored", userId };
  await publishEvents(effects, [event]);
  return { code: "created", userId };
}
