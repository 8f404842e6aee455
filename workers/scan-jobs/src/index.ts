import { type Db, getDb } from "@releve/db";
import { catchUpScans } from "@releve/db/crm/commands";
import { consumerEffectsOf } from "@releve/verbs/effects";
import { sweepEvents } from "@releve/verbs/events/sweep-events";
import { ALERTS_QUEUE, consumeAlerts, queueDueAlerts } from "./consume-alerts";
import { consumeDeadEvents, consumeEvents, EVENTS_DLQ, EVENTS_QUEUE } from "./consume-events";
import { consumeScans } from "./consume-scans";
import { getScanJobsEnv, type ScanJobsEnv } from "./env";
import { purgeExpired } from "./housekeeping";

export default {
  // Four queues: scans (the tap's), alerts (issue #33), the event log's deliveries and their
  // dead letters (issue #48), each with its own consumer.
  async queue(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext): Promise<void> {
    const scanEnv = getScanJobsEnv(env);
    const db = getDb(scanEnv.DB);
    if (batch.queue === ALERTS_QUEUE) await consumeAlerts(batch, scanEnv, db);
    else if (batch.queue === EVENTS_QUEUE) await consumeEvents(batch, scanEnv, db);
    else if (batch.queue === EVENTS_DLQ) await consumeDeadEvents(batch, db);
    else await consumeScans(batch, scanEnv, db);
  },

  // Every five minutes (wrangler.jsonc triggers): new scans into scan_daily_stats, housekeeping,
  // the alerts that came due, and events left undelivered. The jobs run even if one fails; a
  // failure still fails the run.
  async scheduled(_controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
    const scanEnv = getScanJobsEnv(env);
    const runs = await Promise.allSettled([
      rollUp(scanEnv.DB),
      houseKeep(getDb(scanEnv.DB)),
      sweepAlerts(scanEnv),
      sweepUndelivered(scanEnv),
    ]);
    for (const run of runs) if (run.status === "rejected") throw run.reason;
  },
} satisfies ExportedHandler<Env>;

async function sweepAlerts(env: ScanJobsEnv): Promise<void> {
  const queued = await queueDueAlerts(env, getDb(env.DB));
  if (queued > 0) console.log(`[scan-jobs] queued alerts for ${queued} owner(s)`);
}

async function sweepUndelivered(env: ScanJobsEnv): Promise<void> {
  const queued = await sweepEvents(consumerEffectsOf(env, getDb(env.DB)));
  if (queued.length > 0) console.log(`[scan-jobs] queued ${queued.length} undelivered event(s) again`);
}

/** Wall time one cron run may spend catching up a backlog; the next run goes on from there. */
const ROLLUP_BUDGET_MS = 60_000;

async function rollUp(d1: D1Database): Promise<void> {
  const result = await catchUpScans(d1, { budgetMs: ROLLUP_BUDGET_MS });
  if (result.toRowId > result.fromRowId) {
    console.log(
      `[scan-jobs] rolled up scans ${result.fromRowId + 1}..${result.toRowId} (${result.statRows} stat rows, ` +
        `${result.runs} run(s)${result.caughtUp ? "" : ", more next time"})`,
    );
  }
}

async function houseKeep(db: Db): Promise<void> {
  const purged = await purgeExpired(db, Date.now());
  console.log(
    `[scan-jobs] housekeeping purged ${purged.sessions} expired sessions, ${purged.authTokens} expired auth tokens, ` +
      `${purged.signInAttempts} sign-in attempts, ${purged.rateEvents} rate events`,
  );
}
