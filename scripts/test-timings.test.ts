import { describe, expect, it } from "vitest";
import { LIMIT_S, playwrightTimings, slowest, vitestTimings } from "./test-timings";

const vitestReport = (durations: number[]) => ({
  numPassedTests: durations.length,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [
    {
      name: "/repo/apps/web/test/a.test.ts",
      assertionResults: durations.map((ms, i) => ({ fullName: `test ${i}`, duration: ms })),
    },
  ],
});

const playwrightReport = {
  stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 },
  suites: [
    {
      file: "tap.spec.ts",
      title: "tap.spec.ts",
      specs: [{ title: "a tap", tests: [{ projectName: "phone", results: [{ duration: 4_000 }] }] }],
      suites: [
        {
          file: "tap.spec.ts",
          title: "in French",
          specs: [{ title: "a tap", tests: [{ projectName: "desktop", results: [{ duration: 125_000 }] }] }],
        },
      ],
    },
  ],
};

describe("the test budget of npm test (issue #47)", () => {
  it("reads every test's time from vitest's and Playwright's reports, named by file and title", () => {
    const timings = [
      ...vitestTimings("workers", vitestReport([1_500, 30]), "/repo/"),
      ...playwrightTimings("e2e", playwrightReport),
    ];
    expect(timings).toEqual([
      { seconds: 1.5, tier: "workers", name: "apps/web/test/a.test.ts > test 0" },
      { seconds: 0.03, tier: "workers", name: "apps/web/test/a.test.ts > test 1" },
      { seconds: 4, tier: "e2e phone", name: "tap.spec.ts > a tap" },
      { seconds: 125, tier: "e2e desktop", name: "tap.spec.ts > in French > a tap" },
    ]);
  });

  it("lists the slowest first and names every test over twice the 60 s budget", () => {
    const { sorted, overLimit } = slowest([
      ...vitestTimings("unit", vitestReport([119_999, 120_001, 10])),
      ...playwrightTimings("e2e", playwrightReport),
    ]);
    expect(LIMIT_S).toBe(120);
    expect(sorted.map((t) => t.seconds)).toEqual([125, 120.001, 119.999, 4, 0.01]);
    expect(overLimit.map((t) => `${t.tier} ${t.name}`)).toEqual([
      "e2e desktop tap.spec.ts > in French > a tap",
      "unit /repo/apps/web/test/a.test.ts > test 1",
    ]);
  });

  it("reads no times from a report that is missing (its tier failed to start)", () => {
    expect(vitestTimings("unit", null)).toEqual([]);
    expect(playwrightTimings("e2e", null)).toEqual([]);
  });
});
