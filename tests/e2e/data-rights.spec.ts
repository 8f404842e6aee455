import { readFileSync } from "node:fs";
import { linkFromOutbox, signIn, uniqueEmail } from "./accounts";
import { adminApi, signInAdmin } from "./admin-requests";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// Issue #33: a new owner downloads everything held about them, then deletes their account: they
// can no longer sign in, and their piece taps to its claim page for its next owner.

const PASSWORD = "mine-to-take-2026";

const expectNoViolations = expectNoAxeViolations;

test("a new user claims a piece, downloads their data, deletes their account, cannot sign in, and the piece taps to its claim", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const admin = await browser.newPage();
  await signInAdmin(admin);
  const { tag } = await adminApi<{ tag: { garment: { id: number; slug: string } } }>(admin.request, origin, "/tags", {
    name: "Parting Scarf",
    garment_type: "Accessories",
  });
  await admin.close();
  const slug = tag.garment.slug;
  const email = uniqueEmail("leaving").toLowerCase();

  // Claim it as a newcomer.
  await page.goto(`/t/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/claim/${slug}$`));
  await page.getByRole("link", { name: "Create an account to claim" }).click();
  await page.getByLabel("First name").fill("Léa");
  await page.getByLabel("Last name").fill("Départ");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.goto(await linkFromOutbox(page, email, "Confirm your email address"));
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Complete Setup & View Wardrobe" }).click();
  await expect(page).toHaveURL(/\/dashboard\/wardrobe\?claimed=\d+$/);

  // Download my data: one JSON file naming the piece.
  await page.goto("/profile-setup");
  await page.locator("html[data-hydrated]").waitFor();
  await expect(page.getByRole("heading", { name: "Download my data" })).toBeVisible();
  await expectNoViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^releve-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path()) ?? "", "utf8")) as {
    account: { email: string };
    garments: { slug: string }[];
    ownership_periods: { started_how: string }[];
    contacts_received: unknown[];
  };
  expect(data.account.email).toBe(email);
  expect(data.garments.map((g) => g.slug)).toEqual([slug]);
  expect(data.ownership_periods).toEqual([expect.objectContaining({ started_how: "claim" })]);
  expect(data.contacts_received).toEqual([]);

  // A wrong password deletes nothing and says so.
  const deletion = page.getByRole("form", { name: "Delete my account" });
  await deletion.getByLabel("Your password").fill("not-my-password");
  await deletion.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page.getByText("That password is not right. Nothing was deleted.")).toBeVisible();
  await expectNoViolations(page);

  await deletion.getByLabel("Your password").fill(PASSWORD);
  await deletion.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page).toHaveURL(new URL("/", origin).href);
  await expect(page.getByText("Your account was deleted")).toBeVisible();
  await expect(page.getByRole("link", { name: "Client Login" })).toBeVisible();

  // Signed out everywhere, and the account is gone.
  await signIn(page, email, PASSWORD);
  await expect(page.getByText("Invalid email or password.")).toBeVisible();
  // The last mail says it is done.
  await page.goto("/dev/outbox");
  await expect(page.getByRole("article", { name: `Your Relevé account was deleted to ${email}` })).toBeVisible();
  // The piece waits for its next owner: its tap is the claim.
  await page.goto(`/t/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/claim/${slug}$`));
  await expect(page.getByRole("link", { name: "Create an account to claim" })).toBeVisible();
});
