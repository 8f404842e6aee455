import { demoPassword, signIn } from "./accounts";
import { expect, test } from "./fixtures";

const OWNER_CLIENT_ID = "34823ff2ca0645fc9f0914900266aa1c"; // the seeded demo owner

test("a contact card shows the shared details and takes a guest's details back", async ({
  page,
  browser,
}, testInfo) => {
  const guest = `Card guest ${testInfo.project.name}`;
  await page.goto(`/contact?id=${OWNER_CLIENT_ID}`);
  const card = page.getByRole("article", { name: "Camille Laurent's card" });
  await expect(card.getByText("camille.laurent")).toBeVisible();
  expect(await page.content()).not.toContain("linkedin.com/in/camille");
  await page.getByRole("link", { name: "Share Your Info Back" }).click();
  await expect(page).toHaveURL(new RegExp(`/receive-info\\?id=${OWNER_CLIENT_ID}$`));
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Share My Info" }).click();
  await expect(page.getByText("Your name is required")).toBeVisible();
  await page.getByLabel("Your name *").fill(guest);
  await page.getByLabel("Instagram").fill("@guest.card");
  await page.getByRole("button", { name: "Share My Info" }).click();
  await expect(page).toHaveURL(/\/thank-you\?w=\d+\.[\w-]{43}$/); // with the guest's withdrawal link (issue #33)
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await expect(page.getByText("Your info has been shared successfully.")).toBeVisible();

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, "owner@releve.local", demoPassword("owner"));
  await expect(owner).toHaveURL(/\/dashboard\/wardrobe$/);
  await owner.goto("/dashboard");
  await expect(owner.getByRole("region", { name: "Recent Connections" }).getByText(guest)).toBeVisible();
  await ownerContext.close();
});

test("a contact card takes a guest's details back with JavaScript disabled", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/contact?id=${OWNER_CLIENT_ID}`);
  await page.getByRole("link", { name: "Share Your Info Back" }).click();
  await page.getByRole("button", { name: "Share My Info" }).click();
  await expect(page.getByText("Your name is required")).toBeVisible();
  await page.getByLabel("Your name *").fill(`No-JS card ${testInfo.project.name}`);
  await page.getByLabel("Phone").fill("+33 6 12 34 56 78");
  await page.getByRole("button", { name: "Share My Info" }).click();
  await expect(page).toHaveURL(/\/thank-you\?w=\d+\.[\w-]{43}$/); // with the guest's withdrawal link (issue #33)
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await context.close();
});

test("contact card states: missing id, unknown id, sequential ids are not accepted", async ({ page }) => {
  expect((await page.goto("/contact"))?.status()).toBe(400);
  await expect(page.getByText("Missing user ID. Please use a valid link.")).toBeVisible();
  for (const id of ["1", "00000000000000000000000000000000", "<script>"]) {
    expect((await page.goto(`/contact?id=${encodeURIComponent(id)}`))?.status()).toBe(404);
    await expect(page.getByText("User not found.")).toBeVisible();
  }
  expect((await page.goto("/receive-info"))?.status()).toBe(400);
  await expect(page.getByText("Missing owner ID in URL")).toBeVisible();
});
