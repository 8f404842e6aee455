/**
 * `wrangler deploy --dry-run` for every worker: bundles each exactly as a deploy would and
 * validates its config and bindings, with no network. Pass --no-build when the shell is built.
 */
import { join } from "node:path";
import { ROOT } from "./dev-vars";
import { run } from "./run";

const noBuild = process.argv.includes("--no-build");
const env = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const steps: Array<[string, () => boolean]> = [
  ...(noBuild ? [] : ([["build", () => run("npm", ["run", "build"])]] as Array<[string, () => boolean]>)),
  // The Vite build writes .wrangler/deploy/config.json, which points wrangler at build/server.
  [
    "web",
    () =>
      run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", ".wrangler/dry-run"], {
        cwd: join(ROOT, "apps/web"),
        env,
      }),
  ],
  ...["tap", "scan-jobs"].map(
    (w) =>
      [
        w,
        () =>
          run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", "dist/dry-run"], {
            cwd: join(ROOT, "workers", w),
            env,
          }),
      ] as [string, () => boolean],
  ),
];

const failed = steps.filter(([, step]) => !step()).map(([name]) => name);
if (failed.length) {
  console.error(`\ndeploy:check failed for: ${failed.join(", ")}`);
  process.exit(1);
}
console.log("\ndeploy:check: every worker bundles and validates for deploy.");
