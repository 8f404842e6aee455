import type { TapRoute, ViewerKind } from "@releve/core/tap/rules";
import { buildScanMessage, type ScanOrigin, scanOrigin } from "@releve/core/tap/scan";
import type { ScanMessage } from "@releve/core/tap/scan-message";
import type { SuspectReason } from "@releve/core/tap/secure-tap";
import { isbot } from "isbot";
import type { TapEnv } from "./env";
import type { Tap } from "./tap";

/**
 * Whether a request may be a person's tap, from what costs nothing to read: not HEAD, not a
 * browser prefetch. A link-tester dry run is never asked (its marker is a token the shell signs
 * for an admin, checked before: `@releve/core/dry-run`). Crawlers and link-preview bots (by UA)
 * are left out later, when the batch is built.
 */
export function mayBeScan(request: Request): boolean {
  if (request.method !== "GET") return false;
  const headers = request.headers;
  const purpose = headers.get("sec-purpose") ?? headers.get("purpose");
  return !purpose?.includes("prefetch");
}

/** One tap as plain data: everything its scan message needs, nothing tied to the request. */
type Sighting = { route: TapRoute; viewer: ViewerKind; origin: ScanOrigin; now: number; suspect?: SuspectReason };

// Ids this isolate has already enqueued. The burst guard itself is the deterministic scan id
// (D1 drops duplicates, wherever they were answered); this set only spares the queue the
// copies one isolate can already see are duplicates. It never counts anything.
const recentlySent = new Set<string>();
const RECENT_LIMIT = 10_000;

// Scans leave the isolate in batches (decision 0022). On the request's path a tap only appends
// a plain record to `pending`: no crypto, no bot check, and no timer of its own. The tap that
// opens a batch schedules its flush FLUSH_AFTER_MS later in its own waitUntil; that flush drops
// bots, builds every message (the HMAC burst ids) and sends them with one sendBatch. A full
// batch is flushed at once by the tap that filled it. Only a flushing request touches the
// queue binding; the others hand over plain data. Should a scheduled flush not have run a
// second after it was due (its request torn down), the next tap schedules another.
const FLUSH_AFTER_MS = 50;
const FLUSH_GRACE_MS = 1_000;
const MAX_BATCH = 100; // Queues: at most 100 messages per sendBatch
let pending: Sighting[] = [];
/** When the scheduled flush is due; 0 when none is scheduled. */
let flushDueAt = 0;

async function flush(env: TapEnv): Promise<void> {
  const sightings = pending;
  pending = [];
  const messages: ScanMessage[] = [];
  for (const sighting of sightings) {
    if (isbot(sighting.origin.userAgent)) continue;
    const message = await buildScanMessage(env.SESSION_SECRET, { ...sighting, source: "tap" });
    if (recentlySent.has(message.scanId)) continue;
    if (recentlySent.size >= RECENT_LIMIT) recentlySent.clear();
    recentlySent.add(message.scanId);
    messages.push(message);
  }
  if (messages.length === 0) return;
  try {
    await env.SCANS.sendBatch(messages.map((body) => ({ body, contentType: "json" as const })));
  } catch (error) {
    for (const message of messages) recentlySent.delete(message.scanId);
    const slugs = [...new Set(messages.map((m) => m.slug))].join(", ");
    console.error(`[tap] ${messages.length} scan(s) not enqueued (${slugs})`, error);
  }
}

/**
 * Hands one tap's scan to the batch, timed now. Synchronous and cheap: it runs while the
 * redirect is being answered, and everything costly happens in the flush, after the response.
 * `suspect`: a secure garment's refused tap, kept as a 'suspect' scan with its reason (issue #21).
 */
export function recordScan(tap: Tap, route: TapRoute, viewer: ViewerKind, suspect?: SuspectReason): void {
  const { env, waitUntil } = tap;
  const now = Date.now();
  pending.push({ route, viewer, origin: scanOrigin(tap.request), now, suspect });
  if (pending.length >= MAX_BATCH) {
    waitUntil(flush(env));
    return;
  }
  if (flushDueAt !== 0 && now < flushDueAt + FLUSH_GRACE_MS) return;
  flushDueAt = now + FLUSH_AFTER_MS;
  waitUntil(
    new Promise((resolve) => setTimeout(resolve, FLUSH_AFTER_MS)).then(() => {
      flushDueAt = 0;
      return flush(env);
    }),
  );
}
