import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { gtinFor } from "@releve/core/passport/gtin";
import { signInAdmin } from "./admin-requests";
import { expect, test } from "./fixtures";

// Issue #31: the admin's Products screen, and a batch programmed with a product, whose
// encoder CSV then holds each garment's GS1 Digital Link.

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** A GTIN no run has used: under a prefix of the browser tests' own, from the clock. */
const freshGtin = () => gtinFor("9529996", Date.now() % 100_000) ?? "";

test("an admin creates a product, programs a batch with it, and the encoder CSV holds Digital Links", async ({
  page,
}, testInfo) => {
  const gtin = freshGtin();
  const name = `Atelier coat ${testInfo.project.name} ${Date.now()}`;
  await signInAdmin(page);
  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit Cashmere Gown" })).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole("button", { name: "New product" }).click();
  const dialog = page.getByRole("dialog", { name: "New product" });
  // The server names the field it refuses: a GTIN whose check digit is wrong.
  await dialog.getByLabel("GTIN *").fill(`${gtin.slice(0, 13)}${(Number(gtin.at(-1)) + 1) % 10}`);
  await dialog.getByLabel("Name *").fill(name);
  await dialog.getByRole("button", { name: "Create product" }).click();
  await expect(dialog.getByRole("alert")).toContainText("GTIN:");
  await dialog.getByLabel("GTIN *").fill(gtin);
  await dialog.getByLabel("Type").selectOption("Jacket");
  await dialog.getByLabel("Fibre 1", { exact: true }).fill("Wool");
  await dialog.getByLabel("Fibre 1 share in percent").fill("90");
  await dialog.getByRole("button", { name: "Add a fibre" }).click();
  await dialog.getByLabel("Fibre 2", { exact: true }).fill("Cashmere");
  await dialog.getByLabel("Fibre 2 share in percent").fill("5");
  await expect(dialog.getByText("The shares sum to 95%: they must sum to 100%.")).toBeVisible();
  await dialog.getByLabel("Fibre 2 share in percent").fill("10");
  await expect(dialog.getByText("The shares sum to 100%.")).toBeVisible();
  await dialog.getByLabel("Country of making").fill("it");
  await expect(dialog.getByText("Italy")).toBeVisible();
  await dialog.getByLabel("Washing").selectOption("no-wash");
  await expect(dialog.locator('[data-care-symbol="no-wash"]')).toBeVisible();
  await dialog.getByLabel("Professional care").selectOption("dry-clean-p");
  await expectNoViolations(page);
  await dialog.getByRole("button", { name: "Create product" }).click();
  // Saved, the dialog stays open to edit it: its photo can now be added.
  const editing = page.getByRole("dialog", { name: `Edit ${name}` });
  await expect(editing.getByText("Add photo")).toBeVisible();
  await editing.getByRole("button", { name: "Close" }).click();
  const listed = page.getByRole("list", { name: "Products" }).getByRole("listitem").filter({ hasText: name });
  await expect(listed).toContainText(`GTIN ${gtin}`);
  await expect(listed).toContainText("Jacket · 0 garments");

  // A batch in the registry, programmed with the product: its type and name come from it.
  const batchName = `Coats ${testInfo.project.name} ${Date.now()}`;
  await page.goto("/admin/nfc");
  await page.getByLabel("Batch name *").fill(batchName);
  await page.getByRole("button", { name: "Create batch" }).click();
  await page.getByRole("button", { name: `Program tags ${batchName}` }).click();
  const program = page.getByRole("dialog", { name: `Program ${batchName}` });
  await program.getByLabel("Find a product").fill(gtin);
  await program.getByLabel("Product", { exact: true }).selectOption({ label: `${name} · ${gtin}` });
  await expect(program.getByLabel("Garment type *")).toHaveValue("Jacket");
  await expect(program.getByLabel("Name", { exact: true })).toHaveValue(name);
  await program.getByLabel("Count *").fill("2");
  await program.getByRole("button", { name: "Program tags" }).click();
  await expect(program.getByRole("status")).toContainText("2 garments and tags programmed.");
  const download = page.waitForEvent("download");
  await program.getByRole("link", { name: `Download encoder CSV of ${batchName}` }).click();
  const lines = readFileSync(await (await download).path(), "utf8")
    .trim()
    .split(/\r?\n/);
  expect(lines).toHaveLength(3);
  for (const line of lines.slice(1)) {
    const [slug, url] = line.split(",");
    expect(new URL(url ?? "").pathname).toBe(`/01/${gtin}/21/${slug}`);
  }
  // The batch's passports, one schema.org JSON-LD object per line, for a registry upload.
  const jsonl = page.waitForEvent("download");
  await program.getByRole("link", { name: `Passports (JSON Lines) of ${batchName}` }).click();
  const passports = readFileSync(await (await jsonl).path(), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { serialNumber: string; gtin14: string; name: string });
  expect(passports.map((p) => p.serialNumber)).toEqual(lines.slice(1).map((line) => line.split(",")[0]));
  expect(passports[0]).toMatchObject({ gtin14: gtin, name });
});
