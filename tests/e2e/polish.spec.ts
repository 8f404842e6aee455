import type { Locator, Page } from "@playwright/test";
import { demoPassword, signIn, signUp, uniqueEmail } from "./accounts";
import { expect, test } from "./fixtures";

// Issue #16, 'Polish found on the way': each item in the situation a user meets it.

const OWNER_CLIENT_ID = "34823ff2ca0645fc9f0914900266aa1c"; // the seeded demo owner
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

async function signInOwner(page: Page) {
  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
}

async function openAdminDashboard(page: Page) {
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto("/admin/nfc-dashboard");
  await expect(page.getByRole("heading", { name: "NFC Dashboard" })).toBeVisible();
}

/** On a 390 px phone the chart fits its box: no sideways scrolling, the latest day on screen. */
async function expectChartFitsPhone(chart: Locator) {
  const box = await chart.evaluate((figure) => ({
    scrollWidth: figure.scrollWidth,
    clientWidth: figure.clientWidth,
    page: document.documentElement.scrollWidth,
  }));
  expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
  expect(box.page).toBeLessThanOrEqual(390);
  const drawing = chart.locator("svg:visible");
  await expect(drawing).toHaveCount(1);
  const lastBar = await drawing.locator("rect").last().boundingBox();
  const lastLabel = drawing.locator(":scope > text").last();
  const label = await lastLabel.boundingBox();
  for (const b of [lastBar, label]) {
    expect(b).not.toBeNull();
    expect((b?.x ?? 0) + (b?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(b?.x ?? -1).toBeGreaterThanOrEqual(0);
  }
  // The latest label is the table's last day, and it reads at a legible size.
  const lastDay = await chart.locator("tbody th").last().textContent(); // the table sits in a closed <details>
  await expect(lastLabel).toHaveText(lastDay ?? "");
  expect(await lastLabel.evaluate((text) => (text as SVGTextElement).getBoundingClientRect().height)).toBeGreaterThan(
    10,
  );
}

test("the scans-per-day chart fits a 390 px phone on analytics and on an event", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInOwner(page);
  await page.goto("/dashboard/analytics");
  await expectChartFitsPhone(page.getByRole("figure", { name: /^Scans per day, last 30 days/ }));
  await page.goto("/dashboard/events/1"); // the demo owner's seeded event
  await expectChartFitsPhone(page.getByRole("figure", { name: /^Scans per day for / }));
  // Wide screens get the wide drawing.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard/analytics");
  const wide = page.getByRole("figure", { name: /^Scans per day, last 30 days/ }).locator("svg:visible");
  await expect(wide).toHaveAttribute("viewBox", "0 0 640 220");
});

test("/admin alone opens the NFC dashboard", async ({ page }) => {
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/nfc-dashboard$/);
  await expect(page.getByRole("heading", { name: "NFC Dashboard" })).toBeVisible();
});

test("a visitor at /admin is asked to sign in first", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin$/);
});

test("'Registered & Claimed' lists claimed garments; 'All garments' adds the unclaimed stock", async ({ page }) => {
  await openAdminDashboard(page);
  await expect(page.getByRole("tab", { name: "Registered & Claimed" })).toHaveAttribute("aria-selected", "true");
  const garments = page.getByRole("list", { name: "Garments" });
  const rows = garments.getByRole("listitem");
  await expect(rows.filter({ hasText: "/t/cg-003" })).toHaveCount(1);
  const claimed = await rows.count();
  expect(claimed).toBeGreaterThanOrEqual(4); // the demo owner's four pieces, and any claimed since
  await expect(rows.filter({ has: page.getByText("Claimed", { exact: true }) })).toHaveCount(claimed);
  await expect(rows.filter({ has: page.getByText("Unclaimed", { exact: true }) })).toHaveCount(0);

  await page.getByLabel("Show").selectOption({ label: "All garments" });
  await expect(rows.filter({ has: page.getByText("Unclaimed", { exact: true }) }).first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(22);
  // Newest first, 50 at a time: an old seed piece is found by its slug once other specs have made
  // garments in the same run.
  await page.getByRole("searchbox", { name: "Search garments" }).fill("mb-001");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(rows.filter({ hasText: "/t/mb-001" })).toHaveCount(1);
});

test("every admin record list is a table or a list that moves row by row", async ({ page }, testInfo) => {
  // A tap from a phone, so Scan History has a row (Headless Chrome is rightly taken for a bot).
  const tap = await page.request.get("/t/cg-003", { headers: { "User-Agent": PHONE_UA }, maxRedirects: 0 });
  expect(tap.status()).toBe(200); // the share card in place (decision 0029)
  await openAdminDashboard(page);

  await expect(page.getByRole("list", { name: "Garments" }).getByRole("listitem").first()).toBeVisible();

  await page.getByRole("tab", { name: "Unclaimed / To Program" }).click();
  const unclaimed = page.getByRole("list", { name: "Unclaimed garments" }).getByRole("listitem");
  await expect(unclaimed.first()).toBeVisible();
  expect(await unclaimed.count()).toBeLessThanOrEqual(10);

  await expect(async () => {
    await page.reload();
    await page.getByRole("tab", { name: "Scan History" }).click();
    const scans = page.getByRole("table", { name: "The most recent scans" });
    await expect(scans.getByRole("columnheader")).toHaveText([
      "When (UTC)",
      "Garment",
      "Owner",
      "Viewer",
      "Where · browser",
    ]);
    expect(await scans.getByRole("row").count()).toBeGreaterThan(1);
  }).toPass({ timeout: 20_000 });

  const batch = `Polish batch ${testInfo.project.name} ${Date.now()}`;
  await page.getByLabel("Batch name *").fill(batch);
  await page.getByRole("button", { name: "Create batch" }).click();
  const batches = page.getByRole("table", { name: "Tag batches" }).getByRole("row");
  await expect(batches.filter({ hasText: batch })).toHaveCount(1);
  const activity = page.getByRole("list", { name: "Admin activity" }).getByRole("listitem");
  await expect(activity.filter({ hasText: "tag_batch.create" }).first()).toBeVisible();
  expect(await activity.count()).toBeLessThanOrEqual(20);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Social Posts" }).click();
  const posts = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
  await expect(posts.first()).toBeVisible();
  expect(await posts.count()).toBeGreaterThanOrEqual(1);
});

test("the admin portal's Sign Out says 'Signed Out'", async ({ page }) => {
  await openAdminDashboard(page);
  // One way out on the portal: its own Sign Out, not the site header's Logout beside it (issue #35).
  await expect(page.getByRole("button", { name: /^(Sign Out|Logout)$/ })).toHaveCount(1);
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Signed Out", { exact: true })).toBeVisible();
  expect((await page.request.get("/api/admin/me")).status()).toBe(401);
});

test("the owner finds, copies and opens their own card from the dashboard", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInOwner(page);
  await page.goto("/dashboard");
  await page.locator("html[data-hydrated]").waitFor();
  const panel = page.getByRole("region", { name: "Share my card" });
  const url = `${baseURL}/contact?id=${OWNER_CLIENT_ID}`;
  await expect(panel.getByRole("link", { name: url })).toHaveAttribute("href", url);
  await expect(panel.getByRole("img", { name: `QR code for ${url}` })).toBeVisible();
  await panel.getByRole("button", { name: "Copy card link" }).click();
  await expect(page.getByText("Card link copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await panel.getByRole("link", { name: url }).click();
  await expect(page.getByRole("article", { name: "Camille Laurent's card" })).toBeVisible();
});

test("the dashboard says 'Loading your dashboard...' while it loads", async ({ page }) => {
  await signInOwner(page);
  await page.locator("html[data-hydrated]").waitFor();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/dashboard\.data(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: "Dashboard", exact: true }).first().click();
  const status = page.getByRole("status").filter({ hasText: "Loading your dashboard..." });
  await expect(status).toBeVisible();
  release();
  await expect(page.getByRole("region", { name: "Share my card" })).toBeVisible();
  await expect(status).toHaveCount(0);
});

test("share tokens say why they open no card", async ({ page }) => {
  for (const [token, text] of [
    ["1-1732200000000", "Invalid share token"],
    ["34823FF2CA0645FC9F0914900266AA1C", "Invalid share token"],
    ["00000000000000000000000000000000-1", "Profile not found. This link may be invalid or expired."],
    ["not-a-token", "Garment not found or not available for sharing"],
  ] as const) {
    expect((await page.goto(`/share/${token}`))?.status(), token).toBe(404);
    await expect(page.getByRole("heading", { name: text, exact: true })).toBeVisible();
  }
});

test("a new owner is welcomed by name of the brand, and a card with sharing off says so", async ({ page }) => {
  await signUp(page, uniqueEmail("welcome"), "welcome-to-releve-1");
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  await page.goto("/onboarding/profile");
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Complete Setup & View Wardrobe" }).click();
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  await expect(page.getByText("Welcome to Relevé!", { exact: true })).toBeVisible();
  await expect(page.getByText("Welcome to the product!")).toHaveCount(0);

  await page.goto("/dashboard");
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Turn Sharing Off" }).click();
  await expect(page.getByText("NFC sharing disabled")).toBeVisible();
  const panel = page.getByRole("region", { name: "Share my card" });
  await expect(panel).toContainText("While NFC Sharing is off, this link shows no details");
  const href = (await panel.getByRole("link").first().getAttribute("href")) ?? "";
  const clientId = new URL(href).searchParams.get("id");
  expect(clientId).toMatch(/^[0-9a-f]{32}$/);
  expect((await page.goto(`/share/${clientId}-1732200000000`))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Profile not found or sharing disabled" })).toBeVisible();
});
