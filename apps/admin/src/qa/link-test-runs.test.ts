import type { LinkTestResult } from "@releve/core/qa/tools";
import { describe, expect, it } from "vitest";
import { keepRun, type LinkTestRun, resultRows, runTitle } from "./link-test-runs";

const failed = (n: number): LinkTestRun => ({ id: `r${n}`, slug: `s-${n}`, viewer: "visitor", ok: false, reason: "x" });

describe("keepRun", () => {
  it("puts the newest first and keeps the last ten", () => {
    let runs: LinkTestRun[] = [];
    for (let n = 1; n <= 12; n++) runs = keepRun(runs, failed(n));
    expect(runs.map((r) => r.id)).toEqual(["r12", "r11", "r10", "r9", "r8", "r7", "r6", "r5", "r4", "r3"]);
  });
});

describe("runTitle", () => {
  it("names the slug and the viewer", () => {
    expect(runTitle({ slug: "mb-001", viewer: "owner" })).toBe("mb-001 · as owner");
    expect(runTitle({ slug: "mb-001", viewer: "visitor" })).toBe("mb-001 · as visitor");
  });
});

describe("resultRows", () => {
  const result = (diagnosis: Partial<LinkTestResult["diagnosis"]>, status = 302): LinkTestResult => ({
    slug: "mb-001",
    viewer: "visitor",
    path: "/t/mb-001",
    status,
    location: null,
    testedAt: 0,
    diagnosis: {
      found: true,
      garmentStatus: "unclaimed",
      active: true,
      viewer: "anonymous",
      outcome: "claim",
      action: "redirect",
      status,
      target: "/claim/mb-001",
      missing: null,
      source: "kv",
      cacheAgrees: true,
      ...diagnosis,
    },
  });

  it("reads a found garment's answer", () => {
    expect(resultRows(result({}))).toEqual([
      ["Found", "Yes"],
      ["Garment status", "unclaimed"],
      ["Active", "Yes"],
      ["Viewer", "Visitor"],
      ["Action", "Redirect (302)"],
      ["Target", "/claim/mb-001"],
      ["Answered from", "KV"],
      ["Cache agrees with D1", "Yes"],
    ]);
  });

  it("reads an unknown or malformed slug's answer", () => {
    const rows = Object.fromEntries(
      resultRows(
        result(
          {
            found: false,
            garmentStatus: null,
            active: null,
            viewer: null,
            action: "not_found",
            target: null,
            missing: "lost",
            source: null,
            cacheAgrees: null,
          },
          404,
        ),
      ),
    );
    expect(rows).toEqual({
      Found: "No",
      "Garment status": "—",
      Active: "—",
      Viewer: "—",
      Action: "Not found (404)",
      Target: "Missing page (lost)",
      "Answered from": "No lookup (not a valid slug)",
      "Cache agrees with D1": "No cached record",
    });
  });
});
