/**
 * The tap worker's budgets (issues #5 and #29): its bundle stays under 50 KiB gzip and pulls in
 * no zod (the tap parses with hand-written checks; zod alone would take most of the budget).
 * Bundled here with esbuild as `wrangler deploy` bundles it (ESM, the workerd conditions, not
 * minified, no `keep_names` (workers/tap/wrangler.jsonc), `cloudflare:` and `node:` left to the
 * runtime), so a test can hold the line without a
 * deploy; bench:tap prints the size of wrangler's own output beside it.
 */
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

export const TAP_BUNDLE_BUDGET_BYTES = 50 * 1024;
/** Packages the tap must never bundle, each with the reason a failure gives. */
export const TAP_FORBIDDEN_PACKAGES: Record<string, string> = {
  zod: "the tap never bundles zod",
  "drizzle-orm": "the tap never bundles drizzle (db/tap/cache.ts queries D1 in plain SQL)",
};

/** The bundle's size, and the files with code in it (paths from the repository root). */
export type TapBundle = { bytes: number; gzipBytes: number; inputs: string[] };

export async function bundleTap(entry: string): Promise<TapBundle> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "neutral",
    target: "es2024",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    external: ["cloudflare:*", "node:*"],
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  // What the output holds: a module esbuild reached but tree-shook away entirely (a zod schema
  // beside a helper the tap uses, say) costs nothing and is not counted.
  const output = Object.values(result.metafile.outputs)[0];
  return {
    bytes: code.length,
    gzipBytes: gzipSync(code, { level: 9 }).length,
    inputs: Object.entries(output?.inputs ?? {})
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path),
  };
}

/** What breaks a budget, one sentence each; empty when the bundle is within them. */
export function tapBudgetProblems(bundle: TapBundle): string[] {
  const problems: string[] = [];
  if (bundle.gzipBytes > TAP_BUNDLE_BUDGET_BYTES) {
    problems.push(
      `the tap bundle is ${(bundle.gzipBytes / 1024).toFixed(1)} KiB gzip, over its ${TAP_BUNDLE_BUDGET_BYTES / 1024} KiB budget`,
    );
  }
  for (const [name, reason] of Object.entries(TAP_FORBIDDEN_PACKAGES)) {
    const culprit = bundle.inputs.find((input) => input.includes(`node_modules/${name}/`));
    if (culprit) problems.push(`${reason}: ${culprit} is in it`);
  }
  return problems;
}
