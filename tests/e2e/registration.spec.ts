import { signUp, uniqueEmail } from "./accounts";
import { expect, test } from "./fixtures";

const PASSWORD = "label-code-2024!";
const slugFor = (project: string) => (project === "phone" ? "cs-009" : "ps-010");
const nameFor = (project: string) => (project === "phone" ? "Cashmere Scarf" : "Pleated Skirt");

test("a client registers a garment by the code on its label", async ({ page }, testInfo) => {
  const slug = slugFor(testInfo.project.name);
  await signUp(page, uniqueEmail("register"), PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  await page.goto("/garment-registration");
  await page.locator("html[data-hydrated]").waitFor();
  const submit = page.getByRole("button", { name: "Register Garment" });
  // Name, garment type and chip id are required (spec part 2 §5); a stock piece keeps its own details.
  const describe = async () => {
    await page.getByLabel("Name *").fill("My scarf");
    await page.getByLabel("Garment type *").selectOption("Accessories");
  };
  await describe();
  await page.getByLabel("Chip id *").fill("   ");
  await expect(submit).toBeDisabled();

  await page.getByLabel("Chip id *").fill("no-such-code");
  await submit.click();
  await expect(
    page.getByText("We could not find a garment with that chip id.", { exact: false }).first(),
  ).toBeVisible();

  // The tag UUID and the chip id of a garment someone else owns (cg-003, the demo owner's).
  for (const code of ["3799d0a5-9786-4cdd-8e51-e75bd3e69738", "RLV-DRESS-B24A-0003-261B"]) {
    await describe();
    await page.getByLabel("Chip id *").fill(code);
    await submit.click();
    await expect(page.getByText("This garment is already registered to someone else.", { exact: false })).toBeVisible();
    await page.reload();
  }

  await describe();
  await page.getByLabel("Chip id *").fill(` ${slug.toUpperCase()} `);
  await submit.click();
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Complete Setup & View Wardrobe" }).click();
  await expect(page).toHaveURL(/\/dashboard\/wardrobe\?claimed=\d+$/);
  await expect(page.getByText("Garment Registered Successfully")).toBeVisible();
  await expect(
    page.getByText(`${nameFor(testInfo.project.name)} has been added to your digital wardrobe.`),
  ).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "Authenticated" })).toHaveCount(1);
  await page.goto("/garment-registration");
  await expect(page.getByRole("list").getByRole("link")).toHaveCount(1);
});

test("without Web NFC, tap-to-register offers the code and shows a conflict for someone else's piece", async ({
  page,
}) => {
  await signUp(page, uniqueEmail("tapreg"), PASSWORD);
  await page.goto("/tap-register");
  await page.locator("html[data-hydrated]").waitFor();
  await expect(page.getByRole("main").getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(
    page.getByText("NFC Not Available: NFC is not supported on this device or browser.", { exact: false }),
  ).toBeVisible();
  await page.getByLabel("Garment code").fill("sj-004");
  await page.getByRole("button", { name: "Find Garment" }).click();
  await expect(page).toHaveURL(/\/tap-register\?code=sj-004$/);
  await expect(page.getByText("This garment is already registered to someone else.", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/tap-register");

  await page.goto("/tap-register?code=nothing-here");
  await expect(page.getByText("This garment hasn't been registered yet.")).toBeVisible();
});

test("a signed-out visitor on tap-register is asked to sign in and comes back", async ({ page }) => {
  await page.goto("/tap-register?code=mb-001");
  await expect(page.getByRole("article", { name: "Merino Blazer" })).toBeVisible();
  // A visitor has no dashboard: the way back is home (issue #35).
  await expect(page.getByRole("main").getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
  await expect(page.getByRole("main").getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await page.getByRole("link", { name: "Sign In to Register" }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Ftap-register%3Fcode%3Dmb-001$/);
});
