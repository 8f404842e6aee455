/**
 * `npm test`: static checks, deploy dry runs, then the test tiers (unit, workers integration in
 * workerd, security suites in Node against a real local server, end-to-end in Chromium). Every
 * step runs even after a failure, so one run reports everything; the exit code is non-zero if
 * anything failed.
 *
 * Order: the build and the deploy dry runs, then four lanes at once, so that the two cores never
 * wait (decisions 0045, 0064): the end-to-end tier as two Playwright processes (E2E_SPLIT a, the
 * phone project; b, the desktop project, playwright.config.ts), each with its own server on its
 * own port (E2E_PORT, default 4510, and the next) and its own fresh state; the security suites
 * with a server of their own (tests/security/server.ts); and check, unit and workers one after
 * the other. Lines of a lane are prefixed with its name ([e2e:a], [check], ...). The closing
 * summary gives every step's wall time and the ten slowest tests; a test over twice the 60 s
 * budget fails the run (docs/testing.md).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./dev-vars";
import { run } from "./run";
import {
  BUDGET_S,
  LIMIT_S,
  type PlaywrightReport,
  playwrightTimings,
  slowest,
  type VitestReport,
  vitestTimings,
} from "./test-timings";

const readJson = <T>(file: string): T | null =>
  existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : null;

const results = join(ROOT, "test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

type Tally = { passed: number; failed: number; skipped: number };
const tiers: Record<string, Tally | null> = {};
const steps: Record<string, boolean> = {};
/** Wall time of each step and tier, in seconds, in the order they ended. */
const seconds: Record<string, number> = {};
const started = performance.now();
function vitestTally(file: string): Tally | null {
  const r = readJson<VitestReport>(file);
  if (!r) return null;
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0),
    skipped: r.numPendingTests + r.numTodoTests,
  };
}

function playwrightTally(file: string): Tally | null {
  const s = readJson<PlaywrightReport>(file)?.stats;
  if (!s) return null;
  return { passed: s.expected, failed: s.unexpected + s.flaky, skipped: s.skipped };
}

/** Runs a step to its end, timed. */
function timed(name: string, step: () => boolean): boolean {
  const t0 = performance.now();
  const ok = step();
  seconds[name] = (performance.now() - t0) / 1000;
  return ok;
}

/**
 * Starts a command beside others, its output line by line behind `[name] `; resolves to whether it
 * succeeded, and records its wall time.
 */
function background(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  console.log(`\n$ [${name}] ${[cmd, ...args].join(" ")}`);
  const t0 = performance.now();
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let rest = "";
    from.setEncoding("utf8");
    from.on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) to.write(`[${name}] ${line}\n`);
    });
    from.on("end", () => {
      if (rest) to.write(`[${name}] ${rest}\n`);
    });
  }
  return new Promise((resolve) => {
    child.on("error", (error) => console.error(`[${name}] ${error}`));
    child.on("close", (code) => {
      seconds[name] = (performance.now() - t0) / 1000;
      console.log(`[${name}] exited with ${code} after ${seconds[name]?.toFixed(0)} s`);
      resolve(code === 0);
    });
  });
}

const vitest = (project: string, out: string) => [
  "vitest",
  "run",
  "--project",
  project,
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${out}`,
];

steps.build = timed("build", () => run("npm", ["run", "build"]));
// Before the other tiers: the security suites' local-server test briefly moves
// apps/web/build/client, which the web dry run reads.
steps["deploy:check"] =
  steps.build && timed("deploy:check", () => run("npx", ["tsx", "scripts/deploy-check.ts", "--no-build"]));

const unitOut = join(results, "vitest-unit.json");
const workersOut = join(results, "vitest-workers.json");
const securityOut = join(results, "vitest-security.json");
const basePort = Number(process.env.E2E_PORT ?? 4510);
const splits = ["a", "b"] as const;
const e2eOut = (split: string) => join(results, `e2e-${split}.json`);
const lanesStarted = performance.now();
const [, security, ...e2e] = await Promise.all([
  (async () => {
    steps.check = await background("check", "npm", ["run", "check"]);
    steps.unit = await background("unit", "npx", vitest("unit", unitOut));
    steps.workers = await background("workers", "npx", vitest("workers/*", workersOut));
  })(),
  steps.build ? background("security", "npx", vitest("security", securityOut)) : Promise.resolve(false),
  ...splits.map((split, i) =>
    steps.build
      ? background(`e2e:${split}`, "npx", ["playwright", "test", "--reporter=list,json"], {
          E2E_SPLIT: split,
          E2E_PORT: String(basePort + i),
          RELEVE_E2E_STATE: `e2e-state-${split}`,
          PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut(split),
        })
      : Promise.resolve(false),
  ),
]);
seconds.lanes = (performance.now() - lanesStarted) / 1000;
tiers.unit = vitestTally(unitOut);
tiers.workers = vitestTally(workersOut);
steps.security = security;
tiers.security = vitestTally(securityOut);
steps.e2e = e2e.every(Boolean);
const e2eTallies = splits.map((split) => playwrightTally(e2eOut(split)));
tiers.e2e = e2eTallies.every(Boolean)
  ? e2eTallies.reduce<Tally>(
      (sum, t) => ({
        passed: sum.passed + (t?.passed ?? 0),
        failed: sum.failed + (t?.failed ?? 0),
        skipped: sum.skipped + (t?.skipped ?? 0),
      }),
      { passed: 0, failed: 0, skipped: 0 },
    )
  : null;
seconds.e2e = Math.max(...splits.map((split) => seconds[`e2e:${split}`] ?? 0));

const { sorted: timings, overLimit } = slowest([
  ...vitestTimings("unit", readJson<VitestReport>(unitOut), ROOT),
  ...vitestTimings("workers", readJson<VitestReport>(workersOut), ROOT),
  ...vitestTimings("security", readJson<VitestReport>(securityOut), ROOT),
  ...splits.flatMap((split) => playwrightTimings("e2e", readJson<PlaywrightReport>(e2eOut(split)))),
]);

const time = (s: number | undefined) => {
  if (s === undefined) return "-";
  return s < 60 ? `${s.toFixed(1)}s` : `${Math.floor(s / 60)}m ${String(Math.round(s % 60)).padStart(2, "0")}s`;
};
const row = (name: string, result: string, took: string) =>
  console.log(`  ${name.padEnd(13)} ${result.padEnd(34)} ${took.padStart(7)}`);

const total: Tally = { passed: 0, failed: 0, skipped: 0 };
console.log("\nTier totals and wall times");
for (const name of ["check", "build", "deploy:check"]) {
  row(name, name in steps ? (steps[name] ? "passed" : "FAILED") : "skipped (build failed)", time(seconds[name]));
}
for (const [tier, t] of Object.entries(tiers)) {
  const took = time(seconds[tier]);
  const splitTimes = tier === "e2e" ? `  (${splits.map((s) => `${s} ${time(seconds[`e2e:${s}`])}`).join(", ")})` : "";
  if (!t) {
    row(tier, "did not report (see its output above)", took + splitTimes);
    total.failed += 1;
    continue;
  }
  row(tier, `${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`, took + splitTimes);
  total.passed += t.passed;
  total.failed += t.failed;
  total.skipped += t.skipped;
}
row("lanes", "e2e a, b, security, check > unit > workers", time(seconds.lanes));
row("npm test", "", time((performance.now() - started) / 1000));
console.log(`\nThe ten slowest tests (budget ${BUDGET_S} s a test; over ${LIMIT_S} s fails the run)`);
for (const t of timings.slice(0, 10)) {
  console.log(`  ${t.seconds.toFixed(1).padStart(6)} s  ${t.tier.padEnd(16)} ${t.name.slice(0, 150)}`);
}
steps.budget = overLimit.length === 0;
for (const t of overLimit) {
  console.log(`  OVER ${LIMIT_S} s: ${t.seconds.toFixed(1)} s  ${t.tier}  ${t.name} (split it: docs/testing.md)`);
}
const failedSteps = Object.entries(steps)
  .filter(([, ok]) => !ok)
  .map(([name]) => name);
console.log(`  steps         ${failedSteps.length ? `failed: ${failedSteps.join(", ")}` : "every step passed"}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length || total.failed ? 1 : 0);
