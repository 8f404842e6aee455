import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { ScanMessage } from "@releve/core/tap/scan-message";
import { getDb } from "@releve/db";
import { vi } from "vitest";
import worker from "../src/index";

export const db = getDb(env.DB);

export const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

export function scanMessage(over: Partial<ScanMessage> & Pick<ScanMessage, "slug" | "garmentId">): ScanMessage {
  return {
    v: 1,
    scanId: crypto.randomUUID(),
    source: "tap",
    ownerUserId: null,
    viewerKind: "anonymous",
    activeEventId: null,
    city: "Paris",
    country: "FR",
    userAgent: IPHONE_SAFARI,
    scannedAt: Date.now(),
    ...over,
  };
}

let seq = 0;
/**
 * Delivers bodies to the real queue handler as one batch; returns what it acked and retried,
 * and the back-off asked for each retry (getQueueResult does not report delays).
 */
export async function deliver(bodies: unknown[], opts: { attempts?: number } = {}) {
  const messages = bodies.map((body) => ({
    id: `msg-${++seq}`,
    timestamp: new Date(),
    attempts: opts.attempts ?? 1,
    body,
  }));
  const batch = createMessageBatch("releve-scans", messages);
  const retrySpies = batch.messages.map((m) => [m.id, vi.spyOn(m, "retry")] as const);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  const result = await getQueueResult(batch, ctx);
  const delays = Object.fromEntries(
    retrySpies
      .filter(([, spy]) => spy.mock.calls.length > 0)
      .map(([id, spy]) => [id, spy.mock.calls[0]?.[0]?.delaySeconds]),
  );
  return { ids: messages.map((m) => m.id), result, delays };
}
