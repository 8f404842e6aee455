import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, gotoHydrated, test } from "./fixtures";

// axe-core on every public page (issue #10): zero violations, on the phone and the desktop.
async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
    [],
  );
}

for (const path of [
  "/",
  "/learn-more",
  "/blog",
  "/blog?category=event-highlights",
  "/blog/future-of-fashion-technology",
  "/blog/style-releve-networking-events",
  "/blog/crafting-connection-making-releve",
  "/get-early-access",
  "/nfc-demo",
  "/no-such-page",
]) {
  test(`axe finds nothing on ${path}`, async ({ page }) => {
    await page.goto(path); // several public pages are plain HTML and never hydrate (decision 0020)
    await expectNoViolations(page);
  });
}

test("axe finds nothing on the early-access form showing its errors", async ({ page }) => {
  await page.goto("/get-early-access");
  await page.getByRole("button", { name: "Join the List" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoViolations(page);
});

test("axe finds nothing with the demo video dialog open", async ({ page }) => {
  await gotoHydrated(page, "/nfc-demo");
  await page.getByRole("button", { name: "See It in Action" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page);
});
