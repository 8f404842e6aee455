import { test as base, expect } from "@playwright/test";

/** Every page test fails on an unexpected console error or uncaught exception (STYLE.md). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        // A document answered with 404 is logged by Chromium as a failed resource: expected on 404 pages.
        if (msg.type() === "error" && !/status of 404/.test(msg.text())) errors.push(msg.text());
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
