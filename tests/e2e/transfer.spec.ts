import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { linkFromOutbox, signUp, submitSignUp, uniqueEmail } from "./accounts";
import { invitedClientWithPiece } from "./admin-requests";
import { expect, test } from "./fixtures";

// Issue #32: a piece changes hands with its owner's consent, by a transfer link or a request the
// owner approves; each owner keeps their own period's contacts; the passport counts the owners.

const PASSWORD = "handed-over-2026";

async function expectNoViolations(page: Page) {
  // A toast still sliding in is half transparent: axe reads its text as low contrast (as in
  // nfc-programmer.spec.ts, the toaster is left out).
  const { violations } = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.html).join(" / ")}`)).toEqual([]);
}

/** A new client with one piece of a product and `guests` contacts captured on it. */
const sellerWithPiece = (browser: Browser, origin: string, guests: string[]) =>
  invitedClientWithPiece(browser, origin, {
    name: ["Solène", "Vendeuse"],
    piece: "Handed-down Coat",
    password: PASSWORD,
    guests,
    withProduct: true,
  });

/** Completes onboarding as a newcomer would (their email shared). */
async function onboard(page: Page) {
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Complete Setup & View Wardrobe" }).click();
}

test("a seller's transfer link: a newcomer signs up through it, accepts, and the piece changes hands", async ({
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const seller = await sellerWithPiece(browser, origin, ["Aurore", "Basile"]);
  const { page } = seller;
  await page.goto(`/dashboard/garment/${seller.garment.id}`);
  await page.locator("html[data-hydrated]").waitFor();
  const ownership = page.getByRole("region", { name: "Ownership" });
  await ownership.getByRole("button", { name: "Transfer ownership" }).click();
  await expect(ownership.getByRole("img", { name: "QR code of the transfer link" })).toBeVisible();
  await expect(ownership.getByText(/It works once, until \d+ \w+ \d{4}/)).toBeVisible();
  const link = (await ownership.locator("code").textContent()) ?? "";
  expect(link).toMatch(/\/transfer\/\d+\.[A-Za-z0-9_-]{43}$/);
  await expectNoViolations(page);

  // The buyer opens it on their phone: the piece, nothing of the seller.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await buyer.goto(link);
  await expect(buyer.getByRole("heading", { name: "A piece for your wardrobe" })).toBeVisible();
  await expect(buyer.getByText("Handed-down Coat")).toBeVisible();
  expect(await buyer.content()).not.toContain("Solène");
  await expectNoViolations(buyer);
  await buyer.getByRole("link", { name: "Create an account to accept" }).click();
  await expect(buyer).toHaveURL(/\/auth\?mode=signup&redirect=%2Ftransfer%2F/);

  // Sign-up and email verification keep the link, as they keep a pending claim.
  const email = uniqueEmail("buyer");
  await submitSignUp(buyer, email, PASSWORD, new URL(buyer.url()).pathname + new URL(buyer.url()).search);
  await buyer.goto(await linkFromOutbox(buyer, email, "Confirm your email address"));
  await expect(buyer).toHaveURL(/\/transfer\/\d+\./);
  await buyer.getByRole("button", { name: "Accept transfer" }).click();
  // A profile first (a transfer makes them an owner); then the acceptance completes, as a claim
  // does, with no second 'Accept' (issue #49, item 1).
  await onboard(buyer);
  await expect(buyer).toHaveURL(new RegExp(`/dashboard/wardrobe\\?claimed=${seller.garment.id}$`));
  await expect(buyer.getByText("Transfer complete")).toBeVisible();

  // The buyer starts clean: none of the seller's contacts on their garment page.
  await buyer.goto(`/dashboard/garment/${seller.garment.id}`);
  await expect(buyer.getByRole("heading", { level: 1, name: "Handed-down Coat" })).toBeVisible();
  await expect(buyer.getByText("Aurore")).toHaveCount(0);
  await expect(buyer.getByText("Basile")).toHaveCount(0);
  // The buyer's tap opens their garment page.
  await buyer.goto(`/t/${seller.garment.slug}`);
  await expect(buyer).toHaveURL(new RegExp(`/dashboard/garment/${seller.garment.id}$`));

  // The seller keeps their contacts; the piece has left their wardrobe; the link is spent.
  await page.goto("/dashboard/contacts");
  await expect(page.getByRole("article", { name: "Aurore Guest" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Basile Guest" })).toBeVisible();
  const gone = await page.goto(`/dashboard/garment/${seller.garment.id}`);
  expect(gone?.status()).toBe(404);
  const spent = await page.goto(link);
  expect(spent?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This transfer link is no longer valid" })).toBeVisible();

  // The passport counts two owners, and names neither.
  await page.goto(`/passport/${seller.garment.slug}`);
  await expect(page.getByText("2 owners", { exact: true })).toBeVisible();
  expect(await page.content()).not.toContain("Solène");
  await buyerContext.close();
  await page.context().close();
});

test("a buyer's request, approved by the owner from the dashboard", async ({ browser, baseURL }) => {
  const origin = baseURL ?? "";
  const seller = await sellerWithPiece(browser, origin, []);

  const requesterContext = await browser.newContext();
  const requester = await requesterContext.newPage();
  await signUp(requester, uniqueEmail("requester"), PASSWORD);
  await requester.goto("/onboarding/profile");
  await onboard(requester);
  await expect(requester).toHaveURL(/\/dashboard\/wardrobe/);
  await requester.goto(`/claim/${seller.garment.slug}`);
  await expect(requester.getByRole("heading", { name: "Garment Already Claimed" })).toBeVisible();
  await requester.getByLabel("A note to the owner (optional)").fill("Bought it from you at the Marais boutique.");
  await requester.getByRole("button", { name: "Request transfer" }).click();
  await expect(requester.getByRole("heading", { name: "Transfer requested" })).toBeVisible();
  expect(await requester.content()).not.toContain("Solène");
  await expectNoViolations(requester);

  const { page } = seller;
  await page.goto("/dashboard");
  const requests = page.getByRole("region", { name: "A transfer request" });
  await expect(requests.getByText("Bought it from you at the Marais boutique.")).toBeVisible();
  await expectNoViolations(page);
  await requests.getByRole("button", { name: "Approve transfer" }).click();
  await expect(page.getByText("Transfer approved")).toBeVisible();
  await expect(page.getByRole("region", { name: "A transfer request" })).toHaveCount(0);

  await requester.goto(`/t/${seller.garment.slug}`);
  await expect(requester).toHaveURL(new RegExp(`/dashboard/garment/${seller.garment.id}$`));
  await requesterContext.close();
  await page.context().close();
});
