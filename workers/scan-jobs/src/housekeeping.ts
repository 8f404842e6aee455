import { HOUSEKEEPING, type HousekeepingLimits } from "@releve/core/platform/housekeeping";
import type { Db } from "@releve/db";
import { purgeExpiredAuthTokens, purgeExpiredSessions, purgeSignInAttempts } from "@releve/db/accounts/commands";
import { purgeRateEvents } from "@releve/db/platform/rate-limits";

export type PurgeCounts = { sessions: number; authTokens: number; signInAttempts: number; rateEvents: number };

type Table = keyof PurgeCounts;

/**
 * Deletes expired sessions and auth tokens, and sign-in attempts and rate-limit events past
 * their retention: one D1 batch with one bounded DELETE per table, then again for the tables
 * whose DELETE was full, at most `maxBatchesPerRun` batches. What is left waits for the next run.
 */
export async function purgeExpired(
  db: Db,
  now: number,
  limits: HousekeepingLimits = HOUSEKEEPING,
): Promise<PurgeCounts> {
  const at = new Date(now);
  const n = limits.rowsPerStatement;
  const statements = {
    sessions: () => purgeExpiredSessions(db, at, n),
    authTokens: () => purgeExpiredAuthTokens(db, at, n),
    signInAttempts: () => purgeSignInAttempts(db, new Date(now - limits.keepSignInAttemptsMs), n),
    rateEvents: () => purgeRateEvents(db, new Date(now - limits.keepRateEventsMs), n),
  } satisfies Record<Table, unknown>;
  const counts: PurgeCounts = { sessions: 0, authTokens: 0, signInAttempts: 0, rateEvents: 0 };
  let pending = Object.keys(statements) as Table[];
  for (let i = 0; i < limits.maxBatchesPerRun && pending.length > 0; i++) {
    const [first, ...rest] = pending.map((table) => statements[table]());
    if (!first) break;
    const results = await db.batch([first, ...rest]);
    const full: Table[] = [];
    pending.forEach((table, j) => {
      const deleted = results[j]?.meta.changes ?? 0;
      counts[table] += deleted;
      if (deleted >= n) full.push(table);
    });
    pending = full;
  }
  return counts;
}
