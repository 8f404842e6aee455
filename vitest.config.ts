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
        },
      },
      "apps/web/vitest.config.ts",
      "workers/tap/vitest.config.ts",
      "workers/scan-jobs/vitest.config.ts",
    ],
  },
});
