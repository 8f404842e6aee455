import { alertMail } from "@releve/core/crm/alert-mail";
import { alertMessage, readAlertMessage, unsubscribePath, unsubscribeToken } from "@releve/core/crm/alerts";
import type { Db } from "@releve/db";
import { claimAlerts, dueAlertOwners, releaseAlerts } from "@releve/db/crm/alerts";
import { d1Message } from "@releve/db/platform/d1-errors";
import { type MailSender, mailSender } from "@releve/db/platform/outbox";
import { BASE_LOCALE, toLocale } from "@releve/i18n";
import { retryDelaySeconds } from "./consume-scans";
import type { ScanJobsEnv } from "./env";

/** The alerts queue's name (wrangler.jsonc), as a batch reports it. Not exported by index.ts: a main module's exports are entrypoints. */
export const ALERTS_QUEUE = "releve-alerts";

/**
 * One batch of the alerts queue (issue #33, decision 0058). Each message names an owner who may
 * have something to hear of; messages for the same owner are handled once. For each owner the
 * pending alerts are claimed (exactly one consumer wins) and mailed together; if the mail cannot
 * be sent the claim is released and the owner's messages are retried with back-off, then
 * dead-lettered by the platform (wrangler.jsonc). The contacts themselves were stored before any
 * of this: a failure here never loses one. Not due yet (a burst's window, a daily summary):
 * acked, the cron's sweep queues the owner again when it is.
 */
export async function consumeAlerts(
  batch: MessageBatch<unknown>,
  env: ScanJobsEnv,
  db: Db,
  sender: MailSender = mailSender(env, db),
  now = Date.now(),
): Promise<void> {
  const byOwner = new Map<string, Message<unknown>[]>();
  for (const message of batch.messages) {
    const body = readAlertMessage(message.body);
    if (!body) {
      console.warn(`[alerts] message ${message.id} is not an alert message; dropped`);
      message.ack();
      continue;
    }
    byOwner.set(body.ownerUserId, [...(byOwner.get(body.ownerUserId) ?? []), message]);
  }
  for (const [ownerUserId, messages] of byOwner) {
    try {
      await mailOwner(env, db, sender, ownerUserId, now);
      for (const m of messages) m.ack();
    } catch (error) {
      console.warn(`[alerts] owner ${ownerUserId}: ${d1Message(error)}; retrying`);
      for (const m of messages) m.retry({ delaySeconds: retryDelaySeconds(m.attempts) });
    }
  }
}

async function mailOwner(env: ScanJobsEnv, db: Db, sender: MailSender, ownerUserId: string, now: number) {
  const claim = await claimAlerts(db, ownerUserId, now);
  if (claim.status !== "claimed") return;
  const token = await unsubscribeToken(env.SESSION_SECRET, ownerUserId);
  const mail = alertMail({
    to: claim.owner.email,
    firstName: claim.owner.firstName,
    frequency: claim.owner.frequency,
    entries: claim.entries,
    origin: env.PUBLIC_ORIGIN,
    unsubscribeUrl: `${env.PUBLIC_ORIGIN}${unsubscribePath(token)}`,
    // In the owner's language (issue #34): their stored choice, else English.
    locale: toLocale(claim.owner.locale) ?? BASE_LOCALE,
  });
  try {
    await sender.send(mail);
  } catch (error) {
    await releaseAlerts(db, ownerUserId, claim);
    throw error;
  }
}

/** Queues every owner whose alerts are due (a burst's window ended, the day's summary): the cron's sweep. */
export async function queueDueAlerts(env: ScanJobsEnv, db: Db, now = Date.now()): Promise<number> {
  const owners = await dueAlertOwners(db, now, 500);
  // sendBatch takes at most 100 messages.
  for (let i = 0; i < owners.length; i += 100) {
    await env.ALERTS.sendBatch(owners.slice(i, i + 100).map((id) => ({ body: alertMessage(id) })));
  }
  return owners.length;
}
