import { devices, type Page } from "@playwright/test";
import { demoPassword, signIn } from "./accounts";
import { expect, test } from "./fixtures";

// The tap path end to end (issues #5, #22): the shell forwards /t/* to the tap worker, which
// answers from KV or D1: a visitor on a claimed garment gets the share card in place (the
// shell's /share/<slug> page over the tap's SHELL binding, decision 0029), anyone else a 302.

test("a visitor's tap shows the card with exactly one document request and no redirect", async ({
  page,
  request,
  baseURL,
}) => {
  const res = await request.get("/t/cg-003", { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("text/html; charset=utf-8");
  expect(res.headers()["cache-control"]).toBe("private, no-store");
  expect(res.headers().link).toBe(`<${baseURL}/share/cg-003>; rel="canonical"`);
  expect(res.headers().location).toBeUndefined();

  const documents: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(r.url());
  });
  const response = await page.goto("/t/cg-003");
  expect(response?.status()).toBe(200);
  expect(response?.request().redirectedFrom()).toBeNull();
  await expect(page.getByRole("article", { name: "Camille Laurent's card" })).toBeVisible();
  await expect(page).toHaveURL(/\/t\/cg-003$/);
  expect(documents).toEqual([`${baseURL}/t/cg-003`]);
  // One address for the card, and the form posts to it, not to the tap.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/share/cg-003`);
  // The card's own form (the language switcher's, in the header and footer, posts to /language).
  await expect(page.getByRole("main").locator("form[method=post]")).toHaveAttribute("action", "/share/cg-003");
});

test("HEAD on a visitor's tap answers the shell's HEAD: its status, no body", async ({ request, baseURL }) => {
  const res = await request.head("/t/cg-003", { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("private, no-store");
  expect(res.headers().link).toBe(`<${baseURL}/share/cg-003>; rel="canonical"`);
  expect(await res.body()).toHaveLength(0);
});

test("from a tap, the form works with JavaScript off and lands on the success state", async ({
  browser,
  extraHTTPHeaders,
}, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders });
  const page = await context.newPage();
  await page.goto("/t/cg-003");
  await expect(page).toHaveURL(/\/t\/cg-003$/);
  await page.getByLabel("First Name *").fill(`Tapped no-JS ${testInfo.project.name}`);
  await page.getByLabel("Email").fill("tapped-nojs@example.com");
  await page.getByRole("button", { name: "Connect with Camille" }).click();
  await expect(page.getByRole("heading", { name: "Successfully Connected!" })).toBeVisible();
  await expect(page).toHaveURL(/\/share\/cg-003\?connected=1&w=\d+\.[\w-]{43}$/); // and the withdrawal link (issue #33)
  await context.close();
});

/** The owner's 'Total scans' for a garment, read from its page. */
async function totalScans(owner: Page, garmentId: number) {
  await owner.goto(`/dashboard/garment/${garmentId}`);
  const figure = owner
    .getByRole("term")
    .filter({ hasText: /^Total scans$/ })
    .locator("xpath=following-sibling::dd[1]");
  return Number(await figure.innerText());
}

test("one tap is one scan", async ({ page, browser, extraHTTPHeaders }) => {
  // Velvet Trousers (vt-006, id 6): the demo owner's, tapped by no other test.
  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  const before = await totalScans(page, 6);

  // A phone: a headless browser's own user agent is rightly a bot, and bots are not counted.
  const visitor = await browser.newContext({ ...devices["Pixel 7"], extraHTTPHeaders });
  const phone = await visitor.newPage();
  expect((await phone.goto("/t/vt-006"))?.status()).toBe(200);
  await expect(phone.getByRole("article", { name: "Camille Laurent's card" })).toBeVisible();
  await visitor.close();

  await expect.poll(() => totalScans(page, 6), { timeout: 20_000 }).toBe(before + 1);
  // Past the tap's batch (50 ms) and the consumer's (2 s): nothing more arrives.
  await page.waitForTimeout(3_000);
  expect(await totalScans(page, 6)).toBe(before + 1);
  const latest = page.getByRole("table", { name: "The latest 10 scans" }).getByRole("row").nth(1);
  await expect(latest).toContainText("Tap (anonymous)");
});

test("a tap on an unclaimed garment lands on its claim page, which shows the piece and offers an account", async ({
  page,
  request,
}) => {
  const res = await request.get("/t/mb-001", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe("/claim/mb-001");
  await page.goto("/t/mb-001");
  await expect(page).toHaveURL(/\/claim\/mb-001$/);
  await expect(page.getByRole("link", { name: "Create an account to claim" })).toHaveAttribute(
    "href",
    "/auth?mode=signup&redirect=%2Fclaim%2Fmb-001",
  );
});

test("an unknown slug shows 'Resolution Failed' and offers the way home", async ({ page }) => {
  const response = await page.goto("/t/unknown-999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Resolution Failed" })).toBeVisible();
  await expect(page.getByText("Invalid garment link")).toBeVisible();
  await expect(page.getByText("Redirecting to home...")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
});

// Needs the shell to set the owner token cookie (releve_owner) when it signs someone in.
test("the owner tapping their own garment lands on its garment page", async ({ page }) => {
  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await page.goto("/t/cg-003");
  await expect(page).toHaveURL(/\/dashboard\/garment\/3$/);
});

test("logout clears the owner token, and a copy kept from before logout no longer routes to the garment page", async ({
  page,
  context,
}) => {
  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  const kept = (await context.cookies()).find((cookie) => cookie.name === "releve_owner");
  expect(kept, "the owner token is set once signed in").toBeDefined();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("releve_owner");

  // Someone who kept the cookie sets it again: its session is gone, so the tap shows the card.
  if (kept) await context.addCookies([kept]);
  expect((await page.goto("/t/cg-003"))?.status()).toBe(200);
  await expect(page).toHaveURL(/\/t\/cg-003$/);
  await expect(page.getByRole("article", { name: "Camille Laurent's card" })).toBeVisible();
});
