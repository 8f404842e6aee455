import { expect, gotoHydrated, test } from "./fixtures";

test("the landing shell shows the brand header, visitor buttons and footer", async ({ page }) => {
  const response = await page.goto("/"); // the landing is plain HTML (decision 0020)
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Relevé/);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Collection" })).toHaveAttribute("href", "/learn-more");
  await expect(nav.getByRole("link", { name: "Editorial" })).toHaveAttribute("href", "/blog");
  await expect(nav.getByRole("link", { name: "Test URLs" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Client Login" })).toHaveAttribute("href", "/auth");
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Admin Login" })).toHaveAttribute("href", "/admin/login");
  await expect(footer).toContainText("© 2024");
});

test("an unknown path answers 404 with the product's page and a way home", async ({ page }) => {
  const response = await gotoHydrated(page, "/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Couture that connects." })).toBeVisible();
});

test("a client-side navigation to an unknown path also shows the 404 page", async ({ page }) => {
  // No page links to a missing path any more (/blog exists since issue #10): navigate through
  // the hydrated router itself, as a stale in-app link would.
  await gotoHydrated(page, "/nfc-demo");
  const documentLoads: string[] = [];
  page.on("framenavigated", (frame) => documentLoads.push(frame.url()));
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
    ).__reactRouterDataRouter.navigate("/no/such/page"),
  );
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  expect(documentLoads.filter((url) => !url.endsWith("/no/such/page"))).toEqual([]);
});

test("every route change scrolls the page to the top", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 400 });
  await gotoHydrated(page, "/nfc-demo");
  const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Admin Login" });
  await footerLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await footerLink.click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("/t/<slug> on the shell's origin reaches the tap worker", async ({ page, request }) => {
  const res = await request.get("/t/anything", { maxRedirects: 0 });
  expect(res.headers()["x-served-by"]).toBe("releve-tap");
  expect(res.headers()["cache-control"]).toBe("private, no-store");
  await page.goto("/t/anything");
  await expect(page.getByRole("heading", { name: "Resolution Failed" })).toBeVisible();
  await expect(page.getByText("Invalid garment link")).toBeVisible();
});

test("the API answers on the same origin with the one error shape", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  // The seed's 22 garments, and any that other specs have programmed since.
  const body = (await health.json()) as { ok: boolean; garments: number };
  expect(body).toEqual({ ok: true, garments: expect.any(Number) });
  expect(body.garments).toBeGreaterThanOrEqual(22);
  const missing = await request.get("/api/nope");
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error.code).toBe("not_found");
});

test("every page names its icon, and the icon is served", async ({ page, request }) => {
  await page.goto("/share/cg-003");
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/favicon.svg");
  const icon = await request.get("/favicon.svg");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});
