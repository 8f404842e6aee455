import { describe, expect, it } from "vitest";
import { SIGN_IN_DELAY, signInDelayMs } from "./sign-in-delay";

describe("signInDelayMs", () => {
  it("waits nothing for the first few failures", () => {
    for (let failures = 0; failures < SIGN_IN_DELAY.freeFailures; failures++) expect(signInDelayMs(failures)).toBe(0);
  });

  it("then waits longer with every failure, doubling from the first wait", () => {
    const waits = Array.from({ length: 5 }, (_, i) => signInDelayMs(SIGN_IN_DELAY.freeFailures + i));
    expect(waits).toEqual([250, 500, 1000, 2000, 3000]);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1] ?? 0);
  });

  it("never waits more than the cap, a few seconds, however many failures", () => {
    expect(SIGN_IN_DELAY.maxMs).toBeLessThanOrEqual(5000);
    for (const failures of [9, 10, 50, 1_000, 1e9, Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY])
      expect(signInDelayMs(failures), String(failures)).toBe(SIGN_IN_DELAY.maxMs);
  });

  it("never grows smaller as failures grow", () => {
    let last = 0;
    for (let failures = 0; failures <= 100; failures++) {
      const wait = signInDelayMs(failures);
      expect(wait).toBeGreaterThanOrEqual(last);
      last = wait;
    }
  });

  it("reads a count that is not one as none", () => {
    expect(signInDelayMs(Number.NaN)).toBe(0);
    expect(signInDelayMs(-3)).toBe(0);
  });

  it("follows the rule it is given", () => {
    const rule = { freeFailures: 2, firstMs: 100, maxMs: 350 };
    expect([1, 2, 3, 4, 5].map((n) => signInDelayMs(n, rule))).toEqual([0, 100, 200, 350, 350]);
  });
});
