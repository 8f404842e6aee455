import { mkdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { build } from "esbuild";
import { defineProject } from "vitest/config";

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const migrationsDir = root("migrations");
const setupFile = root("tests/workers/fresh-state.ts");
const consoleErrors = root("tests/console-errors.ts");

/** Secrets a test worker needs; fixed test-only values, never used outside tests. */
export const TEST_VARS = {
  APP_ENV: "test",
  SESSION_SECRET: "test-only-secret-000000000000000000000000000000",
  CHIP_SECRET: "test-only-chip-secret-000000000000000000000000",
  /** Not wrangler.jsonc's placeholder: a page showing this one read it from its env (issue #35). */
  BRAND_CONTACT_EMAIL: "found-it@releve.test",
  /** The origin alert mails link to (issue #33). */
  PUBLIC_ORIGIN: "https://releve.test",
  /** The tap's SUN key versions (decision 0034); the tests generate secure taps from them. */
  SUN_KEYS: JSON.stringify([
    {
      version: 1,
      metaReadKey: "7e57000000000000000000000000a001",
      fileReadMasterKey: "7e57000000000000000000000000b001",
    },
    {
      version: 2,
      metaReadKey: "7e57000000000000000000000000a002",
      fileReadMasterKey: "7e57000000000000000000000000b002",
    },
  ]),
};

/** The same ids as every wrangler.jsonc, so auxiliary workers share the runner's local storage. */
const STORAGE = {
  d1Databases: { DB: "00000000-0000-4000-8000-000000000001" },
  kvNamespaces: { TAP_KV: "00000000000000000000000000000001" },
  queueProducers: {
    SCANS: { queueName: "releve-scans" },
    ALERTS: { queueName: "releve-alerts" },
    EVENTS: { queueName: "releve-events" },
  },
};

export interface AuxiliaryWorker {
  name: string;
  entry: string;
  /** Binding name -> worker name, e.g. the project's own test entry (`testEntryName`). */
  serviceBindings?: Record<string, string>;
  /** Binding name -> a Durable Object class the worker exports (SQLite-backed). */
  durableObjects?: Record<string, string>;
}

/**
 * The name @cloudflare/vitest-plugin gives a project's test entry worker (its runner), so an
 * auxiliary worker can bind back to it (the tap's SHELL in the web project, decision 0029).
 */
export const testEntryName = (project: string) => `vitest-plugin-runner-workers_${project}`;

export const tapWorker: AuxiliaryWorker = {
  name: "releve-tap",
  entry: "workers/tap/src/index.ts",
  durableObjects: { TAG_COUNTERS: "TagCounter" },
};

/** Auxiliary workers must be plain JavaScript: bundle the real source as wrangler would. */
async function bundle(worker: AuxiliaryWorker) {
  const outdir = root(`node_modules/.cache/releve-test-workers/${worker.name}`);
  mkdirSync(outdir, { recursive: true });
  const outfile = `${outdir}/index.js`;
  const { metafile } = await build({
    entryPoints: [root(worker.entry)],
    outfile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2024",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    external: ["cloudflare:*"],
    logLevel: "warning",
    metafile: true,
    absWorkingDir: root(""),
  });
  return { rootPath: outdir, scriptPath: outfile, inputs: Object.keys(metafile.inputs).map(root) };
}

/**
 * Every test file starts its own workerd, and asks for the auxiliary workers again: one bundle
 * per worker serves them all while none of its sources has changed since (watch mode rebuilds).
 */
const bundles = new Map<string, { at: number; built: Promise<Awaited<ReturnType<typeof bundle>>> }>();
async function bundleOnce(worker: AuxiliaryWorker): Promise<{ rootPath: string; scriptPath: string }> {
  const key = JSON.stringify(worker);
  const cached = bundles.get(key);
  if (cached) {
    const { rootPath, scriptPath, inputs } = await cached.built;
    const changed = inputs.some((file) => {
      try {
        return statSync(file).mtimeMs >= cached.at;
      } catch {
        return true;
      }
    });
    if (!changed) return { rootPath, scriptPath };
  }
  const entry = { at: Date.now(), built: bundle(worker) };
  bundles.set(key, entry);
  entry.built.catch(() => bundles.delete(key));
  const { rootPath, scriptPath } = await entry.built;
  return { rootPath, scriptPath };
}

/**
 * One shape for every workerd test project: the worker's own wrangler config (real local
 * D1, KV and Queue bindings), migrations applied before each file, optional test entry and
 * real auxiliary workers for its service bindings.
 */
export function workersProject(
  name: string,
  opts: {
    configPath: string;
    main?: string;
    include?: string[];
    auxiliaryWorkers?: AuxiliaryWorker[];
    /** Run before the shared reset of every file (fresh-state.ts). */
    setupFiles?: string[];
  },
) {
  return defineProject({
    plugins: [
      cloudflareTest(async () => ({
        wrangler: { configPath: opts.configPath },
        ...(opts.main ? { main: opts.main } : {}),
        miniflare: {
          bindings: { ...TEST_VARS, TEST_MIGRATIONS: await readD1Migrations(migrationsDir) },
          workers: await Promise.all(
            (opts.auxiliaryWorkers ?? []).map(async (worker) => ({
              name: worker.name,
              modules: true,
              // workerd resolves modules below rootPath and refuses "..": root it at the bundle.
              ...(await bundleOnce(worker)),
              compatibilityDate: "2026-10-01",
              compatibilityFlags: ["nodejs_compat"],
              bindings: TEST_VARS,
              ...STORAGE,
              ...(worker.serviceBindings ? { serviceBindings: worker.serviceBindings } : {}),
              ...(worker.durableObjects
                ? {
                    durableObjects: Object.fromEntries(
                      Object.entries(worker.durableObjects).map(([binding, className]) => [
                        binding,
                        { className, useSQLite: true },
                      ]),
                    ),
                  }
                : {}),
            })),
          ),
        },
      })),
    ],
    test: {
      name: `workers/${name}`,
      include: opts.include ?? ["test/**/*.test.ts"],
      setupFiles: [...(opts.setupFiles ?? []), setupFile, consoleErrors],
      // A time limit, not an assertion: `npm test` runs this tier beside the end-to-end lanes
      // on two cores (decision 0045).
      testTimeout: 30_000,
      fsModuleCache: false,
      // One workerd runs the project's files one after another; fresh-state.ts gives each file
      // the state a new runtime would (decision 0063).
      isolate: false,
    },
  });
}
