import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "./dev-vars";

/**
 * `npm test` runs the end-to-end tier as two Playwright processes (E2E_SPLIT a and b,
 * playwright.config.ts). Together they must run exactly the tests one process runs: each once,
 * none left out.
 */
type Suite = {
  file: string;
  title?: string;
  suites?: Suite[];
  specs?: { title: string; tests: { projectName: string }[] }[];
};

function listed(split: string): string[] {
  const out = execFileSync("npx", ["playwright", "test", "--list", "--reporter=json"], {
    cwd: ROOT,
    env: { ...process.env, E2E_SPLIT: split },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const ids: string[] = [];
  // A test is named by its file, the describe blocks around it and its own title.
  const walk = (suite: Suite, name: string) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) ids.push(`${test.projectName} ${name} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child, `${name} › ${child.title ?? ""}`);
  };
  for (const suite of (JSON.parse(out) as { suites: Suite[] }).suites) walk(suite, suite.file);
  return ids;
}

describe("the end-to-end splits", () => {
  it("run every test of the whole tier exactly once", { timeout: 120_000 }, () => {
    const whole = listed("");
    const parts = ["a", "b"].map(listed);
    expect(whole.length).toBeGreaterThan(200);
    for (const part of parts) expect(part.length).toBeGreaterThan(0);
    const union = parts.flat();
    expect(union.length, "a test listed in two splits").toBe(new Set(union).size);
    expect([...union].sort()).toEqual([...whole].sort());
  });
});
