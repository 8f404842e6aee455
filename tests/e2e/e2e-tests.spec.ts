import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { E2E_SCENARIOS, E2E_STEP_COUNT, QA_RUN_SLUG_PREFIX } from "@releve/core/qa/e2e-scenarios";
import type { AdminGarment } from "@releve/core/tags/contracts";
import { demoPassword, signIn } from "./accounts";
import { expect, gotoHydrated, test } from "./fixtures";
import { restore, sample } from "./samples";

// Issue #20 item 5: /e2e-tests runs five scenarios as real requests against this running app,
// as the QA account. All green on the seeded app (mb-001 unclaimed and active); red, naming the
// failing step with its reason, once mb-001 is deactivated. Each test leaves mb-001 as it found it.

const SAMPLE = "mb-001";

/** The scenario's card on the page: its heading and verdict, its steps. */
const scenarioCard = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, level: 2 }) });

async function runAll(page: Page) {
  await gotoHydrated(page, "/e2e-tests");
  await expect(page.getByRole("heading", { name: "E2E Tests", level: 1 })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(`${E2E_STEP_COUNT} steps in 5 scenarios, not run yet.`);
  await page.getByRole("button", { name: "Run all tests" }).click();
  await expect(page.getByRole("status")).toHaveText(`${E2E_STEP_COUNT} of ${E2E_STEP_COUNT} steps finished.`, {
    timeout: 60_000,
  });
}

/** No garment of any run is left behind (the admin's search over every garment). */
async function expectNoRunGarments(page: Page) {
  const res = await page.request.get(`/api/admin/garments?status=all&q=${QA_RUN_SLUG_PREFIX}`);
  expect(res.status()).toBe(200);
  const { garments } = (await res.json()) as { garments: AdminGarment[] };
  expect(garments.map((g) => g.shortSlug)).toEqual([]);
}

test.describe("the e2e page", () => {
  test.describe.configure({ mode: "serial" });

  let before: AdminGarment;
  test.beforeEach(async ({ page, baseURL }) => {
    await signIn(page, "admin@releve.local", demoPassword("admin"));
    await expect(page).not.toHaveURL(/\/auth/);
    before = await sample(page.request, SAMPLE);
    // The seeded state: mb-001 unclaimed and active (another spec may have claimed it: the QA reset puts it back).
    if (before.status !== "unclaimed" || !before.isActive) {
      const reset = await page.request.post("/api/admin/qa/reset", { headers: { Origin: baseURL ?? "" } });
      expect(reset.status()).toBe(200);
    }
  });
  test.afterEach(async ({ page, baseURL }) => {
    const now = await sample(page.request, SAMPLE);
    if (!now.isActive) {
      const res = await page.request.post(`/api/admin/garments/${now.id}/status`, {
        data: { is_active: true },
        headers: { Origin: baseURL ?? "" },
      });
      expect(res.status()).toBe(200);
    }
    await restore(page.request, baseURL ?? "", before);
  });

  test("all green on the seeded app, every step timed, and nothing left behind", async ({ page }) => {
    await runAll(page);
    await expect(page.getByText(`All ${E2E_STEP_COUNT} steps passed in`)).toBeVisible();
    for (const scenario of E2E_SCENARIOS) {
      const card = scenarioCard(page, scenario.name);
      await expect(card.getByText("Passed", { exact: true })).toBeVisible();
      for (const step of scenario.steps) {
        // Each step passed with its measured duration (ms or s), and says what it saw.
        await expect(card.getByRole("listitem").filter({ hasText: step })).toContainText(/✓ Passed · \d+(\.\d)? m?s/);
      }
    }
    await expect(page.getByText(/Cleaned up: 1 garment, 1 contact, 1 session, 1 rate event removed/)).toBeVisible();
    await expectNoRunGarments(page);
    // The results, as a screen reader and a keyboard meet them.
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
      [],
    );
  });

  test("red after a sample garment is deactivated, naming the step and its reason", async ({ page, baseURL }) => {
    const res = await page.request.post(`/api/admin/garments/${before.id}/status`, {
      data: { is_active: false },
      headers: { Origin: baseURL ?? "" },
    });
    expect(res.status()).toBe(200);

    await runAll(page);
    const card = scenarioCard(page, "2. Unclaimed garment to the claim page");
    await expect(card.getByText("Test Failed", { exact: true })).toBeVisible();
    const tap = card.getByRole("listitem").filter({ hasText: `Tap ${SAMPLE} as a visitor` });
    await expect(tap).toContainText(
      `Test Failed: expected 302 to /claim/${SAMPLE}, got 404 (${SAMPLE} is deactivated)`,
    );
    await expect(card.getByRole("listitem").filter({ hasText: "Skipped" })).toHaveCount(2);
    // The other scenarios are unaffected.
    for (const name of ["1. Unknown tag", "3. Visitor tap", "4. Contact exchange", "5. Deactivate"]) {
      await expect(scenarioCard(page, name).getByText("Passed", { exact: true })).toBeVisible();
    }
    await expect(page.getByText("Test Failed: 1 failed, 2 skipped")).toBeVisible();
    await expectNoRunGarments(page);
  });
});

test("a client gets Access Denied on /e2e-tests, and cannot start a run", async ({ page, baseURL }) => {
  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await expect(page).not.toHaveURL(/\/auth/);
  const response = await page.goto("/e2e-tests");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("Admin privileges required")).toBeVisible();
  const run = await page.request.post("/api/admin/qa/e2e-run", { headers: { Origin: baseURL ?? "" } });
  expect(run.status()).toBe(403);
});
