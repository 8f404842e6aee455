/**
 * The tap's budgets held in `npm test` (issue #29): under 50 KiB gzip, no zod, no drizzle. Each
 * check is shown to fire on a deliberate violation: an entry beside the tap's own that imports
 * it and breaks one budget, bundled the same way, then removed.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./dev-vars";
import { bundleTap, TAP_BUNDLE_BUDGET_BYTES, tapBudgetProblems } from "./tap-budget";

const TAP_ENTRY = join(ROOT, "workers/tap/src/index.ts");

async function withPlantedEntry(source: string) {
  const file = join(ROOT, "workers/tap/src/zz-budget-violation.ts");
  writeFileSync(file, `export * from "./index";\n${source}\n`);
  try {
    return tapBudgetProblems(await bundleTap(file));
  } finally {
    rmSync(file, { force: true });
  }
}

describe("the tap worker's bundle budget", () => {
  it("the tap as it is: under 50 KiB gzip, with neither zod nor drizzle in it", async () => {
    const bundle = await bundleTap(TAP_ENTRY);
    expect(tapBudgetProblems(bundle)).toEqual([]);
    expect(bundle.gzipBytes).toBeLessThanOrEqual(TAP_BUNDLE_BUDGET_BYTES);
    // The bundle is the tap's: its own entry and the shared rules it reads are in it.
    expect(bundle.inputs).toContain("workers/tap/src/index.ts");
    expect(bundle.inputs.some((i) => i.startsWith("packages/core/src/tap/rules"))).toBe(true);
  });

  it("fires when tap code pulls in zod, even through a shared module", async () => {
    const problems = await withPlantedEntry(
      'import { ScanMessageSchema } from "@releve/core/tap/scan-message";\nexport const parse = (v: unknown) => ScanMessageSchema.parse(v);',
    );
    expect(problems.join("\n")).toMatch(/the tap never bundles zod: .*node_modules\/zod\//);
  });

  it("fires when tap code pulls in drizzle", async () => {
    const problems = await withPlantedEntry('export { getDb } from "@releve/db/client";');
    expect(problems.join("\n")).toMatch(/the tap never bundles drizzle/);
  });

  it("fires when the bundle passes 50 KiB gzip", async () => {
    // 60 KiB of hex noise: gzip can halve it at best, so it adds well over 25 KiB.
    const noise = Array.from(crypto.getRandomValues(new Uint8Array(60 * 1024)), (b) => b.toString(16)).join("");
    const problems = await withPlantedEntry(`export const noise = "${noise}";`);
    expect(problems.join("\n")).toMatch(/the tap bundle is \d+\.\d KiB gzip, over its 50 KiB budget/);
  });
});
