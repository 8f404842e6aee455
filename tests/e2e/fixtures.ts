import { createHash } from "node:crypto";
import { test as base, expect } from "@playwright/test";

/** Every page test fails on an unexpected console error or uncaught exception (docs/testing.md). */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Each test is its own visitor: a distinct client address, as Cloudflare would send it (the
  // local runtime passes the header through; the edge overwrites it). Per-IP limits on public
  // forms then count one test's posts, not the whole suite's.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const [a = 0, b = 0, c = 0] = createHash("sha256").update(testInfo.testId).digest();
    await use({ ...extraHTTPHeaders, "CF-Connecting-IP": `10.${a}.${b}.${c}` });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        // Chromium logs every 4xx answer (a 404 page, a 400 form answer, a 403 gate) as a failed
        // resource; those statuses are the behaviour under test, not errors.
        if (msg.type() === "error" && !/the server responded with a status of 4\d\d/.test(msg.text())) {
          errors.push(msg.text());
        }
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function gotoHydrated(page: import("@playwright/test").Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor();
  return response;
}
