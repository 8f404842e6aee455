import type { Locator, Page } from "@playwright/test";
import { uniqueEmail } from "./accounts";
import { adminApi, randomUid, signInAdmin } from "./admin-requests";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// Issue #49 item 8, the admin portal's part: a table wider than a phone says so and scrolls by
// keyboard; the registry's sticky column hides no column at 1280 px; after a tag is programmed,
// the outcome is where the operator looks and the programmer's panels start over.

type Tag = { id: number; chipId: string };

/**
 * Tags that make the registry's rows wide: a batch with a long name (its chip ids carry it), a
 * secure tag on a long-named garment with an owner, a failed write. All in one batch, so the
 * registry can show them alone (`?batch_id=`).
 */
async function wideRows(page: Page, baseURL: string, who: string) {
  const batch = await adminApi<{ id: number }>(page.request, baseURL, "/tag-batches", {
    batch_name: `Autumn-Winter Salon Privé capsule ${who}`,
  });
  const email = uniqueEmail(`maison-${who}`).toLowerCase();
  const client = await adminApi<{ profileId: number }>(page.request, baseURL, "/clients", {
    first_name: "Séverine",
    last_name: "Montgomery-Delacroix",
    email,
  });
  const { tag } = await adminApi<{ tag: Tag }>(page.request, baseURL, "/tags", {
    name: "Long double-breasted cashmere overcoat with horn buttons",
    garment_type: "Jacket",
    client_id: client.profileId,
    batch_id: batch.id,
  });
  const uid = randomUid();
  await adminApi(page.request, baseURL, `/tags/${tag.id}/write-result`, { ok: true, uid });
  await adminApi(page.request, baseURL, `/tags/${tag.id}/secure`, { uid, key_version: 1 });
  const failed = await adminApi<{ tag: Tag }>(page.request, baseURL, "/tags", {
    name: "Silk scarf",
    garment_type: "Jacket",
    batch_id: batch.id,
  });
  await adminApi(page.request, baseURL, `/tags/${failed.tag.id}/write-result`, {
    ok: false,
    error: "NotAllowedError: the tag is read-only and could not be written",
  });
  await adminApi(page.request, baseURL, `/tag-batches/${batch.id}/program`, { garment_type: "Hat", count: 2 });
  return { batchId: batch.id, tag };
}

async function openRegistry(page: Page, path = "/admin/nfc") {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Tag Registry" })).toBeVisible();
}

/** The box around a TableScroll's region: its hint and fades. */
const scrollFrame = (region: Locator) => region.locator("xpath=../..");

const scrollTo = (region: Locator, where: "start" | "end") =>
  region.evaluate((el, to) => {
    el.scrollLeft = to === "end" ? el.scrollWidth : 0;
  }, where);

test("on a phone, a table wider than the screen says so, and its box scrolls by keyboard", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "a phone's 390 px, where the tables scroll sideways");
  await signInAdmin(page);
  const { tag } = await wideRows(page, baseURL ?? "", `Phone${Date.now()}`);
  await openRegistry(page);

  // The tags: the hint, the fade at the sticky 'Actions' column's edge, a named region with a description.
  const tags = page.getByRole("region", { name: "Tags, newest first" });
  await expect(tags.getByRole("table", { name: "Tags, newest first" })).toBeVisible();
  const frame = scrollFrame(tags);
  await tags.scrollIntoViewIfNeeded();
  await expect(frame.getByText("Scroll for more →")).toBeVisible();
  await expect(tags).toHaveAccessibleDescription("Scrolls sideways to show every column.");
  const actions = tags.getByRole("columnheader", { name: "Actions" });
  const fade = () => actions.evaluate((el) => getComputedStyle(el, "::before").opacity);
  await expect.poll(fade).toBe("1");
  // Its row's actions still in view beside the scrolling rest (issue #35).
  const change = tags.getByRole("button", { name: `Change status of ${tag.chipId}` });
  await expect(change).toBeInViewport({ ratio: 1 });

  // The keyboard: Tab reaches the box, the arrow keys scroll it; the hint then points both ways.
  await expect(tags).toHaveAttribute("tabindex", "0");
  await tags.focus();
  await expect(tags).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => tags.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(frame.locator('[data-scroll-fade="start"]')).toHaveCSS("opacity", "1");
  // At its end, nothing more hides under the sticky column: no fade, the hint points back.
  await scrollTo(tags, "end");
  await expect(frame.getByText("← Scroll back")).toBeVisible();
  await expect(frame.getByText("Scroll for more →")).toHaveCount(0);
  await expect.poll(fade).toBe("0");
  await scrollTo(tags, "start");
  await expect(frame.getByText("Scroll for more →")).toBeVisible();

  // The batches, a table without a sticky column: the fade at the side that has more.
  const batches = page.getByRole("region", { name: "Tag batches table" });
  await expect(batches.getByRole("table", { name: "Tag batches" })).toBeVisible();
  await batches.scrollIntoViewIfNeeded();
  const batchFrame = scrollFrame(batches);
  await expect(batchFrame.getByText("Scroll for more →")).toBeVisible();
  await expect(batchFrame.locator('[data-scroll-fade="end"]')).toHaveCSS("opacity", "1");
  await expect(batchFrame.locator('[data-scroll-fade="start"]')).toHaveCSS("opacity", "0");
  await expect(batches).toHaveAttribute("tabindex", "0");
  await expectNoAxeViolations(page);
  // The page itself never scrolls sideways: only the tables' boxes do.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The QA panel's tables say so too, each region named after its table.
  await page.goto("/admin/qa");
  for (const name of ["Sample garments", "Demo accounts table"]) {
    const region = page.getByRole("region", { name, exact: true });
    await expect(region.getByRole("table")).toBeVisible();
    await expect(scrollFrame(region).getByText("Scroll for more →")).toBeVisible();
    await expect(region).toHaveAttribute("tabindex", "0");
  }
  await expectNoAxeViolations(page);
});

test("at 1280 px, every column of the registry shows: the 'Actions' column covers none", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "a desktop's 1280 px");
  await signInAdmin(page);
  const { batchId } = await wideRows(page, baseURL ?? "", `Desk${Date.now()}`);
  await openRegistry(page, `/admin/nfc?batch_id=${batchId}`);
  const table = page.getByRole("table", { name: "Tags, newest first" });
  await expect(table.getByRole("row")).toHaveCount(5);
  await table.scrollIntoViewIfNeeded();
  await page.evaluate(() => document.fonts.ready);

  // Each header is what the page shows at its centre (no other cell drawn over it), side by side.
  const headers = await table.evaluate((el) =>
    [...el.querySelectorAll("thead th")].map((th) => {
      const box = th.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { name: th.textContent, left: box.left, right: box.right, shown: hit !== null && th.contains(hit) };
    }),
  );
  expect(headers.map((h) => h.name)).toEqual([
    "Chip ID",
    "UID",
    "Garment",
    "Owner",
    "Status",
    "Batch",
    "Programmed",
    "Actions",
  ]);
  expect(headers.filter((h) => !h.shown).map((h) => h.name)).toEqual([]);
  for (const [i, h] of headers.slice(1).entries()) {
    expect(h.left, `${h.name} starts after ${headers[i]?.name} ends`).toBeGreaterThanOrEqual(
      (headers[i]?.right ?? 0) - 0.5,
    );
  }
  // The whole table fits: nothing to scroll, so no hint and no tab stop.
  const tags = page.getByRole("region", { name: "Tags, newest first" });
  expect(await tags.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await expect(scrollFrame(tags).getByText("Scroll for more →")).toHaveCount(0);
  await expect(tags).not.toHaveAttribute("tabindex", /.*/);
  await expectNoAxeViolations(page);
});

type FakeNfc = { serial: string; records: { recordType: string; data: string }[]; writes: unknown[] };

/** A Web NFC double with the real API's shape (as in nfc-programmer.spec): a tag in range, its writes kept. */
async function installNdefReader(page: Page, serial: string) {
  await page.addInitScript((init) => {
    const nfc: FakeNfc = { serial: init, records: [], writes: [] };
    (window as unknown as { __nfc: FakeNfc }).__nfc = nfc;
    class FakeNDEFReader extends EventTarget {
      async scan(options: { signal?: AbortSignal } = {}) {
        setTimeout(() => {
          if (options.signal?.aborted) return;
          const event = Object.assign(new Event("reading"), {
            serialNumber: nfc.serial,
            message: { records: [] },
          });
          this.dispatchEvent(event);
        }, 50);
      }
      async write(message: unknown) {
        nfc.writes.push(JSON.parse(JSON.stringify(message)));
      }
      async makeReadOnly() {}
    }
    (window as unknown as { NDEFReader: unknown }).NDEFReader = FakeNDEFReader;
  }, serial);
}

test("after a tag is programmed on a phone, its outcome is in view and focused, and the panels start over", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the operator's phone, where the panels stack");
  // A random 7-byte NXP serial number, as Web NFC reports it.
  const serial = `04:${randomUid().slice(2).match(/../g)?.join(":")}`;
  await installNdefReader(page, serial);
  await signInAdmin(page);
  await page.goto("/admin/nfc-programmer");
  await expect(page.getByRole("heading", { name: "NFC Programmer" })).toBeVisible();
  await expect(page.getByText("NFC available")).toBeVisible();

  // The operator reads the blank tag, looks a client up, then fills the form.
  await page.getByRole("button", { name: "Read a tag" }).click();
  await expect(page.getByRole("region", { name: "Scanned tag" })).toBeVisible();
  const clients = page.getByRole("region", { name: "Client", exact: true });
  const search = clients.getByRole("searchbox", { name: "Find a client" });
  await search.fill("releve");
  await expect(clients.getByRole("table")).toBeVisible();
  const form = page.getByRole("form", { name: "New tag" });
  const name = `Maison blazer ${Date.now()}`;
  await form.getByLabel("Garment name *").fill(name);
  await form.getByLabel("Type *").selectOption("Jacket");
  await form.getByLabel("Size").selectOption("M");
  await form.getByRole("button", { name: "Program tag" }).click();

  // The outcome, focused, shown from its top (not below the panels used before it) down to what
  // was written.
  const result = page.getByRole("region", { name: "Tag Programmed Successfully" });
  const heading = result.getByRole("heading", { name: "Tag Programmed Successfully" });
  await expect(heading).toBeFocused();
  await expect.poll(async () => (await result.boundingBox())?.y).toBeGreaterThanOrEqual(0);
  await expect.poll(async () => (await result.boundingBox())?.y).toBeLessThanOrEqual(844 / 3);
  await expect(heading).toBeInViewport({ ratio: 1 });
  const said = result.getByText("Written and recorded: the tag is active.");
  await expect(said).toBeInViewport({ ratio: 1 });
  const link = result.getByRole("link", { name: /\/t\/ja-/ }).first();
  await expect(link).toBeInViewport({ ratio: 1 });
  // The shell's notice of it (at the foot of the screen) covers none of it.
  const notice = page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: "Tag Programmed Successfully" });
  await expect(notice).toBeVisible();
  const noticeBox = await notice.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
  for (const part of [heading, said, link]) {
    const box = await part.boundingBox();
    const apart = !box || noticeBox.top >= box.y + box.height || noticeBox.bottom <= box.y;
    expect(apart, "the notice lies over the outcome").toBe(true);
  }
  const url = (await link.textContent())?.replace(" (opens in a new tab)", "") ?? "";
  expect(await page.evaluate(() => (window as unknown as { __nfc: FakeNfc }).__nfc.writes)).toEqual([
    { records: [{ recordType: "url", data: url }] },
  ]);

  // The panels start over for the next tag: an empty form, no scanned tag, an empty client search.
  await expect(form.getByLabel("Garment name *")).toHaveValue("");
  await expect(form.getByLabel("Type *")).toHaveValue("");
  await expect(form.getByLabel("Size")).toHaveValue("");
  await expect(page.getByRole("region", { name: "Scanned tag" })).toHaveCount(0);
  await expect(search).toHaveValue("");
  await expect(clients.getByRole("table")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Reader" }).getByRole("status").first()).toHaveText(
    "Reader status: Ready",
  );
  // The outcome stays, still in view.
  await expect(said).toBeInViewport({ ratio: 1 });
  await expect(result).toContainText(name);
  await expectNoAxeViolations(page);
});
