import { createHash } from "node:crypto";
import { devices, type Locator, type Page } from "@playwright/test";
import { demoPassword, signIn, signUp, uniqueEmail } from "./accounts";
import { expect, test } from "./fixtures";

// Issue #16: a phone's tap shows on every page that counts it within 10 s of the queue
// delivering it, the same number everywhere. The e2e server runs the crons on schedule, so
// the rollup may or may not run meanwhile: the figures must not care. A fresh owner with one
// garment, so the owner's, the garment's and today's figures are all this one tap.

const PASSWORD = "fresh-counts-2024!";
// The one seeded unclaimed garment no other test uses, and last in the admin's unclaimed list
// (claiming a stock piece would move admin-portal.spec's rows between pages). Registrations are
// permanent, so only the phone project runs this.
const SLUG = "ss-002";

/** Reloads `path` until the number `read` finds there is `expected`, for at most 10 s. */
async function expectFigure(page: Page, path: string, read: (page: Page) => Locator, expected: number) {
  await expect
    .poll(
      async () => {
        await page.goto(path);
        const figure = read(page);
        await figure.waitFor();
        return Number((await figure.innerText()).replace(/\D/g, ""));
      },
      { message: `${path} shows ${expected}`, timeout: 20_000 },
    )
    .toBe(expected);
}

/** A client address of this test's own, as Cloudflare would send it (see fixtures.ts). */
function clientIp(testId: string, who: string) {
  const [a = 0, b = 0, c = 0] = createHash("sha256").update(`${testId} ${who}`).digest();
  return { "CF-Connecting-IP": `10.${a}.${b}.${c}` };
}

const adminScans = (page: Page) =>
  page
    .getByRole("term")
    .filter({ hasText: /^Scans$/ })
    .locator("xpath=..")
    .getByRole("definition")
    .getByText(/^[\d,]+$/);

test("a phone's tap shows on the dashboard, wardrobe, garment page, analytics and admin dashboard", async ({
  page,
  browser,
}, testInfo) => {
  const slug = SLUG;

  // A new owner registers one garment.
  await signUp(page, uniqueEmail("fresh"), PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  await page.goto("/garment-registration");
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByLabel("Name *").fill("My piece");
  await page.getByLabel("Garment type *").selectOption("Jacket");
  await page.getByLabel("Chip id *").fill(slug);
  await page.getByRole("button", { name: "Register Garment" }).click();
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Complete Setup & View Wardrobe" }).click();
  await expect(page).toHaveURL(/\/dashboard\/wardrobe\?claimed=\d+$/);
  const details = await page.getByRole("link", { name: "View Details" }).getAttribute("href");
  expect(details).toMatch(/^\/dashboard\/garment\/\d+$/);

  const adminContext = await browser.newContext({ extraHTTPHeaders: clientIp(testInfo.testId, "admin") });
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@releve.local", demoPassword("admin"));
  await expect(admin).not.toHaveURL(/\/auth/);
  await admin.goto("/admin/nfc-dashboard");
  const before = Number((await adminScans(admin).innerText()).replace(/\D/g, ""));

  // A visitor taps it from a phone (a headless browser's own user agent is rightly a bot).
  const visitor = await browser.newContext({
    ...devices["Pixel 7"],
    extraHTTPHeaders: clientIp(testInfo.testId, "visitor"),
  });
  const phone = await visitor.newPage();
  await phone.goto(`/t/${slug}`);
  // The share page answered in place (decision 0029).
  await expect(phone).toHaveURL(new RegExp(`/t/${slug}$`));
  await expect(phone.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/share/${slug}$`));
  await visitor.close();

  // "1 scan", "2 scans" (issue #35: plurals right; issue #49: one word for one count).
  await expectFigure(page, "/dashboard", (p) => p.getByText(/^[\d,]+ scans?$/), 1);
  await expectFigure(
    page,
    "/dashboard/wardrobe",
    (p) =>
      p
        .getByRole("article")
        .getByRole("term")
        .filter({ hasText: /^Scans$/ })
        .locator("xpath=following-sibling::dd[1]"),
    1,
  );
  await expectFigure(
    page,
    details ?? "",
    (p) =>
      p
        .getByRole("term")
        .filter({ hasText: /^Total scans$/ })
        .locator("xpath=following-sibling::dd[1]"),
    1,
  );
  for (const window of ["Today", "All time"]) {
    await expectFigure(
      page,
      "/dashboard/analytics",
      (p) =>
        p
          .getByRole("listitem")
          .filter({ has: p.getByRole("heading", { name: window, exact: true }) })
          .getByRole("term")
          .filter({ hasText: /^Scans$/ })
          .locator("xpath=following-sibling::dd[1]"),
      1,
    );
  }
  await expectFigure(admin, "/admin/nfc-dashboard", adminScans, before + 1);
  await adminContext.close();
});
