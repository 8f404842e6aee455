import { existsSync } from "node:fs";
import { defineConfig, devices, type Project } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4510);

/**
 * `npm test` runs this tier as two Playwright processes at once (scripts/test-all.ts), each with
 * its own server, port and fresh state (E2E_SPLIT): a, the phone project; b, the desktop project.
 * Without E2E_SPLIT both projects run in one process. The union of the two is exactly that run:
 * `npx playwright test --list` lists the same tests with and without E2E_SPLIT
 * (scripts/e2e-splits.test.ts). The suites that send requests and open no browser (the
 * authorization matrix, the fuzz, the redirect table, the local server's probe) run in Node, in
 * vitest's `security` project (tests/security, issue #47).
 */
const SPLITS = ["a", "b"] as const;
const SPLIT = process.env.E2E_SPLIT;
if (SPLIT && !(SPLITS as readonly string[]).includes(SPLIT))
  throw new Error(`E2E_SPLIT is one of ${SPLITS.join(", ")} or unset, not "${SPLIT}"`);
const suffix = SPLIT ? `-${SPLIT}` : "";
// The server's state folder (scripts/e2e-server.ts).
process.env.RELEVE_E2E_STATE ??= `e2e-state${suffix}`;

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the same release as chromium),
 * which is what Playwright itself runs headless, a lighter program than the full browser's
 * headless mode (its CPU saving was not measured here on its own). The full browser when it is not installed; CHROMIUM_PATH
 * names another.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

const phone: Project = {
  name: "phone",
  use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, defaultBrowserType: "chromium" },
};
const desktop: Project = {
  name: "desktop",
  use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
  // The newcomer's tour is taken on a phone (issue #10); a11y.spec covers desktop. The
  // fresh-counts tour registers the one seeded garment no other test uses, so it runs once. The
  // walk of issue #49 (maison.spec) is a phone's, in both languages.
  // admin-maison.spec (issue #49 item 8) runs on both: only maison.spec itself is left out.
  testIgnore: [/public\.spec\.ts/, /fresh-counts\.spec\.ts/, /(^|[\\/])maison\.spec\.ts$/],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/e2e${suffix}`,
  fullyParallel: false,
  workers: 1,
  // Time limits, never assertions (no test asserts a wall-clock time): `npm test` runs two of
  // these processes beside the vitest tiers on two cores (decisions 0045, 0064), where a step
  // that takes 2 s alone can take 8. The limit is the budget's: 60 s a test, twice that fails.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: `test-results/e2e${suffix}.json` }]] : "list",
  use: {
    baseURL: `http://localhost:${PORT}`,
    // No trace by default (decision 0070): recording every step's DOM costs CPU in every test,
    // on the two cores the suite shares; a failed test keeps its screenshot and its page's
    // accessibility snapshot (error-context.md). E2E_TRACE=1 records traces again, kept for a
    // failed test, to replay one in `npx playwright show-trace`.
    trace: process.env.E2E_TRACE ? { mode: "retain-on-failure", screenshots: false } : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: SPLIT === "b" ? [desktop] : SPLIT === "a" ? [phone] : [phone, desktop],
  webServer: {
    // The app must be built first (`npm run test:e2e` does it). A fresh local state
    // folder per run: migrations, seed and the built Workers served from workerd by the same
    // script `npm start` uses (decision 0032).
    command: `tsx scripts/e2e-server.ts ${PORT}`,
    // Playwright discards the server's stdout: no request log (one loopback call per request).
    env: { RELEVE_LOG_REQUESTS: "0" },
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
