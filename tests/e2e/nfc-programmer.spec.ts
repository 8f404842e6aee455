import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, devices, type Page } from "@playwright/test";
import { demoPassword, signIn } from "./accounts";
import { expect, test } from "./fixtures";

// Issue #18, the tag programmer (/admin/nfc-programmer): the labelled simulation where the
// browser has no Web NFC, and Web NFC itself through a test double of `NDEFReader` with the
// real API's shape (scan, write, makeReadOnly; "reading" events).

type Tag = { id: number; chipId: string; uid: string | null; status: string; writeError: string | null };
type Lookup = { state: string; tag: Tag | null };

/** A random 7-byte NXP serial number, as Web NFC reports it (`04:a2:…`). */
const randomSerial = () =>
  `04:${Array.from({ length: 6 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, "0"),
  ).join(":")}`;

type FakeNfc = {
  serial: string;
  failWrite: string | null;
  /** The next scans fail with a "readingerror" event. */
  readError: boolean;
  readOnly: number;
  records: { recordType: string; data: string }[];
  writes: unknown[];
};

/** Installs a Web NFC double before any page script runs; `window.__nfc` holds its knobs and what it was given. */
async function installNdefReader(page: Page, setup: Pick<FakeNfc, "serial" | "failWrite">) {
  await page.addInitScript((init) => {
    const nfc: FakeNfc = { ...init, readError: false, readOnly: 0, records: [], writes: [] };
    (window as unknown as { __nfc: FakeNfc }).__nfc = nfc;
    class FakeNDEFReader extends EventTarget {
      async scan(options: { signal?: AbortSignal } = {}) {
        // A tag comes into range a moment later, as on a phone.
        setTimeout(() => {
          if (options.signal?.aborted) return;
          if (nfc.readError) {
            this.dispatchEvent(new Event("readingerror"));
            return;
          }
          const event = Object.assign(new Event("reading"), {
            serialNumber: nfc.serial,
            message: {
              records: nfc.records.map((r) => ({
                recordType: r.recordType,
                encoding: "utf-8",
                data: new DataView(new TextEncoder().encode(r.data).buffer),
              })),
            },
          });
          this.dispatchEvent(event);
        }, 50);
      }
      async write(message: unknown) {
        if (nfc.failWrite) throw new DOMException(nfc.failWrite, "NetworkError");
        nfc.writes.push(JSON.parse(JSON.stringify(message)));
      }
      async makeReadOnly() {
        nfc.readOnly += 1;
      }
    }
    (window as unknown as { NDEFReader: unknown }).NDEFReader = FakeNDEFReader;
  }, setup);
}

const nfcState = (page: Page) => page.evaluate(() => (window as unknown as { __nfc: FakeNfc }).__nfc);

async function lookupBySlug(request: APIRequestContext, url: string): Promise<Lookup> {
  const res = await request.get(`/api/admin/tags/lookup?slug=${encodeURIComponent(url)}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Lookup;
}

async function openProgrammer(page: Page) {
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto("/admin/nfc-programmer");
  await expect(page.getByRole("heading", { name: "NFC Programmer" })).toBeVisible();
}

async function fillGarment(page: Page, name: string) {
  const form = page.getByRole("form", { name: "New tag" });
  await form.getByLabel("Garment name *").fill(name);
  await form.getByLabel("Type *").selectOption("Jacket");
  await form.getByLabel("Size").selectOption("M");
  return form;
}

/**
 * axe-core on the page as it stands: zero violations. The shell's toaster is left out: its
 * success colours are the shell's (reported to the lead), and a toast comes and goes.
 */
async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
    [],
  );
}

const result = (page: Page) => page.getByRole("region", { name: /Tag Programmed Successfully|Programming Error/ });

test("without Web NFC: the simulation is labelled, the garment is programmed for real and its link taps to the claim page", async ({
  page,
  browser,
}) => {
  await page.addInitScript(() => {
    delete (window as unknown as { NDEFReader?: unknown }).NDEFReader;
  });
  await openProgrammer(page);
  await expect(page.getByText("NFC Not Available: NFC is not supported on this device or browser")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Reader" }).getByText("Simulated tag — nothing is written to a chip"),
  ).toBeVisible();

  const name = `Simulated blazer ${Date.now()}`;
  const form = await fillGarment(page, name);
  await form.getByRole("button", { name: "Program simulated tag" }).click();

  const card = result(page);
  await expect(card.getByRole("heading", { name: "Tag Programmed Successfully" })).toBeFocused();
  await expect(card.getByText("Simulated tag — nothing is written to a chip")).toBeVisible();
  await expect(page.getByRole("region", { name: /^Notifications/ })).toContainText("Tag Programmed Successfully");
  const link = card.getByRole("link", { name: /\/t\/ja-/ }).first();
  const url = (await link.textContent())?.replace(" (opens in a new tab)", "") ?? "";
  expect(url).toMatch(/^http:\/\/localhost:\d+\/t\/ja-[0-9a-z]{10}$/);
  await expect(link).toHaveAttribute("target", "_blank");
  // The exact NDEF bytes: a short well-known URI record, https?:// folded into its prefix code.
  await expect(card.locator("pre")).toContainText("0000  D1 01");
  await expect(card.getByText(/of 144 bytes on an NTAG213/)).toBeVisible();
  await expect(card.getByRole("img", { name: `QR code of ${url}` })).toHaveAttribute("src", /^data:image\/svg\+xml/);

  // The records are real: the tag is active on the server, with no made-up UID.
  const lookup = await lookupBySlug(page.request, url);
  expect(lookup).toMatchObject({ state: "assigned", tag: { status: "active", uid: null, writeError: null } });
  await expect(card).toContainText(lookup.tag?.chipId ?? "missing chip id");

  // Reading the simulated tag back finds it, labelled as simulated.
  await page.getByRole("button", { name: "Read the simulated tag just written" }).click();
  const scanned = page.getByRole("region", { name: "Scanned tag" });
  await expect(scanned).toContainText("Assigned");
  await expect(scanned).toContainText(lookup.tag?.chipId ?? "missing chip id");
  await expect(scanned.getByText("Simulated tag — nothing is written to a chip")).toBeVisible();
  await expectNoViolations(page);
  // Phone-first: nothing scrolls sideways (tables and the byte dump scroll inside their own box).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );

  // A phone taps the new garment: the claim page, which shows the piece and offers an account.
  const slug = new URL(url).pathname.split("/").pop() ?? "";
  const visitor = await browser.newContext({ ...devices["Pixel 7"] });
  const phone = await visitor.newPage();
  const tap = await phone.request.get(`/t/${slug}`, { maxRedirects: 0 });
  expect(tap.status()).toBe(302);
  expect(tap.headers().location).toBe(`/claim/${slug}`);
  await phone.goto(`/t/${slug}`);
  await expect(phone).toHaveURL(new RegExp(`/claim/${slug}$`));
  await expect(phone.getByRole("link", { name: "Create an account to claim" })).toBeVisible();
  await visitor.close();
});

test("'Attach & write' programs the garment into the picked client's wardrobe; the registry exports as CSV", async ({
  page,
  baseURL,
}, testInfo) => {
  await page.addInitScript(() => {
    delete (window as unknown as { NDEFReader?: unknown }).NDEFReader;
  });
  await openProgrammer(page);
  const last = `Attach${testInfo.project.name}${Date.now()}`;
  const created = await page.request.post("/api/admin/clients", {
    data: { first_name: "Camille", last_name: last, email: `${last.toLowerCase()}@example.com` },
    headers: { Origin: baseURL ?? "" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const client = (await created.json()) as { name: string; profileId: number };

  await fillGarment(page, `Attached coat ${Date.now()}`);
  const clients = page.getByRole("region", { name: "Client" });
  await clients.getByRole("searchbox", { name: "Find a client" }).fill(last);
  await clients.getByRole("button", { name: `Select ${client.name}` }).click();
  await clients.getByRole("button", { name: "Attach & write" }).click();

  const card = result(page);
  await expect(card.getByRole("heading", { name: "Tag Programmed Successfully" })).toBeVisible();
  await expect(card).toContainText(`in ${client.name}'s wardrobe`);
  const url =
    (
      await card
        .getByRole("link", { name: /\/t\/ja-/ })
        .first()
        .textContent()
    )?.replace(" (opens in a new tab)", "") ?? "";
  expect((await lookupBySlug(page.request, url)).tag).toMatchObject({
    status: "active",
    owner: { profileId: client.profileId },
  });
  // Spec part 2 §4: on attach success the selection is cleared; the form is empty for the next garment.
  await expect(clients.getByRole("searchbox", { name: "Find a client" })).toBeVisible();
  await expect(page.getByRole("form", { name: "New tag" }).getByLabel("Garment name *")).toHaveValue("");

  const download = page.waitForEvent("download");
  await page.getByRole("region", { name: "Utilities" }).getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^RLV_\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByRole("region", { name: /^Notifications/ })).toContainText("Export Complete");
});

test("with Web NFC: the exact URL record is written, the chip's UID recorded; read, search, reassign and lock it", async ({
  page,
  baseURL,
}, testInfo) => {
  const serial = randomSerial();
  await installNdefReader(page, { serial, failWrite: null });
  await openProgrammer(page);
  await expect(page.getByText("NFC available")).toBeVisible();
  await expect(page.getByText("Simulated tag — nothing is written to a chip")).toHaveCount(0);

  const form = await fillGarment(page, `Written blazer ${Date.now()}`);
  await form.getByRole("button", { name: "Program tag" }).click();
  const card = result(page);
  await expect(card.getByRole("heading", { name: "Tag Programmed Successfully" })).toBeVisible();
  const url =
    (
      await card
        .getByRole("link", { name: /\/t\/ja-/ })
        .first()
        .textContent()
    )?.replace(" (opens in a new tab)", "") ?? "";
  expect(url).toMatch(/\/t\/ja-[0-9a-z]{10}$/);

  await expectNoViolations(page);
  const nfc = await nfcState(page);
  expect(nfc.writes).toEqual([{ records: [{ recordType: "url", data: url }] }]);
  const uid = serial.replaceAll(":", "").toUpperCase();
  await expect(card).toContainText(uid);
  expect(await lookupBySlug(page.request, url)).toMatchObject({ state: "assigned", tag: { status: "active", uid } });

  // 'Read a tag': the chip now carries the URL record; the registry knows it.
  await page.evaluate((u) => {
    (window as unknown as { __nfc: FakeNfc }).__nfc.records = [{ recordType: "url", data: u }];
  }, url);
  await page.getByRole("button", { name: "Read a tag" }).click();
  const scanned = page.getByRole("region", { name: "Scanned tag" });
  await expect(scanned).toContainText("Assigned");
  await expect(scanned).toContainText(uid);
  await expect(scanned).toContainText(url);

  // 'Search by tag UID' finds the same tag, typed as Web NFC shows it.
  await page.getByRole("textbox", { name: "Search by tag UID" }).fill(serial);
  await page.getByRole("form", { name: "Search by tag UID" }).getByRole("button", { name: "Search" }).click();
  const found = page.getByRole("region", { name: "Tag found by UID" });
  await expect(found).toContainText(uid);

  // Reassign its garment to a client found with the client search.
  const last = `Reassign${testInfo.project.name}${Date.now()}`;
  const created = await page.request.post("/api/admin/clients", {
    data: { first_name: "Inès", last_name: last, email: `${last.toLowerCase()}@example.com` },
    headers: { Origin: baseURL ?? "" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { name: clientName } = (await created.json()) as { name: string };
  await page.getByRole("region", { name: "Utilities" }).getByRole("button", { name: "Reassign" }).click();
  const reassign = page.getByRole("dialog", { name: "Reassign garment" });
  await reassign.getByRole("searchbox", { name: "Find a client" }).fill(last);
  await reassign.getByRole("button", { name: `Select ${clientName}` }).click();
  await reassign.getByRole("button", { name: `Reassign to ${clientName}` }).click();
  await expect(reassign).toBeHidden();
  await expect(page.getByRole("region", { name: /^Notifications/ })).toContainText("Garment reassigned successfully");
  await expect(found).toContainText(clientName);

  // Lock: a confirm step that says it is permanent; the chip is made read-only, then the registry records it.
  await page.getByRole("region", { name: "Utilities" }).getByRole("button", { name: "Lock tag" }).click();
  const lock = page.getByRole("dialog", { name: "Lock tag" });
  await expect(lock).toContainText("permanently");
  await lock.getByRole("button", { name: "Lock permanently" }).click();
  await expect(lock).toBeHidden();
  await expect(found).toContainText("Locked");
  expect((await nfcState(page)).readOnly).toBe(1);
  expect(await lookupBySlug(page.request, url)).toMatchObject({ state: "locked", tag: { status: "locked" } });
});

test("with Web NFC: a read error is the spec's 'NFC Read Error', then 'Try Simulation' switches to the labelled simulation", async ({
  page,
}) => {
  await installNdefReader(page, { serial: randomSerial(), failWrite: null });
  await openProgrammer(page);
  await page.evaluate(() => {
    (window as unknown as { __nfc: FakeNfc }).__nfc.readError = true;
  });
  const reader = page.getByRole("region", { name: "Reader" });
  await reader.getByRole("button", { name: "Read a tag" }).click();
  await expect(reader.getByRole("alert")).toContainText("NFC Read Error");
  await expect(reader.getByRole("alert")).toContainText("Failed to read NFC tag");
  await expect(reader.getByText("Reader status: Error")).toBeAttached();
  await reader.getByRole("button", { name: "Try Simulation" }).click();
  await expect(reader.getByText("Simulated tag — nothing is written to a chip")).toBeVisible();
  await reader.getByRole("button", { name: "Read a simulated blank tag" }).click();
  const scanned = page.getByRole("region", { name: "Scanned tag" });
  await expect(scanned).toContainText("Uninitialized");
  await expect(scanned).toContainText("UID (simulated)");
});

test("with Web NFC: a failed write leaves the tag inactive with the spec's Programming Error", async ({ page }) => {
  await installNdefReader(page, { serial: randomSerial(), failWrite: "Tag connection lost" });
  await openProgrammer(page);
  const form = await fillGarment(page, `Failed blazer ${Date.now()}`);
  await form.getByRole("button", { name: "Program tag" }).click();

  const card = result(page);
  await expect(card.getByRole("heading", { name: "Programming Error: Failed to program NFC tag" })).toBeVisible();
  await expect(card.getByRole("alert")).toContainText("Tag connection lost");
  await expect(page.getByRole("region", { name: /^Notifications/ })).toContainText(
    "Programming Error: Failed to program NFC tag",
  );
  expect((await nfcState(page)).writes).toEqual([]);
  const url =
    (
      await card
        .getByRole("link", { name: /\/t\/ja-/ })
        .first()
        .textContent()
    )?.replace(" (opens in a new tab)", "") ?? "";
  const lookup = await lookupBySlug(page.request, url);
  expect(lookup.tag).toMatchObject({ status: "inactive", uid: null });
  expect(lookup.tag?.writeError).toContain("Tag connection lost");
  const tag = await (await page.request.get(`/api/admin/tags/${lookup.tag?.id}`)).json();
  expect(tag).toMatchObject({ status: "inactive" });

  // The write is retried on the same tag once the chip cooperates: it becomes active.
  await page.evaluate(() => {
    (window as unknown as { __nfc: FakeNfc }).__nfc.failWrite = null;
  });
  await card.getByRole("button", { name: "Retry write" }).click();
  await expect(card.getByRole("heading", { name: "Tag Programmed Successfully" })).toBeVisible();
  expect((await lookupBySlug(page.request, url)).tag).toMatchObject({ status: "active", writeError: null });
});
