import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { demoPassword, signIn, uniqueEmail } from "./accounts";
import { expect, test } from "./fixtures";

// Issue #18: a garment whose tag is reported stolen, opened straight at /share/<slug> and
// /claim/<slug> (not through the tap): the neutral message and the brand's address, nothing of
// the owner, nothing to post, nothing to claim; readable on a phone without sideways scrolling.

const MESSAGE = "This garment has been reported missing";

/**
 * The brand's address as the server under test is configured (issue #35): the root .dev.vars'
 * BRAND_CONTACT_EMAIL when set (copied to the workers), else the built shell's wrangler vars.
 */
function brandContactEmail(): string {
  const local = /^BRAND_CONTACT_EMAIL="?([^"\n]+)"?/m.exec(
    readFileSync(new URL("../../.dev.vars", import.meta.url), "utf8"),
  )?.[1];
  if (local) return local;
  const built = JSON.parse(
    readFileSync(new URL("../../apps/web/build/server/wrangler.json", import.meta.url), "utf8"),
  ) as { vars?: Record<string, string> };
  const configured = built.vars?.BRAND_CONTACT_EMAIL;
  if (!configured) throw new Error("BRAND_CONTACT_EMAIL missing from the built apps/web wrangler.json");
  return configured;
}

async function adminPost<T>(page: Page, baseURL: string, path: string, body: unknown): Promise<T> {
  const res = await page.request.post(`/api/admin${path}`, { data: body, headers: { Origin: baseURL } });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A client's garment, written, then reported stolen by the admin; the page is signed out after. */
async function stolenGarment(page: Page, baseURL: string, who: string) {
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  await expect(page).not.toHaveURL(/\/auth/);
  const email = uniqueEmail(`missing-${who}`).toLowerCase();
  const client = await adminPost<{ profileId: number }>(page, baseURL, "/clients", {
    first_name: "Séverine",
    last_name: who,
    email,
  });
  const { tag } = await adminPost<{ tag: { id: number; garment: { slug: string } } }>(page, baseURL, "/tags", {
    name: `Missing coat ${Math.random().toString(36).slice(2, 8)}`,
    garment_type: "Jacket",
    client_id: client.profileId,
  });
  await adminPost(page, baseURL, `/tags/${tag.id}/write-result`, { ok: true });
  await adminPost(page, baseURL, `/tags/${tag.id}/status`, {
    action: "report_stolen",
    reason: "Taken from a cloakroom",
  });
  await page.context().clearCookies();
  return { slug: tag.garment.slug, secrets: [email, who, "Séverine"] };
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test("the share and claim pages of a stolen garment show the neutral message and the brand's address, nothing of the owner", async ({
  page,
  baseURL,
}, testInfo) => {
  const who = `Missing${testInfo.project.name}${Date.now()}`;
  const { slug, secrets } = await stolenGarment(page, baseURL ?? "", who);

  const share = await page.goto(`/share/${slug}`);
  expect(share?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: MESSAGE })).toBeVisible();
  const brandEmail = brandContactEmail();
  await expect(page.getByRole("link", { name: brandEmail })).toHaveAttribute("href", `mailto:${brandEmail}`);
  // No card, no form, no save-contact link.
  await expect(page.getByRole("button", { name: /share|send|connect/i })).toHaveCount(0);
  await expect(page.locator(`a[href^="/share/${slug}/"]`)).toHaveCount(0);
  const shareHtml = await page.content();
  for (const secret of secrets) expect(shareHtml).not.toContain(secret);
  expect(await fitsWidth(page)).toBe(true);
  await testInfo.attach("share-missing", {
    body: await page.screenshot({ fullPage: true, scale: "css" }),
    contentType: "image/png",
  });

  const claim = await page.goto(`/claim/${slug}`);
  expect(claim?.status()).toBe(409);
  await expect(page).toHaveURL(new RegExp(`/claim/${slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Claim Failed" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText(MESSAGE);
  await expect(page.getByRole("alert").getByRole("link", { name: brandEmail })).toBeVisible();
  await expect(page.getByRole("button", { name: /Claim/ })).toHaveCount(0);
  const claimHtml = await page.content();
  for (const secret of secrets) expect(claimHtml).not.toContain(secret);
  expect(await fitsWidth(page)).toBe(true);
  await testInfo.attach("claim-missing", {
    body: await page.screenshot({ fullPage: true, scale: "css" }),
    contentType: "image/png",
  });
});
