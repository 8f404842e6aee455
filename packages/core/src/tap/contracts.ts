/**
 * The admin's scan history (`/api/admin/scans/recent`): its query (`type=suspect`: only the
 * counterfeit alerts) and rows. Zod-bearing, so the tap Worker never imports it.
 */
import { z } from "zod";
import { textIdCursorParam } from "../platform/keyset";
import type { SuspectReason } from "./secure-tap";

export const SCAN_HISTORY_LIMIT = 100;

export type ScanHistoryRow = {
  id: string;
  createdAt: number;
  slug: string | null;
  garment: { name: string; brand: string | null } | null;
  ownerName: string | null;
  viewerKind: string;
  /** 'tap', or 'missing' for a tap on a garment reported lost or stolen (the brand's sighting, issue #18). */
  scanType: string;
  /** Why a secure garment's tap was refused ('suspect' scans: counterfeit alerts, issue #21). */
  suspectReason: SuspectReason | null;
  city: string | null;
  country: string | null;
  browser: string | null;
};

/** `GET /api/admin/scans/recent?type=suspect`: only the counterfeit alerts. */
export const ScanHistoryQuerySchema = z.strictObject({
  type: z.literal("suspect", { error: "type is 'suspect' or absent." }).optional(),
  /** The page after this scan (`<ms>_<id>`, newest first), from the page before's `nextCursor`. */
  before: textIdCursorParam,
});

/** A page of scan history, newest first, and the cursor of the page after it (null: none). */
export type ScanHistoryPage = { scans: ScanHistoryRow[]; nextCursor: string | null };
