import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { gtinFor, TEST_GS1_COMPANY_PREFIX } from "@releve/core/passport/gtin";
import { expect, test } from "./fixtures";

// Issue #31: the seed's Cashmere Gown (cg-003, the demo owner's, sharing on) is its product 3.
const GOWN_GTIN = gtinFor(TEST_GS1_COMPANY_PREFIX, 3) ?? "";
const OWNER_TRACES = ["Camille", "Laurent", "owner@releve.local", "camille.laurent", "Paris, Île-de-France"];

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test("a phone taps a Digital Link, sees the card in place, and reads the passport without the owner", async ({
  page,
}) => {
  await page.goto(`/01/${GOWN_GTIN}/21/cg-003`);
  await expect(page.getByRole("article", { name: "Camille Laurent's card" })).toBeVisible();
  await page.getByRole("link", { name: "About this piece" }).click();
  await expect(page).toHaveURL(/\/passport\/cg-003$/);
  await expect(page.getByRole("heading", { level: 1, name: "Cashmere Gown" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Materials" })).toBeVisible();
  await expect(page.getByText("Cashmere", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Care", exact: true })).toBeVisible();
  await expect(page.getByText("Hand wash only, at 40 °C at most")).toBeVisible();
  await expect(page.getByText(/^In a private wardrobe since \w+ \d{4}$/)).toBeVisible();
  // Its owners counted (issue #32's ownership periods), never named.
  await expect(page.getByText("1 owner", { exact: true })).toBeVisible();
  const html = await page.content();
  for (const trace of OWNER_TRACES) expect(html).not.toContain(trace);
  // Plain HTML (decision 0020): nothing to fetch but the page, and the schema.org data in it.
  expect(await page.locator("script[src], link[rel=stylesheet], link[rel=modulepreload]").count()).toBe(0);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld).toMatchObject({ "@type": "IndividualProduct", gtin14: GOWN_GTIN, serialNumber: "cg-003" });
  await expectNoViolations(page);

  await page.getByRole("link", { name: "About this model" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${GOWN_GTIN}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Cashmere Gown" })).toBeVisible();
  await expectNoViolations(page);
});

test("the resolver answers machines: a linkset, a 307 to the passport, 400 for a bad link", async ({ request }) => {
  const linkset = await request.get(`/01/${GOWN_GTIN}/21/cg-003?linkType=linkset`);
  expect(linkset.status()).toBe(200);
  expect(linkset.headers()["content-type"]).toBe("application/linkset+json");
  const body = (await linkset.json()) as { linkset: { anchor: string }[] };
  expect(body.linkset.map((c) => new URL(c.anchor).pathname)).toEqual([
    `/01/${GOWN_GTIN}/21/cg-003`,
    `/01/${GOWN_GTIN}`,
  ]);
  const pip = await request.get(`/01/${GOWN_GTIN}/21/cg-003?linkType=gs1:pip`, { maxRedirects: 0 });
  expect(pip.status()).toBe(307);
  expect(new URL(pip.headers().location ?? "").pathname).toBe("/passport/cg-003");
  const bad = await request.get(`/01/${GOWN_GTIN.slice(0, 13)}0/21/cg-003`, { maxRedirects: 0 });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("check digit");
});

test("a piece without a passport says so", async ({ page }) => {
  const response = await page.goto("/passport/zz-none");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This piece has no passport." })).toBeVisible();
});
