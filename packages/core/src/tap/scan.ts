import type { TapRoute, ViewerKind } from "./rules";
import { burstScanId } from "./scan-id";
import type { ScanMessage } from "./scan-message";
import type { SuspectReason } from "./secure-tap";
import { senderNetwork } from "./sender-network";

/** Where a tap came from, as plain data read off the request (scanOrigin). */
export type ScanOrigin = {
  ip: string | null;
  city: unknown;
  country: unknown;
  userAgent: string | null;
};

export type ScanInput = {
  route: TapRoute;
  viewer: ViewerKind;
  origin: ScanOrigin;
  source: ScanMessage["source"];
  now: number;
  /** A secure garment's refused tap (issue #21): kept as a 'suspect' scan with its reason. */
  suspect?: SuspectReason;
};

/**
 * The request's part of a scan, copied out: a few header reads and Cloudflare's `request.cf`
 * place. Plain data, so the message can be built later, outside the request (the tap worker
 * builds its scans in batches after the redirect has gone out).
 */
export function scanOrigin(request: Request, userAgent = request.headers.get("user-agent")): ScanOrigin {
  const cf = (request as Request & { cf?: { city?: unknown; country?: unknown } }).cf;
  return { ip: request.headers.get("cf-connecting-ip"), city: cf?.city, country: cf?.country, userAgent };
}

const text = (value: unknown, max: number) => (typeof value === "string" && value ? value.slice(0, max) : null);

/**
 * The queue message for one real tap, by the tap worker (the only scan path: the spec's
 * client-side log-scan, `POST /api/scans`, is gone, issue #28). City and country come from
 * Cloudflare's `request.cf` (through scanOrigin); the id is the burst guard's (scan-id.ts),
 * keyed on the sender network (an IPv4 address, an IPv6 /64) as every limit is.
 * A garment reported lost or stolen makes it a `scanType: "missing"` scan (the brand's sighting);
 * a secure garment's refused tap a `scanType: "suspect"` one with its reason (a counterfeit alert).
 * Every string is clipped to the schema's bounds so a long header can never poison a message.
 */
export async function buildScanMessage(secret: string, input: ScanInput): Promise<ScanMessage> {
  const { route, origin, now } = input;
  return {
    v: 1,
    // A refused secure tap is its own alert: the burst guard merges it only with refusals for the
    // same reason from the same place that minute, never with a good tap.
    scanId: await burstScanId(
      secret,
      senderNetwork(origin.ip),
      input.suspect ? `${route.slug}#${input.suspect}` : route.slug,
      now,
    ),
    source: input.source,
    slug: route.slug,
    garmentId: route.garmentId,
    ownerUserId: route.ownerUserId,
    viewerKind: input.viewer,
    activeEventId: route.activeEventId,
    city: text(origin.city, 128),
    country: text(origin.country, 8),
    userAgent: text(origin.userAgent, 512),
    scannedAt: now,
    ...(route.missing && { scanType: "missing" as const }),
    ...(input.suspect && { scanType: "suspect" as const, suspectReason: input.suspect }),
  };
}
