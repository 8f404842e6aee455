/** How much the scan-jobs cron's housekeeping keeps and how much it deletes per run. */
export type HousekeepingLimits = {
  keepSignInAttemptsMs: number;
  keepRateEventsMs: number;
  /** Rows one DELETE may remove. */
  rowsPerStatement: number;
  /** Batches one run may send; a table with more to delete continues on the next run. */
  maxBatchesPerRun: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sign-in attempts and rate-limit events are only read inside their sliding windows (the
 * 15-minute sign-in lockout, the 10-minute form limits); a day keeps them well past the
 * longest one (apps/web/app/lib/housekeeping.test.ts checks). Expired sessions and auth
 * tokens go as soon as they expire: nothing reads them any more.
 */
export const HOUSEKEEPING: HousekeepingLimits = {
  keepSignInAttemptsMs: DAY_MS,
  keepRateEventsMs: DAY_MS,
  rowsPerStatement: 500,
  maxBatchesPerRun: 4,
};
