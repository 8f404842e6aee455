/**
 * Serves the built app for Playwright (and the page benchmarks) on a fresh, seeded local state
 * of its own: apps/web/.wrangler/<RELEVE_E2E_STATE, default e2e-state>. The same start as
 * `npm start` (scripts/local.ts: migrations, seed, the built Workers straight from workerd,
 * crons), in this process, so a signal to it stops the whole server.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./dev-vars";

const port = process.argv[2] ?? "4510";
const stateDir = join(ROOT, "apps/web/.wrangler", process.env.RELEVE_E2E_STATE ?? "e2e-state");
rmSync(stateDir, { recursive: true, force: true });
process.env.RELEVE_STATE_DIR = stateDir;
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

// Imported after RELEVE_STATE_DIR is set: local.ts reads it once.
const { start } = await import("./local");
await start(port);
