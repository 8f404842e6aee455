import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: ["packages/*/src/**/*.test.{ts,tsx}", "apps/*/app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          setupFiles: ["tests/console-errors.ts"],
          // A time limit, not an assertion: `npm test` runs this tier beside the end-to-end
          // lanes on two cores (decision 0045).
          testTimeout: 30_000,
        },
      },
      "apps/web/vitest.config.ts",
      "workers/tap/vitest.config.ts",
      "workers/scan-jobs/vitest.config.ts",
    ],
  },
});
