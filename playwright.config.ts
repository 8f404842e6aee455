import { existsSync } from "node:fs";
import { defineConfig, devices, type Project } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4510);

/**
 * `npm test` runs this tier as four Playwright processes at once (scripts/test-all.ts), each
 * with its own server, port and fresh state (E2E_SPLIT): a, the phone project's browser specs;
 * b, the desktop project; c, the phone project's specs that send requests and open no browser
 * (the security suites, local-server) but the fuzz's second part; d, that part (the JSON APIs and
 * search boxes: the fuzz is the longest spec, and its two parts wait on answers, not the CPU).
 * Without E2E_SPLIT every project runs in one process. The union of the four is exactly that
 * run: `npx playwright test --list` lists the same tests with and without E2E_SPLIT
 * (scripts/e2e-splits.test.ts).
 */
const SPLITS = ["a", "b", "c", "d"] as const;
const SPLIT = process.env.E2E_SPLIT;
if (SPLIT && !(SPLITS as readonly string[]).includes(SPLIT))
  throw new Error(`E2E_SPLIT is one of ${SPLITS.join(", ")} or unset, not "${SPLIT}"`);
const API_ONLY = [/\/tests\/e2e\/security\/[^/]+\.spec\.ts$/, /\/tests\/e2e\/local-server\.spec\.ts$/];
const FUZZ_SECOND_PART = /fuzz, JSON APIs and searches:/;
const suffix = SPLIT ? `-${SPLIT}` : "";
// The server's state folder (scripts/e2e-server.ts), which the security suites also read.
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
  ...(SPLIT === "a"
    ? { testIgnore: API_ONLY }
    : SPLIT === "c"
      ? { testMatch: API_ONLY, grepInvert: FUZZ_SECOND_PART }
      : SPLIT === "d"
        ? { testMatch: API_ONLY, grep: FUZZ_SECOND_PART }
        : {}),
};
const desktop: Project = {
  name: "desktop",
  use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
  // The newcomer's tour is taken on a phone (issue #10); a11y.spec covers desktop. The
  // fresh-counts tour registers the one seeded garment no other test uses, so it runs once.
  // The security suites (issue #17) send requests, no browser: the viewport changes nothing;
  // so does local-server.spec (raw sockets).
  testIgnore: [/public\.spec\.ts/, /fresh-counts\.spec\.ts/, /security\//, /local-server\.spec\.ts/],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/e2e${suffix}`,
  fullyParallel: false,
  workers: 1,
  // Time limits, never assertions (no test asserts a wall-clock time): `npm test` runs four of
  // these processes beside the vitest tiers on two cores (decision 0045), where a step that
  // takes 2 s alone can take 8.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: `test-results/e2e${suffix}.json` }]] : "list",
  use: {
    baseURL: `http://localhost:${PORT}`,
    // DOM snapshots of every step, kept for a failed test; no screencast, which costs a fifth of
    // a browser spec's CPU.
    trace: { mode: "retain-on-failure", screenshots: false },
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
  projects: SPLIT === "b" ? [desktop] : SPLIT ? [phone] : [phone, desktop],
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
