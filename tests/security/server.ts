/**
 * The security project's global set-up: the built app served on a fresh seeded local state of
 * its own, exactly as the end-to-end tier and `npm start` serve it (scripts/e2e-server.ts), for
 * the suites to send requests to. The build must exist (`npm test` builds first;
 * `npm run test:security` builds too).
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { TestProject } from "vitest/node";
import { ROOT } from "../../scripts/dev-vars";
import { SECURITY_PORT, SECURITY_STATE } from "./where";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

async function answers(url: string) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

export default async function setup(project: TestProject) {
  const baseURL = `http://localhost:${SECURITY_PORT}`;
  if (await answers(`${baseURL}/api/health`)) throw new Error(`port ${SECURITY_PORT} is taken (E2E_SECURITY_PORT)`);
  const server: ChildProcess = spawn("npx", ["tsx", "scripts/e2e-server.ts", String(SECURITY_PORT)], {
    cwd: ROOT,
    env: { ...process.env, RELEVE_E2E_STATE: SECURITY_STATE, RELEVE_LOG_REQUESTS: "0" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  let exited: number | null | undefined;
  server.on("exit", (code) => {
    exited = code;
  });
  const deadline = Date.now() + 180_000;
  while (!(await answers(`${baseURL}/api/health`))) {
    if (exited !== undefined) throw new Error(`the security suites' server exited with ${exited} before answering`);
    if (Date.now() > deadline) throw new Error(`the security suites' server did not answer at ${baseURL} in 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  project.provide("baseURL", baseURL);
  return async () => {
    if (exited !== undefined || server.pid === undefined) return;
    const gone = new Promise((resolve) => server.once("exit", resolve));
    process.kill(-server.pid, "SIGTERM");
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  };
}
