import { expect, test } from "./fixtures";

const TOKEN = "34823ff2ca0645fc9f0914900266aa1c-1732200000000"; // the demo owner's client id + a timestamp

test("a share token without a tag offers the guest contact exchange", async ({ page }, testInfo) => {
  await page.goto(`/share/${TOKEN}`);
  await expect(page.getByText("Connect with Style")).toBeVisible();
  await expect(page.getByRole("article", { name: "Camille Laurent's card" })).toBeVisible();
  await page.getByLabel("First Name *").fill(`Token guest ${testInfo.project.name}`);
  await page.getByLabel("Email").fill("token.guest@example.com");
  await page.getByRole("button", { name: "Connect with Camille" }).click();
  await expect(page.getByRole("heading", { name: "Connected successfully!" })).toBeVisible();
});

test("with a tag the exchange is three steps and completes after 3 s", async ({ page }, testInfo) => {
  await page.goto(`/share/${TOKEN}?tag=RLV-DEMO-1`);
  await expect(page.getByRole("list", { name: "Steps" })).toBeVisible();
  await page.getByRole("link", { name: "Share my details" }).click();
  await page.getByLabel("First Name *").fill(`Tag guest ${testInfo.project.name}`);
  await page.getByRole("button", { name: "Connect with Camille" }).click();
  // What is missing, named (issue #49); the tag form's own words for both are doors.test's.
  await expect(
    page.getByText("Missing information: please provide an email or a phone number, so you can be reached."),
  ).toBeVisible();
  await page.getByLabel("Phone").fill("+33 6 00 00 00 01");
  await page.getByRole("button", { name: "Connect with Camille" }).click();
  await expect(page.getByRole("heading", { name: "Connected successfully!" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("unknown or sequential tokens answer 404", async ({ page }) => {
  for (const token of ["00000000000000000000000000000000-1", "1-1732200000000", "not-a-token"]) {
    expect((await page.goto(`/share/${token}`))?.status()).toBe(404);
  }
});
