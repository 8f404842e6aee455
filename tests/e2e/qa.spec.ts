import AxeBuilder from "@axe-core/playwright";
import { devices, type Page } from "@playwright/test";
import type { AdminGarment } from "@releve/core/tags/contracts";
import { demoPassword, signIn } from "./accounts";
import { expect, gotoHydrated, test } from "./fixtures";
import { restore, sample } from "./samples";

// Issue #20, the QA tools that exist so far: /admin/qa (the real reset of mb-001 and ss-002) and
// /test-garment (a real test garment, then its claim flow through the tap), as admin and client.
//
// Other specs expect the samples as the seed made them (mb-001 unclaimed; ss-002 unclaimed, or
// claimed by fresh-counts.spec's owner when it ran first). The reset test reads both samples'
// state first and puts it back afterwards (owner by reassignment, active flag), so it leaves
// them as it found them.

const SAMPLES = ["mb-001", "ss-002"] as const;

/** The shell's notices (sonner): the admin remote reports every outcome there. */
const notices = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

test("an admin resets the sample garments on /admin/qa: unclaimed, the next tap goes to the claim page", async ({
  page,
  baseURL,
}) => {
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  await expect(page).not.toHaveURL(/\/auth/);
  const before = await Promise.all(SAMPLES.map((slug) => sample(page.request, slug)));
  try {
    // Claimed by someone first (the demo visitor, profile 2), so the reset has something to undo.
    const mb = before[0] as AdminGarment;
    const claimed = await page.request.post(`/api/admin/garments/${mb.id}/reassign`, {
      data: { client_id: 2 },
      headers: { Origin: baseURL ?? "" },
    });
    expect(claimed.status()).toBe(200);

    await page.goto("/admin/qa");
    await expect(page.getByRole("heading", { name: "QA Panel", level: 1 })).toBeVisible();
    const samples = page.getByRole("table", { name: "Sample garments the reset puts back" });
    const statusOf = (slug: string) =>
      samples
        .getByRole("row")
        .filter({ hasText: `/t/${slug}` })
        .getByRole("cell")
        .nth(1);
    await expect(statusOf("mb-001")).toHaveText("claimed");

    // The tools that exist, the demo accounts without their passwords, the manual pass.
    await expect(page.getByRole("link", { name: "Test Garment" })).toHaveAttribute("href", "/test-garment");
    const accounts = page.getByRole("table", { name: "Demo accounts" });
    await expect(accounts.getByRole("row").filter({ hasText: "admin@releve.local" })).toContainText(
      "DEMO_ADMIN_PASSWORD",
    );
    await expect(accounts.getByRole("row")).toHaveCount(4);
    for (const role of ["owner", "visitor", "admin"] as const) {
      expect(await page.content()).not.toContain(demoPassword(role));
    }
    await expect(page.getByRole("heading", { name: "Manual pass" })).toBeVisible();

    await page.getByRole("button", { name: "Reset test data" }).click();
    await expect(notices(page).getByText("E2E Data Reset Complete")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "E2E Data Reset Complete" })).toBeVisible();
    for (const slug of SAMPLES) {
      await expect(statusOf(slug)).toHaveText("unclaimed");
    }
    // The tap record was rewritten with it: a visitor's next tap is sent to claim it.
    const tap = await page.request.get("/t/mb-001", { maxRedirects: 0 });
    expect(tap.status()).toBe(302);
    expect(tap.headers().location).toBe("/claim/mb-001");
    // And audited.
    const audit = await (await page.request.get("/api/admin/audit")).json();
    expect(JSON.stringify(audit)).toContain("garment.qa_reset");
  } finally {
    for (const was of before) await restore(page.request, baseURL ?? "", was);
  }
  for (const [i, slug] of SAMPLES.entries()) {
    const now = await sample(page.request, slug);
    expect([now.status, now.isActive, now.owner?.profileId ?? null]).toEqual([
      before[i]?.status,
      before[i]?.isActive,
      before[i]?.owner?.profileId ?? null,
    ]);
  }
});

test("a client on /admin/qa gets Access Denied / Admin privileges required, and the reset refuses them", async ({
  page,
  baseURL,
}) => {
  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  const response = await page.goto("/admin/qa");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("Admin privileges required", { exact: true })).toBeVisible();
  expect((await page.request.post("/api/admin/qa/reset", { headers: { Origin: baseURL ?? "" } })).status()).toBe(403);
});

test("an admin creates a test garment on /test-garment, and Test Claim Flow taps it to its claim page", async ({
  browser,
  extraHTTPHeaders,
}, testInfo) => {
  // A phone: a headless browser's own user agent is a bot to the tap.
  const context = await browser.newContext({ ...devices["Pixel 7"], extraHTTPHeaders });
  const page = await context.newPage();
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto("/test-garment");
  await page.locator("html[data-hydrated]").waitFor();
  await expect(page.getByRole("heading", { name: "Test Garment", level: 1 })).toBeVisible();
  await expect(page.getByText("admin@releve.local", { exact: true })).toBeVisible();
  const slugField = page.getByLabel("Test slug");
  await expect(slugField).toHaveValue("test-garment");

  // An empty slug: refused by the server on Create, and in the page on Test Claim Flow.
  const required = page.getByText("Please enter a test slug");
  await slugField.fill("");
  await page.getByRole("button", { name: "Create Test Garment" }).click();
  await expect(required).toBeVisible();
  await slugField.fill("x");
  await expect(required).toBeHidden();
  await slugField.fill("");
  await page.getByRole("button", { name: "Test Claim Flow" }).click();
  await expect(required).toBeVisible();

  const slug = `qa-${testInfo.project.name}-${Date.now().toString(36)}`;
  await slugField.fill(slug);
  await page.getByRole("button", { name: "Create Test Garment" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Test garment ${slug} created` })).toBeVisible();
  await page.getByRole("button", { name: "Create Test Garment" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: `A garment with the slug ${slug} already exists.` }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Test Claim Flow" }).click();
  await expect(page).toHaveURL(new RegExp(`/claim/${slug}$`));
  await expect(page.getByRole("heading", { name: "Claim Your Garment" })).toBeVisible();
  await context.close();
});

test("a client on /test-garment gets Access Denied / Admin privileges required", async ({ page }) => {
  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  const response = await page.goto("/test-garment");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("Admin privileges required", { exact: true })).toBeVisible();
});

test("axe finds nothing on /admin/qa and /test-garment", async ({ page }) => {
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto("/admin/qa");
  await expect(page.getByRole("table", { name: "Demo accounts" })).toBeVisible();
  for (const path of ["/admin/qa", "/test-garment"]) {
    if (path !== "/admin/qa") await gotoHydrated(page, path);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map((v) => `${path} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    ).toEqual([]);
  }
});

test("an admin runs the link tester: a dry run of the real tap for mb-001 and invalid-slug, the results kept", async ({
  page,
}) => {
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto("/admin/qa");
  // The QA panel's tool list leads there (the portal's nav has it too).
  await page.getByRole("region", { name: "QA tools" }).getByRole("link", { name: "Link Tester" }).click();
  await expect(page).toHaveURL(/\/admin\/tools\/link-tester$/);
  await expect(page.getByRole("heading", { name: "Link Tester", level: 1 })).toBeVisible();

  // An empty slug is refused in the page.
  await page.getByRole("button", { name: "Test Logic" }).click();
  await expect(page.getByText("Please enter a slug to test")).toBeVisible();

  const result = (title: string) => page.getByRole("listitem").filter({ hasText: title });
  const field = (title: string, name: string) => result(title).locator(`[data-field="${name}"]`);
  await page.getByRole("button", { name: "mb-001" }).click();
  await expect(field("mb-001 · as visitor", "Found")).toHaveText("Yes");
  await expect(field("mb-001 · as visitor", "Garment status")).toHaveText("unclaimed");
  await expect(field("mb-001 · as visitor", "Action")).toHaveText("Redirect (302)");
  await expect(field("mb-001 · as visitor", "Target")).toHaveText("/claim/mb-001");
  await expect(field("mb-001 · as visitor", "Answered from")).toHaveText(/^(Memo \(this isolate\)|KV|D1)$/);

  await page.getByRole("button", { name: "invalid-slug" }).click();
  await expect(field("invalid-slug · as visitor", "Found")).toHaveText("No");
  await expect(field("invalid-slug · as visitor", "Action")).toHaveText("Not found (404)");
  await expect(page.getByRole("listitem").filter({ hasText: "· as visitor" })).toHaveCount(2);

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
    [],
  );
});

test("a client on the link tester gets Access Denied / Admin privileges required, and its API refuses them", async ({
  page,
  baseURL,
}) => {
  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  const response = await page.goto("/admin/tools/link-tester");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("Admin privileges required", { exact: true })).toBeVisible();
  const api = await page.request.post("/api/admin/qa/link-test", {
    data: { slug: "mb-001", viewer: "visitor" },
    headers: { Origin: baseURL ?? "" },
  });
  expect(api.status()).toBe(403);
});
