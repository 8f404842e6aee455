/**
 * Local crons (docs/decisions/0026). Under `vite dev` and `vite preview` the Cloudflare plugin
 * sends /cdn-cgi/handler/scheduled to the entry Worker only, so no cron of the scan-jobs Worker
 * would ever fire. This Vite plugin asks the local workerd, once it listens, which Workers it
 * runs and their `triggers.crons` (each Worker's own wrangler.jsonc), then on each schedule
 * (in UTC, as Cloudflare runs them) calls that Worker's real `scheduled` handler through
 * Miniflare's Local Explorer API, and logs one line per run. Vite only serves local runs, so
 * none of this exists in production. RELEVE_CRONS_AT_START=1 also fires every cron once at
 * start, for a quick check. `npm start` serves the build without Vite (scripts/local-server.ts,
 * decision 0032) and calls `startCrons` itself.
 */
import type { Server } from "node:http";
import { resolve } from "node:path";
import { Cron } from "croner";
import type { Logger, Plugin } from "vite";

const API = "/cdn-cgi/local/explorer/api/local";
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export type CronJob = { worker: string; cron: string };
type Fetch = typeof fetch;
type ApiBody<T> = { success?: boolean; result?: T; errors?: Array<{ message?: string }> };

async function callApi<T>(fetchFn: Fetch, url: string, init?: RequestInit): Promise<T> {
  const res = await fetchFn(url, init);
  const body = (await res.json().catch(() => null)) as ApiBody<T> | null;
  if (!res.ok || !body?.success || body.result === undefined) {
    throw new Error(body?.errors?.[0]?.message ?? `${new URL(url).pathname} answered ${res.status}`);
  }
  return body.result;
}

/** Every cron of every Worker this workerd runs (not those of other local sessions it knows of). */
export async function listCrons(origin: string, fetchFn: Fetch = fetch): Promise<CronJob[]> {
  const workers = await callApi<Array<{ name: string; isSelf?: boolean; triggers?: { crons?: string[] } }>>(
    fetchFn,
    `${origin}${API}/workers`,
  );
  return workers
    .filter((w) => w.isSelf)
    .flatMap((w) => (w.triggers?.crons ?? []).map((cron) => ({ worker: w.name, cron })));
}

/** Runs the Worker's own `scheduled` handler once; returns its outcome ("ok", "exception", …). */
export async function fireCron(origin: string, job: CronJob, scheduledTime: number, fetchFn: Fetch = fetch) {
  const result = await callApi<{ outcome: string }>(
    fetchFn,
    `${origin}${API}/scheduled?worker=${encodeURIComponent(job.worker)}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ cron: job.cron, scheduled_time: scheduledTime }),
    },
  );
  return result.outcome;
}

/** A cron's next due time strictly after `after` (ms), in UTC; five fields, as Cloudflare accepts. */
export function nextDue(cron: string, after: number): number {
  const next = new Cron(cron, { timezone: "Etc/UTC", mode: "5-part" }).nextRun(new Date(after));
  if (!next) throw new Error(`cron "${cron}" never fires`);
  return next.getTime();
}

/**
 * Calls `fire` for each job at each due time. A run that overlaps the next due time delays
 * it rather than stacking up. Returns a stop function.
 */
export function scheduleCrons(
  jobs: CronJob[],
  fire: (job: CronJob, due: number) => Promise<void>,
  opts: { atStart?: boolean; now?: () => number } = {},
): () => void {
  const now = opts.now ?? Date.now;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) fn();
    }, ms);
    timer.unref?.();
    timers.add(timer);
  };
  const arm = (job: CronJob, after: number) => {
    if (stopped) return;
    const due = nextDue(job.cron, after);
    const wait = () => {
      const left = due - now();
      if (left > 0) return later(Math.min(left, MAX_TIMEOUT_MS), wait);
      void fire(job, due).finally(() => arm(job, Math.max(now(), due)));
    };
    wait();
  };
  for (const job of jobs) {
    if (opts.atStart) {
      const start = now();
      void fire(job, start).finally(() => arm(job, Math.max(now(), start)));
    } else {
      arm(job, now());
    }
  }
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}

/** Where cron lines go: Vite's logger under `npm run dev`, the console under `npm start`. */
export type CronLogger = Pick<Logger, "info" | "warn">;

/**
 * Lists the crons of the Workers the workerd at `origin` runs and fires each on schedule
 * (and once now with `atStart`), one log line per run. Returns a stop function.
 */
export async function startCrons(origin: string, logger: CronLogger, atStart: boolean): Promise<() => void> {
  let jobs: CronJob[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      jobs = await listCrons(origin);
      break;
    } catch (error) {
      if (attempt >= 10) {
        logger.warn(`[cron] local crons are off: ${(error as Error).message}`, { timestamp: true });
        return () => {};
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const valid = jobs.filter((job) => {
    try {
      nextDue(job.cron, Date.now());
      return true;
    } catch (error) {
      logger.warn(`[cron] ${job.worker} "${job.cron}" skipped: ${(error as Error).message}`, { timestamp: true });
      return false;
    }
  });
  for (const job of valid) {
    const next = new Date(nextDue(job.cron, Date.now())).toISOString();
    logger.info(`[cron] ${job.worker} "${job.cron}" fires locally (UTC), next at ${next}`, { timestamp: true });
  }
  return scheduleCrons(
    valid,
    async (job, due) => {
      const started = Date.now();
      const label = `[cron] ${job.worker} "${job.cron}" due ${new Date(due).toISOString()}`;
      try {
        const outcome = await fireCron(origin, job, due);
        const line = `${label}: ${outcome} in ${Date.now() - started} ms`;
        if (outcome === "ok") logger.info(line, { timestamp: true });
        else logger.warn(line, { timestamp: true });
      } catch (error) {
        logger.warn(`${label}: not run (${(error as Error).message})`, { timestamp: true });
      }
    },
    { atStart },
  );
}

/**
 * The Vite plugin (`vite dev` and `vite preview` only). `statePath` is the local state folder
 * (relative to the Vite root): the Worker registry Miniflare shares between local sessions moves
 * inside it, so the Explorer API of this session never hands a cron to a Worker of the same
 * name in another session (an e2e run, a test run) with another state.
 */
export function localCrons(opts: { statePath: string }): Plugin {
  let logger: Logger | undefined;
  const attach = (httpServer: Server | null) => {
    if (!httpServer) return;
    let stop: (() => void) | undefined;
    let closed = false;
    const start = () => {
      const address = httpServer.address();
      if (!address || typeof address === "string" || !logger) return;
      const atStart = process.env.RELEVE_CRONS_AT_START === "1";
      void startCrons(`http://localhost:${address.port}`, logger, atStart).then((s) => {
        stop = s;
        if (closed) s();
      });
    };
    if (httpServer.listening) start();
    else httpServer.once("listening", start);
    httpServer.once("close", () => {
      closed = true;
      stop?.();
    });
  };
  return {
    name: "releve-local-crons",
    apply: "serve",
    configResolved(config) {
      logger = config.logger;
      process.env.MINIFLARE_REGISTRY_PATH ??= resolve(config.root, opts.statePath, "dev-registry");
    },
    configureServer(server) {
      attach(server.httpServer as Server | null);
    },
    configurePreviewServer(server) {
      attach(server.httpServer as Server | null);
    },
  };
}
