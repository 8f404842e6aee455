import { burstScanId } from "./scan-id";
import type { ScanMessage } from "./scan-message";
import type { TapRoute, ViewerKind } from "./tap-rules";

export type ScanInput = {
  route: TapRoute;
  viewer: ViewerKind;
  request: Request;
  source: ScanMessage["source"];
  /** Defaults to the request's User-Agent header. */
  userAgent?: string | null;
  now: number;
};

const text = (value: unknown, max: number) => (typeof value === "string" && value ? value.slice(0, max) : null);

/**
 * The queue message for one real tap, by the tap worker or `POST /api/scans`. City and
 * country come from Cloudflare's `request.cf`; the id is the burst guard's (scan-id.ts).
 * Every string is clipped to the schema's bounds so a long header can never poison a message.
 */
export async function buildScanMessage(secret: string, input: ScanInput): Promise<ScanMessage> {
  const { route, request, now } = input;
  const cf = (request as Request & { cf?: { city?: unknown; country?: unknown } }).cf;
  return {
    v: 1,
    scanId: await burstScanId(secret, request.headers.get("cf-connecting-ip"), route.slug, now),
    source: input.source,
    slug: route.slug,
    garmentId: route.garmentId,
    ownerUserId: route.ownerUserId,
    viewerKind: input.viewer,
    activeEventId: route.activeEventId,
    city: text(cf?.city, 128),
    country: text(cf?.country, 8),
    userAgent: text(input.userAgent === undefined ? request.headers.get("user-agent") : input.userAgent, 512),
    scannedAt: now,
  };
}
