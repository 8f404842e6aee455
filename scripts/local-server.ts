/**
 * Serves the built Workers straight from workerd, as production runs them (docs/decisions/0032):
 * one Miniflare instance runs the shell, the tap worker and scan-jobs, and workerd itself listens
 * on the port, so no Node proxy stands between a browser and the Workers. The Workers, their
 * bindings and their assets are read from the build output (apps/web/.wrangler/deploy/config.json
 * lists the shell's and each auxiliary Worker's wrangler.json) by wrangler's own conversion, with
 * the .dev.vars the build copied next to each. State is the local state folder `npm start`
 * prepares; crons fire through scripts/local-crons.ts.
 *
 * Each server runs a copy of the build made as it starts (apps/web/.wrangler/local-server/<pid>):
 * a build replaces apps/web/build and dist while servers run (`npm test`, `npm run build` in
 * another terminal), and workerd keeps the assets folder it opened at start, so every static file
 * would answer 500 from then on while pages still worked (issue #17). The copy is the server's
 * own immutable version, as a Cloudflare deployment is: its pages and its assets always match.
 */
import { cpSync, globSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare, type V4WorkerOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { ROOT } from "./dev-vars";
import { type CronLogger, startCrons } from "./local-crons";

const WEB = join(ROOT, "apps/web");
const DEPLOY_REDIRECT = join(WEB, ".wrangler/deploy/config.json");

/** The built Workers' wrangler.json files, the shell first (it gets the HTTP port). */
export function builtConfigs(): string[] {
  let redirect: { configPath: string; auxiliaryWorkers?: Array<{ configPath: string }> };
  try {
    redirect = JSON.parse(readFileSync(DEPLOY_REDIRECT, "utf8"));
  } catch {
    throw new Error(`No build output (${DEPLOY_REDIRECT} is missing): run \`npm run build\` first.`);
  }
  const base = dirname(DEPLOY_REDIRECT);
  return [redirect.configPath, ...(redirect.auxiliaryWorkers ?? []).map((w) => w.configPath)].map((p) =>
    resolve(base, p),
  );
}

const COPIES = join(WEB, ".wrangler/local-server");

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Copies the build output the `configs` live in (apps/web/build, apps/web/dist) to a folder of
 * this process's own, drops the copies of servers that are gone, and returns the configs' paths
 * in the copy.
 */
function copyBuild(configs: string[]): { configs: string[]; dir: string } {
  mkdirSync(COPIES, { recursive: true });
  for (const name of readdirSync(COPIES)) {
    if (!/^\d+$/.test(name) || !alive(Number(name))) rmSync(join(COPIES, name), { recursive: true, force: true });
  }
  const dir = join(COPIES, String(process.pid));
  const relativePaths = configs.map((config) => relative(WEB, config));
  for (const top of new Set(relativePaths.map((path) => path.split(sep)[0] ?? path))) {
    cpSync(join(WEB, top), join(dir, top), { recursive: true });
  }
  return { configs: relativePaths.map((path) => join(dir, path)), dir };
}

/** One built Worker as Miniflare options: its bindings from wrangler, its modules from the build. */
function workerFromBuild(configPath: string): V4WorkerOptions {
  const { name } = JSON.parse(readFileSync(configPath, "utf8")) as { name: string };
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(configPath);
  if (!main) throw new Error(`${configPath} names no main module`);
  const { modulesRules = [], ...options } = workerOptions;
  // The build is already bundled (no_bundle): the entry plus every chunk it may import.
  const rootPath = dirname(resolve(dirname(configPath), main));
  const entry = resolve(dirname(configPath), main).slice(rootPath.length + 1);
  const modules = [
    { type: "ESModule" as const, path: entry },
    ...modulesRules.flatMap(({ type, include }) =>
      globSync(include, { cwd: rootPath, exclude: [entry] }).map((path) => ({ type, path })),
    ),
  ];
  return { ...options, name, rootPath, modules } as V4WorkerOptions;
}

const time = () => new Date().toLocaleTimeString();
/** Log lines with the time in front, as Vite printed them. */
export const consoleLogger: CronLogger = {
  info: (message) => console.log(`${time()} ${message}`),
  warn: (message) => console.warn(`${time()} ${message}`),
};

const miniflareLog = (logger: CronLogger) =>
  new (class extends Log {
    constructor() {
      super(LogLevel.INFO);
    }
    override logWithLevel(level: LogLevel, message: string) {
      if (level <= LogLevel.WARN) logger.warn(message);
      else logger.info(message);
    }
  })();

export type LocalServer = { url: URL; close: () => Promise<void> };

/**
 * Starts the built Workers on `port` (strict: fails if it is taken) against `stateDir`, and
 * their crons on schedule (RELEVE_CRONS_AT_START=1 also fires each once at start).
 */
export async function serveBuiltWorkers(opts: {
  port: number;
  stateDir: string;
  logger?: CronLogger;
}): Promise<LocalServer> {
  const logger = opts.logger ?? consoleLogger;
  const copy = copyBuild(builtConfigs());
  // However the process ends (Miniflare's own exit hook may end it first); after a SIGKILL the
  // next server's start removes it.
  process.once("exit", () => rmSync(copy.dir, { recursive: true, force: true }));
  // Alert mails link to this server (issue #33), whatever wrangler.jsonc's placeholder says.
  const workers = copy.configs
    .map(workerFromBuild)
    .map((worker) =>
      worker.name === "releve-scan-jobs"
        ? { ...worker, bindings: { ...worker.bindings, PUBLIC_ORIGIN: `http://localhost:${opts.port}` } }
        : worker,
    );
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "localhost",
      port: opts.port,
      rootPath: WEB,
      workers,
      resourcePersistencePath: join(opts.stateDir, "v3"),
      resourceTmpPath: join(WEB, ".wrangler/tmp"),
      // The Worker registry moves inside the state folder (decision 0026): this session never
      // binds to, or hands a cron to, a Worker of another local session.
      unsafeDevRegistryPath: join(opts.stateDir, "dev-registry"),
      // The Local Explorer API is how local crons reach each Worker's scheduled handler.
      unsafeLocalExplorer: process.env.X_LOCAL_EXPLORER !== "false",
      // The fallback request.cf, not one fetched from the network at each start.
      cf: false,
      // One line per request on stdout, sent by workerd to this process over its loopback: the
      // e2e server turns it off (RELEVE_LOG_REQUESTS=0), as Playwright discards that output.
      logRequests: process.env.RELEVE_LOG_REQUESTS !== "0",
      log: miniflareLog(logger),
      handleStructuredLogs: ({ level, message }) =>
        (level === "warn" || level === "error" ? logger.warn : logger.info)(message),
      telemetry: { enabled: false },
    }),
  );
  let url: URL;
  try {
    url = await mf.ready;
  } catch (error) {
    await mf.dispose().catch(() => {});
    rmSync(copy.dir, { recursive: true, force: true });
    throw error;
  }
  const stopCrons = await startCrons(url.origin, logger, process.env.RELEVE_CRONS_AT_START === "1");
  return {
    url,
    close: async () => {
      stopCrons();
      await mf.dispose();
      rmSync(copy.dir, { recursive: true, force: true });
    },
  };
}
