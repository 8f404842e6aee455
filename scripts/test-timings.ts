/**
 * Each test's wall time from the reports `npm test` writes (vitest's and Playwright's JSON), the
 * slowest first, and the budget they are held to (issue #47, docs/testing.md).
 */

/** One test's wall time, for the slowest list and the budget. */
export type Timing = { seconds: number; tier: string; name: string };

/** Every test gets 60 s on the 2-core machine; one over twice that fails the run (issue #47). */
export const BUDGET_S = 60;
export const LIMIT_S = 2 * BUDGET_S;

export type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numRuntimeErrorTestSuites?: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; assertionResults: { fullName: string; duration?: number | null }[] }[];
};
type PlaywrightSuite = {
  file: string;
  title: string;
  specs?: { title: string; tests: { projectName: string; results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
};
export type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
};

export function vitestTimings(tier: string, r: VitestReport | null, root = ""): Timing[] {
  return (r?.testResults ?? []).flatMap((file) =>
    file.assertionResults.map((a) => ({
      seconds: (a.duration ?? 0) / 1000,
      tier,
      name: `${root && file.name.startsWith(root) ? file.name.slice(root.length) : file.name} > ${a.fullName}`,
    })),
  );
}

export function playwrightTimings(tier: string, r: PlaywrightReport | null): Timing[] {
  const out: Timing[] = [];
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          out.push({
            seconds: result.duration / 1000,
            tier: `${tier} ${test.projectName}`,
            name: [...path, spec.title].join(" > "),
          });
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of r?.suites ?? []) walk(suite, [suite.file]);
  return out;
}

/** Every test's time, slowest first, and those over the limit. */
export function slowest(timings: Timing[]): { sorted: Timing[]; overLimit: Timing[] } {
  const sorted = [...timings].sort((a, b) => b.seconds - a.seconds);
  return { sorted, overLimit: sorted.filter((t) => t.seconds > LIMIT_S) };
}
