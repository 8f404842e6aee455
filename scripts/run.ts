import { spawnSync } from "node:child_process";
import { ROOT } from "./dev-vars";

/** Runs a command from the repo root with inherited output; returns whether it succeeded. */
export function run(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): boolean {
  console.log(`\n$ ${[cmd, ...args].join(" ")}`);
  const result = spawnSync(cmd, args, {
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, ...opts.env },
    stdio: "inherit",
  });
  return result.status === 0;
}
