/**
 * Local set-up behind `npm start`, `npm run dev` and the end-to-end run: secrets in
 * .dev.vars, D1 migrations applied to the local state, demo data seeded when empty.
 * RELEVE_STATE_DIR picks another local state folder (the e2e run uses its own).
 * Commands: prepare (all of it), vars, migrate, seed, and start (prepare, then serve the
 * build from workerd with its crons until stopped: `npm start`, decision 0032).
 */
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureDevVars, ROOT } from "./dev-vars";
import { serveBuiltWorkers } from "./local-server";

const WEB_CONFIG = join(ROOT, "apps/web/wrangler.jsonc");
export const stateDir = resolve(ROOT, process.env.RELEVE_STATE_DIR ?? "apps/web/.wrangler/state");

function migrate() {
  execFileSync(
    "npx",
    ["wrangler", "d1", "migrations", "apply", "DB", "--local", "-c", WEB_CONFIG, "--persist-to", stateDir],
    { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, CI: "true" } },
  );
}

async function seed(vars: Record<string, string>) {
  const { getPlatformProxy } = await import("wrangler");
  const { getDb } = await import("@releve/db");
  const { seedDatabase } = await import("@releve/db/seed");
  const { hashPassword } = await import("@releve/core/accounts/password");
  const proxy = await getPlatformProxy<{ DB: Parameters<typeof getDb>[0] }>({
    configPath: WEB_CONFIG,
    persist: { path: join(stateDir, "v3") },
    remoteBindings: false,
  });
  try {
    const { seeded } = await seedDatabase(getDb(proxy.env.DB), {
      passwords: {
        owner: vars.DEMO_OWNER_PASSWORD ?? "",
        visitor: vars.DEMO_VISITOR_PASSWORD ?? "",
        admin: vars.DEMO_ADMIN_PASSWORD ?? "",
      },
      hashPassword,
    });
    console.log(
      seeded ? "Seeded the local database with demo data." : "Local database already has data; seed skipped.",
    );
  } finally {
    await proxy.dispose();
  }
}

function banner(vars: Record<string, string>, port: string) {
  console.log(`
  Relevé runs at http://localhost:${port}  (shell, tap worker and scan-jobs on one origin)

  Demo accounts (local only; passwords live in .dev.vars):
    owner    owner@releve.local     ${vars.DEMO_OWNER_PASSWORD}
    visitor  visitor@releve.local   ${vars.DEMO_VISITOR_PASSWORD}
    admin    admin@releve.local     ${vars.DEMO_ADMIN_PASSWORD}
`);
}

/** Prepares the local state, serves the build on `port` until SIGINT/SIGTERM, prints the banner. */
export async function start(port: string) {
  const vars = ensureDevVars();
  migrate();
  await seed(vars);
  const server = await serveBuiltWorkers({ port: Number(port), stateDir });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void server.close().finally(() => process.exit(0));
    });
  }
  banner(vars, port);
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? "")).href) {
  const [command = "prepare", port = "4173"] = process.argv.slice(2);
  if (command === "start") {
    await start(port);
  } else {
    // "vars" alone runs before every build: the build copies each worker's .dev.vars next to
    // its output, where the local server reads it.
    const vars = ensureDevVars(console.log, command === "prepare" ? { publicOrigin: `http://localhost:${port}` } : {});
    if (command === "migrate" || command === "prepare") migrate();
    if (command === "seed" || command === "prepare") await seed(vars);
    if (command === "prepare") banner(vars, port);
  }
}
