import { JPEG_37X21, sampleBytes } from "@releve/core/fixtures/photos/samples";
import { PHOTO_MESSAGES } from "@releve/core/wardrobe/photo";
import { demoPassword, signIn } from "./accounts";
import { expect, test } from "./fixtures";

// Issue #19: the tag programmer offers 'Add product photo' once a tag is programmed. The photo
// is resized in the browser (WebP), PUT to the admin API, shown as stored and served from R2.

test("after programming a tag, the admin adds a product photo; a file that is no image is refused", async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (window as unknown as { NDEFReader?: unknown }).NDEFReader;
  });
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto("/admin/nfc-programmer");
  const name = `Photo coat ${Date.now()}`;
  const form = page.getByRole("form", { name: "New tag" });
  await form.getByLabel("Garment name *").fill(name);
  await form.getByLabel("Type *").selectOption("Jacket");
  await form.getByRole("button", { name: "Program simulated tag" }).click();
  const result = page.getByRole("region", { name: /Tag Programmed Successfully/ });
  await expect(result.getByRole("heading", { name: "Tag Programmed Successfully" })).toBeVisible();

  const section = result.getByRole("region", { name: "Product photo" });
  // A text file named like a photo: the browser cannot decode it, nothing is sent.
  await section.getByLabel("Add product photo").setInputFiles({
    name: "notes.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("just some notes"),
  });
  await expect(section.getByRole("alert")).toContainText("The photo was not saved");
  await expect(section.getByRole("alert")).toContainText(PHOTO_MESSAGES.malformed);
  await expect(section.getByRole("img")).toHaveCount(0);

  const uploaded = page.waitForResponse((r) => /\/api\/admin\/garments\/\d+\/photo$/.test(r.url()));
  const cardUploaded = page.waitForResponse((r) => /\/api\/admin\/garments\/\d+\/photo\/card$/.test(r.url()));
  await section.getByLabel("Add product photo").setInputFiles({
    name: "coat.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from(sampleBytes(JPEG_37X21)),
  });
  const answer = await uploaded;
  expect(answer.request().method()).toBe("PUT");
  expect(answer.status()).toBe(200);
  // Then its card-size rendition (decision 0039), drawn from the same bitmap.
  const card = await cardUploaded;
  expect(card.request().method()).toBe("PUT");
  expect(card.status()).toBe(200);
  expect(((await card.json()) as { photo: { cardUrl: string } }).photo.cardUrl).toMatch(
    /^\/photos\/[0-9a-f]{32}\.(webp|jpg)$/,
  );
  const img = section.getByRole("img", { name });
  await expect(img).toHaveAttribute("src", /^\/photos\/[0-9a-f]{32}\.(webp|jpg)$/);
  await expect(img).toHaveAttribute("width", "37");
  await expect(img).toHaveAttribute("height", "21");
  await expect(section.getByRole("status")).toContainText("Photo saved (37 × 21)");
  await expect(section.getByRole("alert")).toHaveCount(0);
  await expect(section.getByLabel("Replace product photo")).toBeAttached();
  // Loaded from R2 by the page itself.
  // (The status is written before the browser has fetched the new src: wait for it to load.)
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
    .toBe(37);
  const src = (await img.getAttribute("src")) ?? "";
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toMatch(/^image\/(webp|jpeg)$/);
  // Not on any card yet (issue #28): staff's and its owner's only, never kept by a cache.
  expect(served.headers()["cache-control"]).toBe("private, no-store");
  const signedOut = await page.context().browser()?.newContext();
  const stranger = await signedOut?.request.get(new URL(src, page.url()).href);
  expect(stranger?.status()).toBe(404);
  await signedOut?.close();
});
