import { demoPassword, signIn } from "./accounts";
import { expect, test } from "./fixtures";

// The tap path end to end (issue #5): the shell forwards /t/* to the tap worker, which answers
// from KV or D1 with a 302. The destination pages belong to later issues and may still be a
// 404 here: these tests assert where a tap lands, not what that page shows.

test("a visitor tapping a claimed garment lands on its share page", async ({ page, request }) => {
  const res = await request.get("/t/cg-003", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe("/share/cg-003");
  expect(res.headers()["cache-control"]).toBe("private, no-store");

  await page.goto("/t/cg-003");
  await expect(page).toHaveURL(/\/share\/cg-003$/);
});

test("a tap on an unclaimed garment lands on its claim page, which asks a visitor to sign in", async ({
  page,
  request,
}) => {
  const res = await request.get("/t/mb-001", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe("/claim/mb-001");
  await page.goto("/t/mb-001");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fclaim%2Fmb-001$/);
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
