/**
 * Shared by the browser benchmarks: build the app (unless BENCH_SKIP_BUILD is set and a build
 * exists), serve it as `npm start` does on a fresh seeded local state of its own
 * (scripts/e2e-server.ts), and wait until it answers.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./dev-vars";

export async function startBenchServer(port: number, state = "bench-state") {
  if (!process.env.BENCH_SKIP_BUILD || !existsSync(join(ROOT, "apps/web/build/client"))) {
    execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  }
  const server = spawn("npx", ["tsx", "scripts/e2e-server.ts", String(port)], {
    cwd: ROOT,
    stdio: "ignore",
    env: { ...process.env, RELEVE_E2E_STATE: state },
    detached: true,
  });
  const origin = `http://localhost:${port}`;
  const stop = () => {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  };
  try {
    await waitForHealth(origin);
  } catch (error) {
    stop();
    throw error;
  }
  return { origin, stop };
}

/** Waits until the app at `origin` answers /api/health (at most 2 minutes). */
export async function waitForHealth(origin: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The app did not answer on ${origin} within 2 minutes`);
}

export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking"],
};
