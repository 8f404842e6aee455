import { readFile } from "node:fs/promises";
import { demoPassword, signIn, signUp, uniqueEmail } from "./accounts";
import { expect, test } from "./fixtures";

// The seeded owner's pieces; each viewport marks its own piece's uncontacted connection.
const pieceFor = (project: string) =>
  project === "phone"
    ? { name: "Cashmere Gown", contact: "Hélène Dubois", file: /^cashmere-gown-contacts-\d{4}-\d{2}-\d{2}\.csv$/ }
    : { name: "Suede Jacket", contact: "Aiko Tanaka", file: /^suede-jacket-contacts-\d{4}-\d{2}-\d{2}\.csv$/ };

test("the owner reads a garment, marks a connection contacted and exports the contacts as CSV", async ({
  page,
}, testInfo) => {
  const piece = pieceFor(testInfo.project.name);
  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  await page.getByRole("article", { name: piece.name }).getByRole("link", { name: "View Details" }).click();
  await expect(page.getByRole("heading", { name: piece.name, level: 1 })).toBeVisible();
  await expect(page.getByText(/^http:\/\/localhost:\d+\/t\/[a-z]{2}-\d{3}$/)).toBeVisible();
  await expect(page.getByRole("img", { name: /QR code for http:\/\/localhost:\d+\/t\// })).toBeVisible();
  await expect(page.getByText("Last scan")).toBeVisible();

  const contact = page.getByRole("article", { name: piece.contact });
  if (testInfo.project.name === "phone") {
    // The visitor's own note shows here as on /connections (issue #35).
    await expect(
      contact.getByText("Their note: Loved the drape of the gown; would like to talk about a commission."),
    ).toBeVisible();
  }
  await page.locator("html[data-hydrated]").waitFor();
  await contact.getByText("Mark Contacted").click();
  await contact.getByLabel("Notes (optional)").fill("Called, sending swatches.");
  await contact.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Contact marked as contacted")).toBeVisible();
  await expect(contact.getByText(/^Contacted \d{1,2} \w{3} \d{4}$/)).toBeVisible();
  await expect(contact.getByText("Your notes: Called, sending swatches.")).toBeVisible();
  await contact.getByText("Edit notes").click();
  await contact.getByLabel("Your notes").fill("Called, swatches sent.");
  await contact.getByRole("button", { name: "Save notes" }).click();
  await expect(page.getByText("Contact Updated")).toBeVisible();
  await expect(contact.getByText("Your notes: Called, swatches sent.")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(piece.file);
  const csv = (await readFile(await file.path())).toString("utf8").replace(/^\uFEFF/, "");
  const [header, ...rows] = csv.trim().split("\r\n");
  expect(header).toBe("Name,Email,Phone,Instagram,LinkedIn,Event,Date,Contacted,Notes");
  const row = rows.find((r) => r.startsWith(piece.contact));
  expect(row).toContain(",Yes,");
  // The notes as last edited.
  expect(row).toContain("Called, swatches sent.");
});

test("another client's garment answers 404, never its data", async ({ page }) => {
  await signUp(page, uniqueEmail("prober"), "probing-password-1");
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  await expect(page.getByRole("heading", { name: "No Garments Yet" })).toBeVisible();
  for (const id of [1, 3, 4, 999999, "abc"]) {
    const response = await page.goto(`/dashboard/garment/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Garment not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Wardrobe" })).toBeVisible();
  }
  const csv = await page.request.get("/dashboard/garment/3/contacts.csv");
  expect(csv.status()).toBe(404);
  expect(await csv.text()).not.toContain("Hélène");
});
