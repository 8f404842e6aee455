import { demoPassword, signIn } from "./accounts";
import { expect, test } from "./fixtures";

// Strings that exist only in the admin remote or in the shell's loader of it.
const ADMIN_MARKERS = ["/api/admin", "admin/AdminApp", "remoteEntry.js", "Relevé admin"];

test("an admin opens the portal: the remote loads in the browser and shows the dashboard figures", async ({ page }) => {
  const remote: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/admin-remote/")) remote.push(request.url());
  });
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/nfc-dashboard$/);
  await expect(page.getByRole("heading", { name: "NFC Dashboard" })).toBeVisible();
  await expect(page.getByText("admin@releve.local", { exact: true })).toBeVisible();
  await expect(page.getByText("ADMIN", { exact: true })).toBeVisible();
  // The figures are the database's: ten seeded garments.
  const garments = page.getByRole("term").filter({ hasText: "Garments" }).locator("xpath=..");
  await expect(garments.getByRole("definition")).toContainText("10");
  expect(remote.some((url) => url.endsWith("/admin-remote/remoteEntry.js"))).toBe(true);
  // The remote shares the shell's React: none of its React fallback copies is fetched.
  expect(remote.filter((url) => /\/(react|react-dom)-[\w-]+\.js$/.test(url))).toEqual([]);

  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown admin page is the 404 page, behind the gate", async ({ page }) => {
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  await expect(page).not.toHaveURL(/\/auth/);
  expect((await page.goto("/admin/no-such-page"))?.status()).toBe(404);
});

test("public pages download no admin code", async ({ page }) => {
  const scripts = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.add(request.url());
  });
  for (const path of ["/", "/auth", "/share/cg-003", "/contact?id=34823ff2ca0645fc9f0914900266aa1c"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(scripts.size).toBeGreaterThan(0);
  for (const url of scripts) {
    expect(new URL(url).pathname).not.toMatch(/^\/admin-remote\/|remote\.client/);
    const source = await (await page.request.get(url)).text();
    for (const marker of ADMIN_MARKERS) expect(source, `${url} contains ${marker}`).not.toContain(marker);
  }
});

test("a client on an admin page gets Access Denied and no admin JavaScript", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  expect((await page.goto("/admin/nfc-dashboard"))?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((path) => /^\/admin-remote\/|remote\.client/.test(path))).toEqual([]);
});
