import { readFile } from "node:fs/promises";
import { demoPassword, signIn } from "./accounts";
import { expect, test } from "./fixtures";

// Each viewport makes its own event and its own visitor, so the two projects never collide
// on the shared seeded owner; the active event is cleared again at the end.
test("an active event files a visitor's tap and contact under it; the owner follows up and exports", async ({
  page,
  browser,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const eventName = `Salon ${stamp}`;
  const guest = `Guest ${stamp}`;

  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  await page.goto("/dashboard/events");
  await page.locator("html[data-hydrated]").waitFor();

  // Create Event: the submit button stays disabled until the name has more than spaces.
  await page.getByRole("link", { name: "Create Event" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Event" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Create Event" })).toBeDisabled();
  await dialog.getByLabel("Event Name").fill(`  ${eventName}  `);
  await dialog.getByLabel("Location").fill("Hôtel de la Marine, Paris");
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(page.getByText("Event created successfully")).toBeVisible();
  const card = page.getByRole("article", { name: eventName });
  await expect(card.getByText("Hôtel de la Marine, Paris")).toBeVisible();

  // Active Event selector.
  await page.getByLabel("Active Event", { exact: true }).selectOption({ label: eventName });
  await page.getByRole("button", { name: "Set Active Event" }).click();
  await expect(page.getByText("Active event set - new scans will be associated with this event")).toBeVisible();
  await expect(card.getByRole("button", { name: `${eventName} is the active event. Clear it` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // A visitor taps the owner's garment and shares their details (the share page is a plain form).
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/t/cg-003");
  await expect(visitor).toHaveURL(/\/t\/cg-003$/); // the card answered in place (decision 0029)
  await visitor.getByLabel("First Name *").fill(guest);
  await visitor.getByLabel("Email").fill(`guest-${stamp}@example.com`);
  await visitor.getByRole("button", { name: "Connect with Camille" }).click();
  await expect(visitor.getByRole("heading", { name: "Successfully Connected!" })).toBeVisible();
  await visitorContext.close();

  // The contact is under the event.
  await page.reload();
  await expect(card.getByText("Contacts").locator("..").getByText("1", { exact: true })).toBeVisible();
  await card.getByRole("link", { name: `View ${eventName}` }).click();
  await expect(page.getByRole("heading", { name: eventName, level: 1 })).toBeVisible();
  const contact = page.getByRole("article", { name: guest });
  await expect(contact).toBeVisible();

  // Mark it contacted with a note.
  await page.locator("html[data-hydrated]").waitFor();
  await contact.getByText("Mark Contacted").click();
  await contact.getByLabel("Notes (optional)").fill("Invited to the spring fitting.");
  await contact.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Contact marked as contacted")).toBeVisible();
  await expect(contact.getByText(/^Contacted \d{1,2} \w{3} \d{4}$/)).toBeVisible();
  await expect(contact.getByText("Your notes: Invited to the spring fitting.")).toBeVisible();
  // Its notes can be edited afterwards; the date it was contacted stays (spec part 2 §8, issue #35).
  await contact.getByText("Edit notes").click();
  await contact.getByLabel("Your notes").fill("Invited; confirmed for the fitting.");
  await contact.getByRole("button", { name: "Save notes" }).click();
  await expect(page.getByText("Contact Updated")).toBeVisible();
  await expect(contact.getByText("Your notes: Invited; confirmed for the fitting.")).toBeVisible();
  await expect(contact.getByText(/^Contacted \d{1,2} \w{3} \d{4}$/)).toBeVisible();

  // Export the event's contacts as CSV.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^salon-[a-z0-9-]+-contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await file.path())).toString("utf8").replace(/^\uFEFF/, "");
  const [header, ...rows] = csv.trim().split("\r\n");
  expect(header).toBe("Name,Email,Phone,Instagram,LinkedIn,Event,Date,Contacted,Notes");
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatch(
    new RegExp(
      `^${guest},guest-${stamp}@example\\.com,,,,${eventName},\\d{4}-\\d{2}-\\d{2},Yes,Invited; confirmed for the fitting\\.$`,
    ),
  );

  // The contacts page finds it by the note and by the event, and says what is there.
  await page.goto(`/dashboard/contacts?q=${encodeURIComponent("confirmed for the fitting")}`);
  await expect(page.getByRole("article", { name: guest })).toBeVisible();

  // Leave the shared demo owner as it was: no active event.
  await page.goto("/dashboard/events");
  await page.getByLabel("Active Event", { exact: true }).selectOption({ label: "No Active Event" });
  await page.getByRole("button", { name: "Set Active Event" }).click();
  await expect(page.getByText("Active event cleared")).toBeVisible();
});

test("another owner's event and bad filters are refused", async ({ page }) => {
  await signIn(page, "visitor@releve.local", demoPassword("visitor"));
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  // Event 1 is the demo owner's.
  expect((await page.goto("/dashboard/events/1"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Event not found" })).toBeVisible();
  expect((await page.request.get("/dashboard/contacts/contacts.csv?event=1")).status()).toBe(404);
  expect((await page.goto("/dashboard/contacts?contacted=maybe"))?.status()).toBe(400);
  expect((await page.goto("/connections?garment=3"))?.status()).toBe(404);
});
