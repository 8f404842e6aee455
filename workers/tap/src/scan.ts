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

/** Runs inside waitUntil, after the redirect has gone out. */
export async function sendScan(env: TapEnv, input: ScanInput): Promise<void> {
  const message = await buildScanMessage(env.SESSION_SECRET, input);
  if (recentlySent.has(message.scanId)) return;
  if (recentlySent.size >= RECENT_LIMIT) recentlySent.clear();
  recentlySent.add(message.scanId);
  try {
    await env.SCANS.send(message, { contentType: "json" });
  } catch (error) {
    recentlySent.delete(message.scanId);
    console.error(`[tap] scan for ${message.slug} not enqueued`, error);
  }
}
