import type { Browser, BrowserContext } from "@playwright/test";
import { linkFromOutbox, uniqueEmail } from "./accounts";
import { adminApi, signInAdmin } from "./admin-requests";
import { expect, test } from "./fixtures";

// Issue #30: a list with more rows than a page (the garment's contacts, 25; Contacts, 50;
// Connections, 100) shows the newest page, and 'Load more' adds the rest below, by keyboard too,
// saying how many are shown; without JavaScript it is a link to the page after.

/**
 * A new client with one garment and `guests` contacts on it, made by the admin (a client, a tag
 * attached to them, guests captured on it), signed in through the invitation in a context of
 * its own (`javaScriptEnabled` as asked).
 */
async function clientWithGuests(browser: Browser, origin: string, guests: number, opts: { javaScript: boolean }) {
  const email = uniqueEmail("paging").toLowerCase();
  const admin = await browser.newPage();
  await signInAdmin(admin);
  const { profileId } = await adminApi<{ profileId: number }>(admin.request, origin, "/clients", {
    first_name: "Paula",
    last_name: "Ging",
    email,
  });
  const { tag } = await adminApi<{ tag: { garment: { id: number } } }>(admin.request, origin, "/tags", {
    name: "Paging Coat",
    garment_type: "Jacket",
    client_id: profileId,
  });
  for (let i = 1; i <= guests; i++) {
    await adminApi(admin.request, origin, "/guests", {
      client_id: profileId,
      garment_id: tag.garment.id,
      first_name: "Guest",
      last_name: `Number ${String(i).padStart(guests > 99 ? 3 : 2, "0")}`,
      email: `guest${i}@example.com`,
    });
  }
  await admin.close();

  // The client chooses a password through the invitation and is signed in.
  const setup = await browser.newContext();
  const page = await setup.newPage();
  await page.goto(origin);
  await page.goto(await linkFromOutbox(page, email, "Your Relevé wardrobe is ready"));
  await page.getByLabel("New password").fill("paging-password-2026");
  await page.getByLabel("Confirm password").fill("paging-password-2026");
  await page.getByRole("button", { name: "Save New Password" }).click();
  await expect(page).not.toHaveURL(/\/reset-password/);
  let context: BrowserContext = setup;
  if (!opts.javaScript) {
    context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies(await setup.cookies());
    await setup.close();
  }
  return { context, garmentId: tag.garment.id };
}

test("a garment with 30 contacts shows 25, and 'Load more' adds the other 5 by keyboard", async ({
  browser,
  baseURL,
}) => {
  const { context, garmentId } = await clientWithGuests(browser, baseURL ?? "", 30, { javaScript: true });
  const page = await context.newPage();
  await page.goto(`${baseURL}/dashboard/garment/${garmentId}`);
  await page.locator("html[data-hydrated]").waitFor();
  const contacts = page.getByRole("region", { name: "Contacts" }).getByRole("article");
  await expect(contacts).toHaveCount(25);
  // Newest first: the last guest captured leads.
  await expect(contacts.first()).toHaveAccessibleName("Guest Number 30");
  await expect(page.getByText("Showing 25 of 30 contacts")).toBeVisible();

  const loadMore = page.getByRole("link", { name: "Load more" });
  await loadMore.focus();
  await page.keyboard.press("Enter");
  await expect(contacts).toHaveCount(30);
  await expect(page.getByText("Showing 30 of 30 contacts")).toBeVisible();
  // Focus moves to the first contact added, so the keyboard goes on from there.
  await expect(page.getByRole("article", { name: "Guest Number 05" })).toBeFocused();
  await expect(loadMore).toHaveCount(0);
  const names = await contacts.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-label")));
  expect(new Set(names).size).toBe(30);
  expect(names.at(-1)).toBe("Guest Number 01");
  await context.close();
});

test("without JavaScript, 'Load more' is a link to the older contacts, and back to the newest", async ({
  browser,
  baseURL,
}) => {
  const { context, garmentId } = await clientWithGuests(browser, baseURL ?? "", 27, { javaScript: false });
  const page = await context.newPage();
  await page.goto(`${baseURL}/dashboard/garment/${garmentId}`);
  const contacts = page.getByRole("region", { name: "Contacts" }).getByRole("article");
  await expect(contacts).toHaveCount(25);
  await page.getByRole("link", { name: "Load more" }).click();
  await expect(page).toHaveURL(/\?before=\d+-\d+#contacts$/);
  await expect(contacts).toHaveCount(2);
  await expect(page.getByText("Showing 2 older of 27 contacts")).toBeVisible();
  await expect(contacts.first()).toHaveAccessibleName("Guest Number 02");
  await page.getByRole("link", { name: "Newest contacts" }).click();
  await expect(contacts).toHaveCount(25);
  await context.close();
});

test("Contacts and Connections: 105 contacts come 50 and 100 at a time, each once, newest first", async ({
  browser,
  baseURL,
}) => {
  const { context } = await clientWithGuests(browser, baseURL ?? "", 105, { javaScript: true });
  const page = await context.newPage();
  const names = (articles: import("@playwright/test").Locator) =>
    articles.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-label")));

  await page.goto(`${baseURL}/dashboard/contacts`);
  await page.locator("html[data-hydrated]").waitFor();
  const contacts = page.getByRole("main").getByRole("article");
  await expect(contacts).toHaveCount(50);
  await expect(contacts.first()).toHaveAccessibleName("Guest Number 105");
  await expect(page.getByText("Showing 50 of 105 contacts")).toBeVisible();
  const loadMore = page.getByRole("link", { name: "Load more" });
  await loadMore.focus();
  await page.keyboard.press("Enter");
  await expect(contacts).toHaveCount(100);
  await expect(page.getByRole("article", { name: "Guest Number 055" })).toBeFocused();
  await loadMore.click();
  await expect(contacts).toHaveCount(105);
  await expect(page.getByText("Showing 105 of 105 contacts")).toBeVisible();
  await expect(loadMore).toHaveCount(0);
  const listed = await names(contacts);
  expect(new Set(listed).size).toBe(105);
  expect(listed.at(-1)).toBe("Guest Number 001");

  // A search is kept from page to page.
  await page.goto(`${baseURL}/connections?q=${encodeURIComponent("Number 1")}`);
  await page.locator("html[data-hydrated]").waitFor();
  const connections = page.getByRole("main").getByRole("article");
  // "Number 100" to "Number 105": one page.
  await expect(connections).toHaveCount(6);
  await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
  await page.goto(`${baseURL}/connections`);
  await page.locator("html[data-hydrated]").waitFor();
  await expect(connections).toHaveCount(100);
  await expect(page.getByText("Showing 100 of 105 connections")).toBeVisible();
  await page.getByRole("link", { name: "Load more" }).click();
  await expect(connections).toHaveCount(105);
  expect(new Set(await names(connections)).size).toBe(105);
  await context.close();
});

test("without JavaScript, Contacts' 'Load more' keeps the filter and links back to the newest", async ({
  browser,
  baseURL,
}) => {
  const { context } = await clientWithGuests(browser, baseURL ?? "", 52, { javaScript: false });
  const page = await context.newPage();
  await page.goto(`${baseURL}/dashboard/contacts?contacted=no`);
  const contacts = page.getByRole("main").getByRole("article");
  await expect(contacts).toHaveCount(50);
  await page.getByRole("link", { name: "Load more" }).click();
  await expect(page).toHaveURL(/\?contacted=no&before=\d+-\d+$/);
  await expect(contacts).toHaveCount(2);
  await expect(page.getByText("Showing 2 older of 52 contacts")).toBeVisible();
  await expect(contacts.first()).toHaveAccessibleName("Guest Number 02");
  await page.getByRole("link", { name: "Newest contacts" }).click();
  await expect(page).toHaveURL(/\/dashboard\/contacts\?contacted=no$/);
  await expect(contacts).toHaveCount(50);
  await context.close();
});
