import { demoPassword, signIn } from "./accounts";
import { expect, test } from "./fixtures";

test("a visitor is sent to /admin/login, which remembers where they were going", async ({ page }) => {
  await page.goto("/admin/nfc-dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fnfc-dashboard$/);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
});

test("a signed-in client sees Access Denied on every /admin page and gets no admin data", async ({ page }) => {
  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  for (const path of ["/admin/nfc-dashboard", "/admin/instagram", "/admin/qa", "/admin"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    // The QA panel says the spec's words for it (part 2 §2: 'Access Denied / Admin privileges required').
    await expect(
      page.getByText(
        path === "/admin/qa"
          ? "Admin privileges required"
          : "You don't have permission to access the admin portal. Please contact your system administrator if you believe this is an error.",
        { exact: true },
      ),
    ).toBeVisible();
  }
  await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  const api = await page.request.get("/api/admin/me");
  expect(api.status()).toBe(403);
});

test("the admin login refuses a client account and opens nothing", async ({ page }) => {
  await page.goto("/admin/login");
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByLabel("Email").fill("visitor@releve.local");
  await page.getByLabel("Password").fill(demoPassword("visitor"));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login Failed")).toBeVisible();
  await expect(page.getByText("This account does not have admin access.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Client Login" })).toBeVisible();
});

test("an admin signs in at /admin/login and lands on the NFC dashboard after 2 s", async ({ page }) => {
  await page.goto("/admin/login");
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Email and password are required.")).toBeVisible();
  await page.getByLabel("Email").fill("admin@releve.local");
  await page.getByLabel("Password").fill(demoPassword("admin"));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Login successful" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page).toHaveURL(/\/admin\/nfc-dashboard$/);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Admin Dashboard" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Test URLs" })).toBeVisible();
  expect((await page.request.get("/api/admin/me")).status()).toBe(200);
  // Already an admin: the login screen goes straight on.
  await page.goto("/admin/login");
  await expect(page).toHaveURL(/\/admin\/nfc-dashboard$/);
});
