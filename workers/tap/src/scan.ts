import type { ScanMessage } from "@releve/core/scan-message";
import { buildScanMessage, type ScanInput } from "@releve/core/tap-scan";
import { isbot } from "isbot";
import type { TapEnv } from "./env";

/**
 * Only a person's tap is a scan: not HEAD, not crawlers and link-preview bots (by UA), not a
 * browser prefetch, not a link-tester dry run (`X-Releve-Dry-Run: 1`, which can only ever
 * suppress the sender's own scan).
 */
export function isRealTap(request: Request): boolean {
  if (request.method !== "GET") return false;
  const headers = request.headers;
  if (headers.get("x-releve-dry-run") === "1") return false;
  const purpose = headers.get("sec-purpose") ?? headers.get("purpose");
  if (purpose?.includes("prefetch")) return false;
  return !isbot(headers.get("user-agent"));
}

// Ids this isolate has already enqueued. The burst guard itself is the deterministic scan id
// (D1 drops duplicates, wherever they were answered); this set only spares the queue the
// copies one isolate can already see are duplicates. It never counts anything.
const recentlySent = new Set<string>();
const RECENT_LIMIT = 10_000;

// Scans leave the isolate in batches (decision 0022): each scan waits FLUSH_AFTER_MS inside
// its own request's waitUntil, then sends everything buffered by then with one sendBatch, so a
// burst of taps costs a few queue calls, not one per tap. A scan whose own send finds the
// buffer already taken was sent by an earlier one; a full buffer is sent at once. Every send
// runs in the context of the request making it; other requests only hand over plain data.
const FLUSH_AFTER_MS = 50;
const MAX_BATCH = 100; // Queues: at most 100 messages per sendBatch
let buffer: ScanMessage[] = [];

async function flush(env: TapEnv): Promise<void> {
  const batch = buffer;
  buffer = [];
  if (batch.length === 0) return;
  try {
    await env.SCANS.sendBatch(batch.map((body) => ({ body, contentType: "json" as const })));
  } catch (error) {
    for (const message of batch) recentlySent.delete(message.scanId);
    const slugs = [...new Set(batch.map((m) => m.slug))].join(", ");
    console.error(`[tap] ${batch.length} scan(s) not enqueued (${slugs})`, error);
  }
}

/** Runs inside waitUntil, after the redirect has gone out. */
export async function sendScan(env: TapEnv, input: ScanInput): Promise<void> {
  const message = await buildScanMessage(env.SESSION_SECRET, input);
  if (recentlySent.has(message.scanId)) return;
  if (recentlySent.size >= RECENT_LIMIT) recentlySent.clear();
  recentlySent.add(message.scanId);
  buffer.push(message);
  if (buffer.length < MAX_BATCH) await new Promise((resolve) => setTimeout(resolve, FLUSH_AFTER_MS));
  await flush(env);
}
