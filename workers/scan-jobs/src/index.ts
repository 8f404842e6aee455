import { rollupScans } from "@releve/db/rollup";
import { consumeScans } from "./consume-scans";
import { getScanJobsEnv } from "./env";

export default {
  async queue(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext): Promise<void> {
    await consumeScans(batch, getScanJobsEnv(env));
  },

  // Every five minutes (wrangler.jsonc triggers): new scans into scan_daily_stats.
  async scheduled(_controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
    const result = await rollupScans(getScanJobsEnv(env).DB);
    if (result.toRowId > result.fromRowId) {
      console.log(
        `[scan-jobs] rolled up scans ${result.fromRowId + 1}..${result.toRowId} (${result.statRows} stat rows)`,
      );
    }
  },
} satisfies ExportedHandler<Env>;
