import { readFileSync } from "node:fs";
import { devices } from "@playwright/test";
import type { AdminTag, ProgrammedTag } from "@releve/core/tags/contracts";
import type { ScanHistoryRow } from "@releve/core/tap/contracts";
import { SECURE_TAP_MESSAGES } from "@releve/core/tap/secure-tap";
import { parseSunKeys } from "@releve/core/tap/sun";
import { sunTapQuery } from "@releve/core/tap/testing/sun-tap";
import { adminApi, randomUid, signInAdmin } from "./admin-requests";
import { expect, test } from "./fixtures";

// Issue #21: a secure garment (its NTAG 424 DNA registered in the registry) opens its card only
// from a URL its chip signed: a valid tap shows the authenticated card, the same URL again the
// refusal page with nothing of the owner, and the replay is a counterfeit alert for the brand.
// The taps are computed as the chip would write them, with the local SUN keys of .dev.vars.

const DEMO_OWNER_PROFILE_ID = 1;
const OWNER_NAME = "Camille Laurent";

/** Key version 1 of the local SUN keys the e2e server runs with. */
function localSunKey() {
  const text = readFileSync(new URL("../../.dev.vars", import.meta.url), "utf8");
  const key = parseSunKeys(/^SUN_KEYS="?(.*?)"?\s*$/m.exec(text)?.[1] ?? "").find((k) => k.version === 1);
  if (!key) throw new Error("SUN_KEYS has no version 1 in .dev.vars");
  return key;
}

test("a secure tag: registered in the registry, a verified tap shows the authenticated card, its replay is refused and alerted", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAdmin(page);
  // A garment of the demo owner (sharing on), its tag written with the chip's UID.
  const uid = randomUid();
  const { tag } = await adminApi<ProgrammedTag>(page.request, baseURL ?? "", "/tags", {
    name: "Secure Evening Coat",
    garment_type: "Jacket",
    client_id: DEMO_OWNER_PROFILE_ID,
  });
  await adminApi(page.request, baseURL ?? "", `/tags/${tag.id}/write-result`, { ok: true, uid });
  const slug = tag.garment?.slug ?? "";

  // The registry: 'Secure tag', its UID and key version, then what the encoder needs.
  await page.goto("/admin/nfc");
  await page.getByRole("searchbox", { name: "Search tags" }).fill(tag.chipId);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: `Secure tag of ${tag.chipId}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Tag UID *")).toHaveValue(uid);
  await dialog.getByLabel("Key version *").fill("1");
  await dialog.getByRole("button", { name: "Make secure" }).click();
  await expect(dialog.getByRole("heading", { name: "Encoder settings" })).toBeVisible();
  await expect(dialog).toContainText(`/t/${slug}?e=${"0".repeat(32)}&c=${"0".repeat(16)}`);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByText("Secure · key v1")).toBeVisible();

  // A phone taps: the URL its chip wrote on tap 1.
  const url = `/t/${slug}${sunTapQuery(localSunKey(), { uid, counter: 1 })}`;
  const phone = await browser.newContext({ ...devices["Pixel 7"] });
  const visitor = await phone.newPage();
  const first = await visitor.goto(url);
  expect(first?.status()).toBe(200);
  await expect(visitor.getByText(SECURE_TAP_MESSAGES.authenticated)).toBeVisible();
  await expect(visitor.getByRole("heading", { name: OWNER_NAME })).toBeVisible();

  // The same URL again (copied, or replayed): refused, nothing of the owner.
  const again = await visitor.goto(url);
  expect(again?.status()).toBe(403);
  await expect(visitor.getByRole("heading", { name: SECURE_TAP_MESSAGES.refused })).toBeVisible();
  await expect(visitor.locator("body")).not.toContainText(OWNER_NAME);
  // Without the chip's signature at all: refused too.
  expect((await visitor.goto(`/t/${slug}`))?.status()).toBe(403);
  // The chip's next tap is good again.
  const next = await visitor.goto(`/t/${slug}${sunTapQuery(localSunKey(), { uid, counter: 2 })}`);
  expect(next?.status()).toBe(200);
  await expect(visitor.getByText(SECURE_TAP_MESSAGES.authenticated)).toBeVisible();
  await phone.close();

  // The brand sees the replay as a counterfeit alert (through the scan queue: within seconds).
  await expect
    .poll(
      async () => {
        const res = await page.request.get("/api/admin/scans/recent?type=suspect");
        const { scans } = (await res.json()) as { scans: ScanHistoryRow[] };
        return scans.filter((s) => s.slug === slug).map((s) => s.suspectReason);
      },
      { timeout: 20_000 },
    )
    .toEqual(expect.arrayContaining(["replay", "missing_parameters"]));
  await page.goto("/admin/nfc");
  const alerts = page.getByRole("region", { name: "Counterfeit alerts" });
  await expect(alerts).toContainText("Secure Evening Coat");
  await expect(alerts).toContainText("A counter already seen: a replayed link");
});

test("the registry's secure-tag dialog refuses a UID that is not 7 bytes, changing nothing", async ({
  page,
  baseURL,
}) => {
  await signInAdmin(page);
  const { tag } = await adminApi<ProgrammedTag>(page.request, baseURL ?? "", "/tags", {
    name: "Plain Scarf",
    garment_type: "Accessories",
  });
  await page.goto("/admin/nfc");
  await page.getByRole("searchbox", { name: "Search tags" }).fill(tag.chipId);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: `Secure tag of ${tag.chipId}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Tag UID *").fill("04:A2:3B:4C");
  await dialog.getByRole("button", { name: "Make secure" }).click();
  await expect(dialog.getByText("A secure tag's UID is 7 bytes, like 04:DE:5F:1E:AC:C0:40.")).toBeVisible();
  const now = await adminApi<AdminTag>(page.request, baseURL ?? "", `/tags/${tag.id}`);
  expect(now.secure).toBeNull();
});

test("a secure garment's card, vCard and form open only in the window its verified tap gave this browser (issue #28)", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signInAdmin(page);
  const uid = randomUid();
  const { tag } = await adminApi<ProgrammedTag>(page.request, baseURL ?? "", "/tags", {
    name: "Secure Opera Cape",
    garment_type: "Jacket",
    client_id: DEMO_OWNER_PROFILE_ID,
  });
  await adminApi(page.request, baseURL ?? "", `/tags/${tag.id}/write-result`, { ok: true, uid });
  await adminApi(page.request, baseURL ?? "", `/tags/${tag.id}/secure`, { uid, key_version: 1 });
  const slug = tag.garment?.slug ?? "";
  const url = `/t/${slug}${sunTapQuery(localSunKey(), { uid, counter: 1 })}`;
  const ownerData = [OWNER_NAME, "owner@releve.local", "Camille"];

  // The wearer's guest taps: the card, then (inside the window) the vCard and the form.
  const tapper = await browser.newContext({ ...devices["Pixel 7"] });
  const guest = await tapper.newPage();
  expect((await guest.goto(url))?.status()).toBe(200);
  await expect(guest.getByText(SECURE_TAP_MESSAGES.authenticated)).toBeVisible();
  await guest.screenshot({ path: testInfo.outputPath("secure-card-390.png") });
  expect((await guest.request.get(`/share/${slug}/contact.vcf`)).status()).toBe(200);
  // No code to pass the card on: it opens only from the garment's own tap.
  await guest.getByText("Save Camille's contact").click();
  await expect(guest.getByText("This card opens only when the garment itself is tapped.")).toBeVisible();
  await expect(guest.getByRole("img", { name: /QR code/ })).toHaveCount(0);
  await guest.getByLabel("First Name *").fill("Aurèle");
  await guest.getByLabel("Email").fill(`aurele-${Date.now()}@example.com`);
  await guest.getByRole("button", { name: "Connect with Camille" }).click();
  await expect(guest.getByRole("heading", { name: "Successfully Connected!" })).toBeVisible();
  // Still authenticated after the form's round trip: the window is this browser's.
  await expect(guest.getByText(SECURE_TAP_MESSAGES.authenticated)).toBeVisible();
  await tapper.close();

  // Someone else with the copied URL, or the share link: nothing of the owner, anywhere.
  const stranger = await browser.newContext({ ...devices["Pixel 7"] });
  const other = await stranger.newPage();
  expect((await other.goto(url))?.status()).toBe(403);
  await expect(other.getByRole("heading", { name: SECURE_TAP_MESSAGES.refused })).toBeVisible();
  for (const text of ownerData) await expect(other.locator("body")).not.toContainText(text);
  expect((await other.goto(`/share/${slug}`))?.status()).toBe(403);
  await expect(other.getByRole("heading", { name: SECURE_TAP_MESSAGES.refused })).toBeVisible();
  await other.screenshot({ path: testInfo.outputPath("secure-share-refused-390.png") });
  for (const text of ownerData) await expect(other.locator("body")).not.toContainText(text);
  for (const resource of ["contact.vcf", "qr.svg"]) {
    const res = await other.request.get(`/share/${slug}/${resource}`);
    expect(res.status()).toBe(403);
    for (const text of ownerData) expect(await res.text()).not.toContain(text);
  }
  await stranger.close();
});
