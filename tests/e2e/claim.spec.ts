import { linkFromOutbox, uniqueEmail } from "./accounts";
import { expect, test } from "./fixtures";

const PASSWORD = "tailored-for-me-2024";
// Each viewport claims its own unclaimed sample garment: claims are permanent.
const slugFor = (project: string) => (project === "phone" ? "hb-005" : "ad-007");
const nameFor = (project: string) => (project === "phone" ? "Heritage Bag" : "Atelier Dress");

test("a newcomer taps an unclaimed garment, signs up, verifies, onboards and finds it in the wardrobe", async ({
  page,
}, testInfo) => {
  const slug = slugFor(testInfo.project.name);
  const email = uniqueEmail("claim");

  await page.goto(`/t/${slug}`);
  // The piece first (issue #49, item 4), then an account to claim it.
  await expect(page).toHaveURL(new RegExp(`/claim/${slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Claim Your Garment" })).toBeVisible();
  await expect(page.getByText(nameFor(testInfo.project.name)).first()).toBeVisible();
  await page.getByRole("link", { name: "Create an account to claim" }).click();
  await expect(page).toHaveURL(new RegExp(`/auth\\?mode=signup&redirect=%2Fclaim%2F${slug}$`));
  // The sign-up names the piece being claimed (issue #35).
  await expect(page.getByText(nameFor(testInfo.project.name))).toBeVisible();
  await page.getByLabel("First name").fill("Iris");
  await page.getByLabel("Last name").fill("Apfel");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // The emailed link signs in and goes back to the claim, which asks for a profile first.
  await page.goto(await linkFromOutbox(page, email, "Confirm your email address"));
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await expect(page.getByText("Your email address is verified.")).toBeVisible();

  await page.locator("html[data-hydrated]").waitFor();
  await page.getByRole("switch", { name: "Share my email" }).uncheck();
  await page.getByRole("button", { name: "Complete Setup & View Wardrobe" }).click();
  await expect(
    page.getByText("Contact Required: Please enable at least one way for people to contact you."),
  ).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Iris");

  await page.getByLabel("Instagram", { exact: true }).fill("@iris.apfel");
  await page.getByRole("switch", { name: "Share my Instagram" }).check();
  await page.getByRole("button", { name: "Complete Setup & View Wardrobe" }).click();

  await expect(page).toHaveURL(/\/dashboard\/wardrobe\?claimed=\d+$/);
  await expect(page.getByRole("heading", { name: "My Digital Wardrobe" })).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: "Authenticated" });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("link", { name: "View Details" })).toHaveAttribute("href", /\/dashboard\/garment\/\d+$/);

  // The very next tap by the new owner goes to the garment's own page.
  await page.goto(`/t/${slug}`);
  await expect(page).toHaveURL(/\/dashboard\/garment\/\d+$/);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Iris Apfel" })).toBeVisible();
  await expect(page.getByText(/^Client ID [0-9a-f]{8}$/)).toBeVisible();
  await expect(page.getByText("No connections yet")).toBeVisible();
});

test("someone else's garment cannot be claimed", async ({ page }) => {
  await page.goto("/auth?redirect=%2Fclaim%2Fcg-003");
  // Someone else's piece is never named on the sign-in.
  await expect(page.getByText(/to claim/)).toHaveCount(0);
  await page.getByRole("link", { name: "New to Relevé? Create an account" }).click();
  await page.getByLabel("First name").fill("Not");
  await page.getByLabel("Last name").fill("Owner");
  const email = uniqueEmail("other");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await page.goto(await linkFromOutbox(page, email, "Confirm your email address"));
  await expect(page).toHaveURL(/\/claim\/cg-003$/);
  await expect(page.getByRole("heading", { name: "Garment Already Claimed" })).toBeVisible();
  await expect(page.getByText("This garment has already been claimed by another user.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry Claim" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();
});

test("a dashboard without a profile leads to profile set-up, and the variants lead to the canonical pages", async ({
  page,
}) => {
  await page.goto("/auth?mode=signup");
  await page.getByLabel("First name").fill("New");
  await page.getByLabel("Last name").fill("Client");
  const email = uniqueEmail("noprofile");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await page.goto(await linkFromOutbox(page, email, "Confirm your email address"));
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  await page.goto("/luxury-dashboard");
  await expect(page).toHaveURL(/\/profile-setup$/);
  await expect(page.getByRole("heading", { name: "Create your profile" })).toBeVisible();
  // Defaults: email shared, NFC sharing on, nothing else.
  await expect(page.getByRole("switch", { name: "Share my email" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Open my card when someone taps one of my pieces" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Share my phone number" })).not.toBeChecked();

  await page.locator("html[data-hydrated]").waitFor();
  await page.getByLabel("Website", { exact: true }).fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Enter a web address like https://example.com")).toBeVisible();
  await page.getByLabel("Website", { exact: true }).fill("client.example");
  await page.getByRole("switch", { name: "Share my website" }).check();
  const preview = page.getByRole("complementary", { name: "Live preview" });
  await expect(preview.getByRole("link", { name: /https:\/\/client\.example\// })).toBeVisible();
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Profile created successfully")).toBeVisible();
});
