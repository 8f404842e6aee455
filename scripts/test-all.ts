/**
 * `npm test`: static checks, deploy dry runs, then the three test tiers (unit, workers
 * integration in workerd, end-to-end in Chromium). Every step runs even after a failure, so
 * one run reports everything; the exit code is non-zero if anything failed.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./dev-vars";
import { run } from "./run";

const results = join(ROOT, "test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

type Tally = { passed: number; failed: number; skipped: number };
const tiers: Record<string, Tally | null> = {};
const steps: Record<string, boolean> = {};

function vitestTally(file: string): Tally | null {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, "utf8"));
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0),
    skipped: r.numPendingTests + r.numTodoTests,
  };
}

function playwrightTally(file: string): Tally | null {
  if (!existsSync(file)) return null;
  const s = JSON.parse(readFileSync(file, "utf8")).stats;
  return { passed: s.expected, failed: s.unexpected + s.flaky, skipped: s.skipped };
}

steps.check = run("npm", ["run", "check"]);
steps.build = run("npm", ["run", "build"]);
steps["deploy:check"] = steps.build && run("npx", ["tsx", "scripts/deploy-check.ts", "--no-build"]);

for (const [tier, project] of [
  ["unit", "unit"],
  ["workers", "workers/*"],
] as const) {
  const out = join(results, `vitest-${tier}.json`);
  steps[tier] = run("npx", [
    "vitest",
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${out}`,
  ]);
  tiers[tier] = vitestTally(out);
}

const e2eOut = join(results, "e2e.json");
steps.e2e =
  steps.build &&
  run("npx", ["playwright", "test", "--reporter=list,json"], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut } });
tiers.e2e = playwrightTally(e2eOut);

const total: Tally = { passed: 0, failed: 0, skipped: 0 };
console.log("\nTier totals");
for (const [tier, t] of Object.entries(tiers)) {
  if (!t) {
    console.log(`  ${tier.padEnd(8)} did not report (see its output above)`);
    total.failed += 1;
    continue;
  }
  console.log(`  ${tier.padEnd(8)} ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
  total.passed += t.passed;
  total.failed += t.failed;
  total.skipped += t.skipped;
}
const failedSteps = Object.entries(steps)
  .filter(([, ok]) => !ok)
  .map(([name]) => name);
console.log(
  `  steps    ${failedSteps.length ? `failed: ${failedSteps.join(", ")}` : "check, build and deploy:check passed"}`,
);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length || total.failed ? 1 : 0);
