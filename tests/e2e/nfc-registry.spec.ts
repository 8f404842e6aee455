import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { devices, type Page } from "@playwright/test";
import { uniqueEmail } from "./accounts";
import { adminApi, randomUid, signInAdmin } from "./admin-requests";
import { expect, test } from "./fixtures";

// Issue #18, the tag registry (/admin/nfc) and its batches: lifecycle actions with a reason,
// the tap that follows them, search, a batch programmed and printed, an encoder import.

type Tag = { id: number; chipId: string; status: string; garment: { slug: string; title: string } };

async function openRegistry(page: Page) {
  await page.goto("/admin/nfc");
  await expect(page.getByRole("heading", { name: "Tag Registry" })).toBeVisible();
}

/** A new client (last name `who`) with a garment whose tag is written: what a boutique hands over. */
async function claimedTag(page: Page, baseURL: string, who: string) {
  const email = uniqueEmail(`registry-${who}`).toLowerCase();
  const title = `Registry coat ${Math.random().toString(36).slice(2, 8)}`;
  const client = await adminApi<{ profileId: number }>(page.request, baseURL, "/clients", {
    first_name: "Séverine",
    last_name: who,
    email,
  });
  const { tag } = await adminApi<{ tag: Tag }>(page.request, baseURL, "/tags", {
    name: title,
    garment_type: "Jacket",
    client_id: client.profileId,
  });
  await adminApi(page.request, baseURL, `/tags/${tag.id}/write-result`, { ok: true, uid: randomUid() });
  return { tag, email, title, slug: tag.garment.slug };
}

/** How wide the document is laid out (a phone widens it, and zooms out, for anything that overflows). */
const documentWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const tagsTable = (page: Page) => page.getByRole("table", { name: "Tags, newest first" });
const batchesTable = (page: Page) => page.getByRole("table", { name: "Tag batches" });

async function search(page: Page, term: string) {
  await page.getByLabel("Search tags").fill(term);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

test("an admin reports a claimed garment's tag stolen (a reason is required); a visitor's tap then shows the missing page, nothing of the owner", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}, testInfo) => {
  const who = `Stolen${testInfo.project.name}${Date.now()}`;
  await signInAdmin(page);
  const { tag, email, title, slug } = await claimedTag(page, baseURL ?? "", who);
  await openRegistry(page);

  // Search by the owner's email finds exactly this tag.
  await search(page, email);
  const rows = tagsTable(page).getByRole("row");
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: tag.chipId });
  await expect(row).toContainText(email);
  await expect(row).toContainText(`Séverine ${who}`);
  await expect(row.getByRole("link", { name: `/t/${slug}` })).toHaveAttribute("target", "_blank");
  await expect(row).toContainText("Active");
  // The export takes the same filters: this one tag.
  const exportLink = page.getByRole("link", { name: "Export CSV of the matching tags" });
  await expect(exportLink).toHaveAttribute("href", `/api/admin/tags/export.csv?q=${encodeURIComponent(email)}`);
  const exported = page.waitForEvent("download");
  await exportLink.click();
  const csv = readFileSync(await (await exported).path(), "utf8")
    .trim()
    .split(/\r?\n/);
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(tag.chipId);
  expect(csv[1]).toContain(email);

  // The row's actions stay in view on a phone, the rest of the row scrolling beside them (issue #35).
  const change = row.getByRole("button", { name: `Change status of ${tag.chipId}` });
  const box = await change.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  await change.click();
  const dialog = page.getByRole("dialog", { name: `Change status: ${title}` });
  await expect(dialog).toBeVisible();
  // An active, owned tag: every action but 'Reactivate'.
  await expect(dialog.getByRole("radio")).toHaveCount(4);
  await expect(dialog.getByRole("radio", { name: "Reactivate" })).toHaveCount(0);
  await dialog.getByRole("radio", { name: "Report stolen" }).check();
  await dialog.getByRole("button", { name: "Report stolen" }).click();
  await expect(dialog.getByText("A reason is required.")).toBeVisible();
  await expect(dialog.getByLabel("Reason *")).toBeFocused();
  // Nothing was sent: the tag is still active.
  expect((await adminApi<Tag>(page.request, baseURL ?? "", `/tags/${tag.id}`)).status).toBe("active");

  await dialog.getByLabel("Reason *").fill("Taken from the cloakroom at the Salon Privé");
  await dialog.getByRole("button", { name: "Report stolen" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Stolen");
  await expect(page.getByRole("region", { name: /^Notifications/ })).toContainText("Tag reported stolen");
  expect((await adminApi<Tag>(page.request, baseURL ?? "", `/tags/${tag.id}`)).status).toBe("stolen");

  // A visitor's phone taps the garment: the neutral missing page, none of the owner's details.
  const visitor = await browser.newContext({ ...devices["Pixel 7"], extraHTTPHeaders });
  const phone = await visitor.newPage();
  await phone.goto(`/t/${slug}`);
  await expect(phone).toHaveURL(new RegExp(`/t/${slug}$`));
  await expect(phone.getByText("This garment has been reported missing")).toBeVisible();
  const html = await phone.content();
  for (const secret of [email, who, "Séverine", `/share/${slug}`]) expect(html).not.toContain(secret);
  await visitor.close();
});

test("release clears the owner (with a warning), and the next tap offers the claim", async ({
  page,
  baseURL,
}, testInfo) => {
  const who = `Released${testInfo.project.name}${Date.now()}`;
  await signInAdmin(page);
  const { tag, title, slug } = await claimedTag(page, baseURL ?? "", who);
  await openRegistry(page);
  await search(page, slug);
  const row = tagsTable(page).getByRole("row").filter({ hasText: tag.chipId });
  await expect(row).toContainText(`Séverine ${who}`);

  await row.getByRole("button", { name: `Change status of ${tag.chipId}` }).click();
  const dialog = page.getByRole("dialog", { name: `Change status: ${title}` });
  await dialog.getByRole("radio", { name: "Release" }).check();
  await expect(dialog.getByText(/Releasing clears the owner/)).toContainText(`Séverine ${who}`);
  await dialog.getByLabel("Reason *").fill("Sold back to the boutique");
  await dialog.getByRole("button", { name: "Release" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Released");
  await expect(row).toContainText("Unclaimed");
  await expect(row).not.toContainText("Séverine");

  const tap = await page.request.get(`/t/${slug}`, { maxRedirects: 0 });
  expect(tap.status()).toBe(302);
  expect(tap.headers().location).toBe(`/claim/${slug}`);

  // Released and unowned: nothing left to release, so the dialog no longer offers it.
  await row.getByRole("button", { name: `Change status of ${tag.chipId}` }).click();
  await expect(dialog.getByRole("radio", { name: "Release" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("a batch programmed with 3 tags counts 3 / 0 / 0, downloads its encoder CSV and prints 3 QR codes", async ({
  page,
}, testInfo) => {
  const name = `E2E batch ${testInfo.project.name} ${Date.now()}`;
  await signInAdmin(page);
  await openRegistry(page);
  await page.getByLabel("Batch name *").fill(name);
  await page.getByRole("button", { name: "Create batch" }).click();
  const row = batchesTable(page).getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  // Cells after the name: total, programmed, active.
  for (const n of [0, 1, 2]) await expect(row.getByRole("cell").nth(n)).toHaveText("0");

  await row.getByRole("button", { name: `Program tags ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Program ${name}` });
  // The server's own message for a missing type.
  await dialog.getByRole("button", { name: "Program tags" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please fill in all required fields");
  await dialog.getByLabel("Garment type *").selectOption("Shirt");
  await dialog.getByLabel("Count *").fill("3");
  await dialog.getByLabel("Colour").fill("Ivory");
  await dialog.getByRole("button", { name: "Program tags" }).click();
  await expect(dialog.getByRole("status")).toContainText("3 garments and tags programmed.");
  await expect(row.getByRole("cell").nth(0)).toHaveText("3");
  await expect(row.getByRole("cell").nth(1)).toHaveText("0");
  await expect(row.getByRole("cell").nth(2)).toHaveText("0");

  const download = page.waitForEvent("download");
  await dialog.getByRole("link", { name: `Download encoder CSV of ${name}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^RLV_[A-Z0-9]+_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await file.path(), "utf8")
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe("Slug,URL,Chip ID,Signature");
  expect(lines).toHaveLength(4);
  const slugs = lines.slice(1).map((line) => line.split(",")[0] ?? "");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  // 'Show tags' filters the registry to the batch: its three new, uninitialized tags.
  await row.getByRole("button", { name: `Show tags ${name}` }).click();
  await expect(page.getByRole("heading", { name: `Tags: ${name}` })).toBeFocused();
  await expect(page.getByLabel("Batch", { exact: true })).toHaveValue(/^\d+$/);
  const tagRows = tagsTable(page).getByRole("row");
  await expect(tagRows).toHaveCount(4);
  for (const slug of slugs) await expect(tagRows.filter({ hasText: slug })).toContainText("Uninitialized");

  const qr = row.getByRole("link", { name: `Print QR codes of ${name} (opens in a new tab)` });
  await expect(qr).toHaveAttribute("target", "_blank");
  const href = await qr.getAttribute("href");
  expect(href).toMatch(/^\/admin\/batches\/\d+\/qr$/);
  await page.goto(href ?? "");
  await expect(page.getByRole("heading", { name: `QR codes: ${name}` })).toBeVisible();
  const labels = page.getByRole("list", { name: `QR labels of ${name}` }).getByRole("listitem");
  await expect(labels).toHaveCount(3);
  await expect(page.getByRole("img", { name: /^QR code of http/ })).toHaveCount(3);
  for (const slug of slugs) await expect(labels.filter({ hasText: slug })).toHaveCount(1);
  expect(await documentWidth(page)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  await expect(labels.first()).toContainText("Shirt");
  // The plain page's script shows the Print button.
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  // On paper: the labels only, no site header or footer.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(labels.first()).toBeVisible();
});

test("an import with a bad row lists the line's problem and changes nothing; the good file then assigns every UID", async ({
  page,
  baseURL,
}, testInfo) => {
  const name = `E2E import ${testInfo.project.name} ${Date.now()}`;
  await signInAdmin(page);
  const batch = await adminApi<{ id: number }>(page.request, baseURL ?? "", "/tag-batches", { batch_name: name });
  const csv = await adminApi<string>(page.request, baseURL ?? "", `/tag-batches/${batch.id}/program`, {
    garment_type: "Dress",
    count: 2,
  });
  const [first, second] = csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(",")[0] ?? "");
  await openRegistry(page);
  const row = batchesTable(page).getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("cell").nth(0)).toHaveText("2");

  await row.getByRole("button", { name: `Import encoder CSV ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Import encoder CSV: ${name}` });
  const [uid1, uid2] = [randomUid(), randomUid()];
  await dialog.getByLabel("Or paste the CSV").fill(`UID,Slug\n${uid1},${first}\nnonsense,${second}`);
  await dialog.getByRole("button", { name: "Import" }).click();
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText("1 problem in the file; nothing was imported.");
  await expect(alert.getByRole("listitem")).toHaveText(['Line 3: "nonsense" is not a tag UID.']);
  // Nothing changed: no UID on either tag, the counters as before.
  await expect(row.getByRole("cell").nth(1)).toHaveText("0");
  const tags = await adminApi<{ tags: { uid: string | null }[] }>(
    page.request,
    baseURL ?? "",
    `/tags?batch_id=${batch.id}`,
  );
  expect(tags.tags.map((t) => t.uid)).toEqual([null, null]);

  // The same file from disk, corrected.
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "encoder.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`UID,Slug\r\n${uid1},${first}\r\n${uid2},${second}\r\n`),
  });
  await expect(dialog.getByLabel("Or paste the CSV")).toHaveValue(new RegExp(uid2));
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByRole("status")).toContainText("2 UIDs assigned · 0 unchanged.");
  await expect(row.getByRole("cell").nth(0)).toHaveText("2");
  await expect(row.getByRole("cell").nth(1)).toHaveText("2");
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");
});

test("the registry fits the screen: its tables scroll inside their own boxes, never the page", async ({
  page,
  baseURL,
}, testInfo) => {
  await signInAdmin(page);
  // At least one tag and one batch, whatever ran before.
  await claimedTag(page, baseURL ?? "", `Fit${testInfo.project.name}${Date.now()}`);
  await adminApi(page.request, baseURL ?? "", "/tag-batches", {
    batch_name: `Fit ${testInfo.project.name} ${Date.now()}`,
  });
  await openRegistry(page);
  await expect(tagsTable(page)).toBeVisible();
  await expect(batchesTable(page)).toBeVisible();
  expect(await documentWidth(page)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
    [],
  );
}

test("axe finds nothing on the registry, its status dialog, the program dialog and a batch's QR page", async ({
  page,
  baseURL,
}, testInfo) => {
  const name = `Axe ${testInfo.project.name} ${Date.now()}`;
  await signInAdmin(page);
  const { tag, email } = await claimedTag(page, baseURL ?? "", `Axe${testInfo.project.name}${Date.now()}`);
  const batch = await adminApi<{ id: number }>(page.request, baseURL ?? "", "/tag-batches", { batch_name: name });
  await adminApi(page.request, baseURL ?? "", `/tag-batches/${batch.id}/program`, { garment_type: "Hat", count: 2 });
  await openRegistry(page);
  await search(page, email);
  await expect(tagsTable(page).getByRole("row")).toHaveCount(2);
  await expect(batchesTable(page)).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole("button", { name: `Change status of ${tag.chipId}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("radio", { name: "Release" }).check();
  await dialog.getByRole("button", { name: "Release" }).click();
  await expect(dialog.getByText("A reason is required.")).toBeVisible();
  await expectNoViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  const row = batchesTable(page).getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: `Program tags ${name}` }).click();
  await expect(page.getByRole("dialog", { name: `Program ${name}` })).toBeVisible();
  await expectNoViolations(page);
  await page.keyboard.press("Escape");

  await page.goto(`/admin/batches/${batch.id}/qr`);
  await expect(page.getByRole("img", { name: /^QR code of http/ })).toHaveCount(2);
  await expectNoViolations(page);
});
