/**
 * Taps as the scan-jobs worker books them: a scan stored as its queue consumer stores one, and
 * the rollup its cron runs. Bookkeeping no verb makes, for the tests that count taps (the CRM's
 * queries, the pages' figures).
 */

import { type RollupResult, rollupScans } from "../crm/commands";
import type { Db } from "../index";
import type { D1Like } from "../platform/binding-types";
import type { ViewerKind } from "../schema";
import { insertScan } from "../tap/commands";

let scanNo = 0;

/** A scan of the garment by a visitor (or `viewer`) at `at` (now unless said), stored as the consumer stores it. */
export async function storeScan(
  db: Db,
  opts: {
    garmentId: number;
    ownerUserId: string;
    slug?: string;
    eventId?: number | null;
    at?: number;
    city?: string | null;
    country?: string | null;
    browser?: string | null;
    viewer?: ViewerKind;
  },
): Promise<void> {
  scanNo++;
  await insertScan(db, {
    id: `test-${scanNo}-${crypto.randomUUID()}`,
    garment_id: opts.garmentId,
    owner_user_id: opts.ownerUserId,
    short_slug: opts.slug ?? "x",
    wardrobe_event_id: opts.eventId ?? null,
    viewer_kind: opts.viewer ?? "visitor",
    city: opts.city ?? null,
    country: opts.country ?? null,
    browser: opts.browser ?? null,
    os: null,
    device_type: null,
    created_at: new Date(opts.at ?? Date.now()),
  }).run();
}

/** Rolls the scans stored so far into the daily figures, as the scan-jobs cron does. */
export function rollUpScans(d1: D1Like): Promise<RollupResult> {
  return rollupScans(d1);
}
