import { z } from "zod";
import { VIEWER_KINDS } from "./rules";
import { SUSPECT_REASONS } from "./secure-tap";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./slug";

/**
 * One real tap, as the tap worker sends it to the `releve-scans` queue
 * and scan-jobs validates it before writing `scans`. Browser and OS are parsed from
 * `userAgent` by the consumer (docs/decisions/0011), so the tap bundle carries no UA parser.
 * Bump `v` for any incompatible change: the consumer dead-letters what it cannot read.
 * Built by `buildScanMessage` (tap-scan.ts, zod-free so the tap bundle stays small).
 */
export const ScanMessageSchema = z.object({
  v: z.literal(1),
  scanId: z.string().min(1).max(64),
  // "api" was `POST /api/scans`, gone (issue #28); still read so a message already queued is not dead-lettered.
  source: z.enum(["tap", "api"]),
  slug: z.string().max(SLUG_MAX_LENGTH).regex(SLUG_PATTERN),
  garmentId: z.number().int().positive(),
  ownerUserId: z.string().min(1).max(64).nullable(),
  viewerKind: z.enum(VIEWER_KINDS),
  activeEventId: z.number().int().positive().nullable(),
  city: z.string().max(128).nullable(),
  country: z.string().max(8).nullable(),
  userAgent: z.string().max(512).nullable(),
  scannedAt: z.number().int().positive(),
  /**
   * Set only on a tap of a garment reported lost or stolen (issue #18): the brand's record of
   * where and when it was seen. Absent means an ordinary tap (and in messages made before it).
   */
  scanType: z.enum(["missing", "suspect"]).optional(),
  /** With `scanType: "suspect"` (issue #21): why a secure garment's tap was refused. */
  suspectReason: z.enum(SUSPECT_REASONS).optional(),
});
export type ScanMessage = z.infer<typeof ScanMessageSchema>;
