import type { Browser, Page } from "@playwright/test";
import { signUp, uniqueEmail } from "./accounts";
import { adminApi, signInAdmin } from "./admin-requests";
import { expect, gotoHydrated, test } from "./fixtures";

// Issue #19, deliverable 1: tags programmed into a pre-encoded pool become garments when their
// first owner registers them: by tap (Web NFC through an NDEFReader test double, then the
// 'garment' step) and by code on /garment-registration, with its optional NFC write step.

test.use({ viewport: { width: 390, height: 844 } });

type PoolTag = { slug: string; url: string; chipId: string };

/** Pool tags of one type, programmed by the admin in a context of its own (the encoder CSV's rows). */
async function poolTags(browser: Browser, baseURL: string, count: number, garmentType = "Dress"): Promise<PoolTag[]> {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signInAdmin(admin);
  const batch = await adminApi<{ id: number }>(admin.request, baseURL, "/tag-batches", {
    batch_name: `E2E pool ${Date.now()} ${Math.random().toString(36).slice(2, 6)}`,
  });
  const csv = await adminApi<string>(admin.request, baseURL, `/tag-batches/${batch.id}/program`, {
    garment_type: garmentType,
    count,
    pool: true,
  });
  await context.close();
  return csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => {
      const [slug = "", url = "", chipId = ""] = line.split(",");
      return { slug, url, chipId };
    });
}

/** A new client with a profile (so a registration goes straight through). */
async function newClient(page: Page, tag: string) {
  await signUp(page, uniqueEmail(tag), "pool-password-2026");
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  await gotoHydrated(page, "/onboarding/profile");
  await page.getByRole("button", { name: "Complete Setup & View Wardrobe" }).click();
  await expect(page).toHaveURL(/\/dashboard\/wardrobe/);
}

type NfcDouble = { url: string | null; writes: unknown[]; failWrite: string | null };

/**
 * Web NFC before any page script runs: `scan()` delivers, a moment later, one tag holding a URL
 * record with `url` to `onreading`; `write()` records what it was asked to write. `window.__nfc`
 * holds the knobs and the writes.
 */
async function installNdefReader(page: Page, init: Pick<NfcDouble, "url" | "failWrite">) {
  await page.addInitScript((setup) => {
    const nfc: NfcDouble = { ...setup, writes: [] };
    (window as unknown as { __nfc: NfcDouble }).__nfc = nfc;
    class FakeNDEFReader {
      onreading: ((event: unknown) => void) | null = null;
      onreadingerror: (() => void) | null = null;
      async scan(options: { signal?: AbortSignal } = {}) {
        setTimeout(() => {
          if (options.signal?.aborted || nfc.url === null) return;
          const data = new DataView(new TextEncoder().encode(nfc.url).buffer);
          this.onreading?.({
            serialNumber: "04:a1:b2:c3:d4:e5:f6",
            message: { records: [{ recordType: "url", data }] },
          });
        }, 50);
      }
      async write(message: unknown) {
        if (nfc.failWrite) throw new DOMException(nfc.failWrite, "NetworkError");
        nfc.writes.push(JSON.parse(JSON.stringify(message)));
      }
    }
    (window as unknown as { NDEFReader: unknown }).NDEFReader = FakeNDEFReader;
  }, init);
}

const nfcWrites = (page: Page) =>
  page.evaluate(() => (window as unknown as { __nfc: NfcDouble }).__nfc.writes) as Promise<unknown[]>;

test("a pool tag tapped with Web NFC becomes the owner's garment; anyone else then gets the ownership conflict", async ({
  page,
  browser,
  baseURL,
}) => {
  const [tag, other] = await poolTags(browser, baseURL ?? "", 2, "Jacket");
  if (!tag || !other) throw new Error("no pool tags");

  // Signed out, the tap of a pool tag lands on the registration page's sign-in step.
  await page.goto(`/t/${other.slug}`);
  await expect(page).toHaveURL(new RegExp(`/tap-register\\?code=${other.slug}$`));
  await expect(page.getByRole("link", { name: "Sign In to Register" })).toBeVisible();

  await newClient(page, "pool-tap");
  await installNdefReader(page, { url: tag.url, failWrite: null });
  await gotoHydrated(page, "/tap-register");
  await page.getByRole("button", { name: "Start Scanning" }).click();
  await expect(page).toHaveURL(/\/tap-register\?code=/);
  const step = page.getByRole("form", { name: "Garment details" });
  await expect(page.getByRole("heading", { name: "New Relevé piece" })).toBeVisible();
  await expect(page.getByText(`Jacket · tag ${tag.slug}`)).toBeVisible();

  // Nothing typed but spaces: refused, nothing registered.
  await step.getByLabel("Name *").fill("   ");
  await step.getByLabel("Style *").selectOption("jacket");
  await step.getByLabel("Name *").evaluate((input: HTMLInputElement) => {
    input.required = false;
  });
  await step.getByRole("button", { name: "Register Garment" }).click();
  await expect(step.getByRole("alert")).toContainText("Please fill in all required fields");

  await step.getByLabel("Name *").fill("Cropped tweed jacket");
  await step.getByLabel("Style *").selectOption("jacket");
  await step.getByLabel("Size").selectOption("S");
  await step.getByLabel("SKU").fill("TW-22");
  await step.getByLabel("Purchase date").fill("2025-10-02");
  await step.getByRole("button", { name: "Register Garment" }).click();
  await expect(page).toHaveURL(/\/dashboard\/wardrobe\?claimed=\d+$/);
  await expect(page.getByText("Garment Registered Successfully")).toBeVisible();
  await expect(page.getByText("Cropped tweed jacket has been added to your digital wardrobe.")).toBeVisible();

  // Another owner with the same tag: the conflict, with try again and contact support.
  await page.context().clearCookies();
  await newClient(page, "pool-late");
  await gotoHydrated(page, `/tap-register?code=${encodeURIComponent(tag.url)}`);
  await expect(page.getByText("This garment is already registered to someone else.", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/tap-register");
  await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", /^mailto:/);
});

test("a pool tag registered by its chip id on /garment-registration, then written to a blank tag", async ({
  page,
  browser,
  baseURL,
}) => {
  const [tag] = await poolTags(browser, baseURL ?? "", 1, "Dress");
  if (!tag) throw new Error("no pool tag");
  await newClient(page, "pool-code");
  await installNdefReader(page, { url: null, failWrite: null });
  await gotoHydrated(page, "/garment-registration");
  const form = page.getByRole("form", { name: "Register a garment" });
  const submit = form.getByRole("button", { name: "Register Garment" });
  await form.getByLabel("Name *").fill("Midnight slip dress");
  await form.getByLabel("Garment type *").selectOption("Dress");
  await form.getByLabel("Chip id *").fill("   ");
  await expect(submit).toBeDisabled();
  await form.getByLabel("Chip id *").fill("no-such-code");
  await submit.click();
  await expect(form.getByRole("alert")).toContainText("We could not find a garment with that chip id.");

  await form.getByLabel("Name *").fill("Midnight slip dress");
  await form.getByLabel("Garment type *").selectOption("Dress");
  await form.getByLabel("Size").selectOption("XS");
  await form.getByLabel("Chip id *").fill(` ${tag.chipId.toLowerCase()} `);
  await submit.click();

  const nfcStep = page.getByRole("region", { name: "Write to a blank tag" });
  await expect(nfcStep).toContainText(tag.url);
  await nfcStep.getByRole("button", { name: "Write to a blank tag" }).click();
  const done = page.getByRole("status").filter({ hasText: "Garment Registered Successfully" });
  await expect(done).toContainText("Midnight slip dress has been added to your digital wardrobe.");
  await expect(done).toContainText("The tag now carries its link.");
  expect(await nfcWrites(page)).toEqual([{ records: [{ recordType: "url", data: `${baseURL}/t/${tag.slug}` }] }]);
  expect(tag.url).toBe(`${baseURL}/t/${tag.slug}`);

  await expect(page.getByRole("list").getByRole("link", { name: /Midnight slip dress/ })).toBeVisible();
  await done.getByRole("link", { name: "View My Wardrobe" }).click();
  await expect(page).toHaveURL(/\/dashboard\/wardrobe\?claimed=\d+$/);
  await expect(page.getByText("Midnight slip dress").first()).toBeVisible();
});

test("without Web NFC the write step is a labelled simulation that writes nothing; Skip goes straight on", async ({
  page,
  browser,
  baseURL,
}) => {
  const [first, second] = await poolTags(browser, baseURL ?? "", 2, "Shirt");
  if (!first || !second) throw new Error("no pool tags");
  await page.addInitScript(() => {
    delete (window as unknown as { NDEFReader?: unknown }).NDEFReader;
  });
  await newClient(page, "pool-sim");
  for (const [tag, name] of [
    [first, "Poplin shirt"],
    [second, "Oxford shirt"],
  ] as const) {
    await gotoHydrated(page, "/garment-registration");
    const form = page.getByRole("form", { name: "Register a garment" });
    await form.getByLabel("Name *").fill(name);
    await form.getByLabel("Garment type *").selectOption("Shirt");
    await form.getByLabel("Chip id *").fill(tag.slug);
    await form.getByRole("button", { name: "Register Garment" }).click();
    const nfcStep = page.getByRole("region", { name: "Write to a blank tag" });
    await expect(nfcStep.getByText("NFC Not Available", { exact: false })).toBeVisible();
    await expect(nfcStep.getByRole("button", { name: "Write to a blank tag" })).toHaveCount(0);
    const done = page.getByRole("status").filter({ hasText: "Garment Registered Successfully" });
    if (tag === first) {
      await nfcStep.getByRole("button", { name: "Simulate the write" }).click();
      await expect(nfcStep.getByRole("button", { name: "Simulating..." })).toBeDisabled();
      await expect(done).toContainText("Simulation only: nothing was written to a tag.");
    } else {
      await nfcStep.getByRole("button", { name: "Skip" }).click();
      await expect(done).toBeVisible();
      await expect(done).not.toContainText("Simulation");
    }
    await expect(done).toContainText(`${name} has been added to your digital wardrobe.`);
  }
  await expect(page.getByRole("list").getByRole("link")).toHaveCount(2);
});

test("the admin programs a pre-encoded pool from the batch dialog; its tag asks the owner for the details", async ({
  page,
  baseURL,
}, testInfo) => {
  const name = `E2E pool batch ${testInfo.project.name} ${Date.now()}`;
  await signInAdmin(page);
  await page.goto("/admin/nfc");
  await page.getByLabel("Batch name *").fill(name);
  await page.getByRole("button", { name: "Create batch" }).click();
  const row = page.getByRole("table", { name: "Tag batches" }).getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: `Program tags ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Program ${name}` });
  await dialog.getByLabel("Garment type *").selectOption("Hat");
  await dialog.getByLabel("Count *").fill("1");
  await dialog.getByLabel("Name", { exact: true }).fill("Not for a pool");
  const pool = dialog.getByLabel("Pre-encoded pool: the owner names each piece when registering it");
  await pool.check();
  // The owner's details are not the admin's to give: the fields go.
  for (const field of ["Name", "Size", "Colour", "SKU prefix"]) {
    await expect(dialog.getByLabel(field, { exact: true })).toHaveCount(0);
  }
  await dialog.getByRole("button", { name: "Program tags" }).click();
  await expect(dialog.getByRole("status")).toContainText("1 garment and tag programmed.");
  const batchId = (await row.getByRole("link", { name: /^Download encoder CSV/ }).getAttribute("href"))?.match(
    /tag-batches\/(\d+)\//,
  )?.[1];
  const csv = await adminApi<string>(page.request, baseURL ?? "", `/tag-batches/${batchId}/encoder.csv`);
  const slug = csv.trim().split(/\r?\n/)[1]?.split(",")[0] ?? "";
  expect(slug).not.toBe("");

  await page.context().clearCookies();
  await gotoHydrated(page, `/tap-register?code=${slug}`);
  await expect(page.getByRole("heading", { name: "New Relevé piece" })).toBeVisible();
  await expect(page.getByText(`Hat · tag ${slug}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In to Register" })).toBeVisible();
});

test("the wardrobe's 'Add Garment' takes a pool tag's code on to its details step", async ({
  page,
  browser,
  baseURL,
}) => {
  const [tag] = await poolTags(browser, baseURL ?? "", 1, "Shirt");
  if (!tag) throw new Error("no pool tag programmed");
  await newClient(page, "pool-wardrobe");
  await gotoHydrated(page, "/dashboard/wardrobe");
  await page.getByRole("button", { name: "Add Garment" }).click();
  const dialog = page.getByRole("dialog", { name: "Register New Piece" });
  await dialog.getByLabel("Garment code").fill(tag.chipId);
  await dialog.getByRole("button", { name: "Add Garment" }).click();
  await expect(page).toHaveURL(new RegExp(`/tap-register\\?code=${tag.slug}$`));
  await expect(page.getByRole("heading", { name: "New Relevé piece" })).toBeVisible();
  const step = page.getByRole("form", { name: "Garment details" });
  await step.getByLabel("Name *").fill("Poplin shirt");
  await step.getByLabel("Style *").selectOption("top");
  await step.getByRole("button", { name: "Register Garment" }).click();
  await expect(page).toHaveURL(/\/dashboard\/wardrobe\?claimed=\d+$/);
  await expect(page.getByRole("article", { name: "Poplin shirt" })).toBeVisible();
});
