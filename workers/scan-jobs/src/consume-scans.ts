import { ScanMessageSchema } from "@releve/core/tap/scan-message";
import type { Db } from "@releve/db";
import { d1Message } from "@releve/db/platform/d1-errors";
import { insertOneScan, insertScans, type ScanRow, toScanRow } from "@releve/db/tap/commands";
import type { ScanJobsEnv } from "./env";
import { parseUserAgent } from "./user-agent";

/**
 * Deliveries of one message before this consumer gives up and dead-letters it itself, with
 * the reason. wrangler.jsonc's `max_retries` (5) stays as the platform's backstop for a
 * consumer that crashes outright.
 */
export const MAX_ATTEMPTS = 5;

/** 10 s, 20 s, 40 s, 80 s … capped at 10 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(600, 10 * 2 ** Math.max(0, attempts - 1));

type DeadLetter = {
  deadLetter: {
    reason: "invalid_message" | "insert_failed";
    error: string;
    messageId: string;
    attempts: number;
    at: number;
  };
  body: unknown;
};

/**
 * One queue batch: every valid message is written in one D1 batch (one transaction, one
 * round trip) and acked; if that batch fails, each message is tried alone so one bad row
 * cannot hold back the rest, and only the failures are retried with back-off. Messages that
 * fail validation, or keep failing, go to the dead-letter queue. Never throws: a throw would
 * redeliver the whole batch.
 */
export async function consumeScans(batch: MessageBatch<unknown>, env: ScanJobsEnv, db: Db): Promise<void> {
  const valid: Array<{ message: Message<unknown>; row: ScanRow }> = [];
  for (const message of batch.messages) {
    const parsed = ScanMessageSchema.safeParse(message.body);
    if (parsed.success) valid.push({ message, row: toScanRow(parsed.data, parseUserAgent(parsed.data.userAgent)) });
    else await deadLetter(env, message, "invalid_message", parsed.error.message);
  }
  if (valid.length === 0) return;

  try {
    await insertScans(
      db,
      valid.map(({ row }) => row),
    );
    for (const { message } of valid) message.ack();
    return;
  } catch (error) {
    console.warn(`[scan-jobs] batch of ${valid.length} failed, storing one by one:`, d1Message(error));
  }

  for (const { message, row } of valid) {
    try {
      await insertOneScan(db, row);
      message.ack();
    } catch (error) {
      if (message.attempts >= MAX_ATTEMPTS) await deadLetter(env, message, "insert_failed", d1Message(error));
      else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

async function deadLetter(
  env: ScanJobsEnv,
  message: Message<unknown>,
  reason: DeadLetter["deadLetter"]["reason"],
  error: string,
): Promise<void> {
  const letter: DeadLetter = {
    deadLetter: {
      reason,
      error: error.slice(0, 2000),
      messageId: message.id,
      attempts: message.attempts,
      at: Date.now(),
    },
    body: message.body,
  };
  try {
    await env.SCANS_DLQ.send(letter, { contentType: "json" });
    console.warn(`[scan-jobs] dead-lettered message ${message.id} (${reason})`);
    message.ack();
  } catch (sendError) {
    // Could not park it: let the queue redeliver; after max_retries the platform dead-letters it.
    console.warn(`[scan-jobs] dead-letter send failed for ${message.id}:`, d1Message(sendError));
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}
