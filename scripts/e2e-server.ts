/**
 * Serves the built app for Playwright (and the page benchmarks) on a fresh, seeded local state
 * of its own: apps/web/.wrangler/<RELEVE_E2E_STATE, default e2e-state>.
 */
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./dev-vars";

const port = process.argv[2] ?? "4510";
const stateDir = join(ROOT, "apps/web/.wrangler", process.env.RELEVE_E2E_STATE ?? "e2e-state");
rmSync(stateDir, { recursive: true, force: true });
const env = { ...process.env, RELEVE_STATE_DIR: stateDir, CLOUDFLARE_CF_FETCH_ENABLED: "false" };

execFileSync("npx", ["tsx", "scripts/local.ts", "prepare", port], { cwd: ROOT, env, stdio: "inherit" });
const server = spawn("npx", ["vite", "preview", "--port", port, "--strictPort"], {
  cwd: join(ROOT, "apps/web"),
  env,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
