import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: [
            "packages/*/src/**/*.test.{ts,tsx}",
            "apps/*/app/**/*.test.{ts,tsx}",
            "apps/admin/src/**/*.test.{ts,tsx}",
            "scripts/**/*.test.ts",
          ],
          // The verbs' tests and packages/db's *.workers.test.ts run in workerd, with the real
          // bindings (packages/verbs/vitest.config.ts, packages/db/vitest.config.ts).
          exclude: ["packages/verbs/**", "**/*.workers.test.ts", "**/node_modules/**"],
          setupFiles: ["tests/console-errors.ts"],
          // A time limit, not an assertion: `npm test` runs this tier beside the end-to-end
          // lanes on two cores (decision 0045).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "security",
          environment: "node",
          include: ["tests/security/**/*.test.ts"],
          // One real local server for the suites (the built app, as `npm start` serves it); they
          // fingerprint its database around each request, so one file at a time, one author.
          globalSetup: ["tests/security/server.ts"],
          fileParallelism: false,
          setupFiles: ["tests/console-errors.ts"],
          // Limits, not assertions: a set-up signs up accounts and makes rows over HTTP, and a
          // test sends a few hundred requests one by one (issue #47's budget: 60 s a test).
          hookTimeout: 120_000,
          testTimeout: 120_000,
        },
      },
      "apps/web/vitest.config.ts",
      "workers/tap/vitest.config.ts",
      "workers/scan-jobs/vitest.config.ts",
      "packages/verbs/vitest.config.ts",
      "packages/db/vitest.config.ts",
    ],
  },
});
