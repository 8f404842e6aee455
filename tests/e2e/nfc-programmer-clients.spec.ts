import AxeBuilder from "@axe-core/playwright";
import { devices, type Page } from "@playwright/test";
import { demoPassword, linkFromOutbox, signIn, uniqueEmail } from "./accounts";
import { openSimulatedProgrammer } from "./admin-requests";
import { expect, test } from "./fixtures";

// The tag programmer's clients, events and guest capture (issue #18, spec part 2 §2, §5, §8).
const notices = (page: Page) => page.getByRole("region", { name: /^Notifications/ });
const clientPanel = (page: Page) => page.getByRole("region", { name: "Client", exact: true });
const eventsPanel = (page: Page) => page.getByRole("region", { name: "Events & guests" });

async function openProgrammer(page: Page) {
  await openSimulatedProgrammer(page);
  await expect(clientPanel(page).getByLabel("Find a client")).toBeVisible();
}

test("an admin creates a client and attaches a new garment; the client joins from the invitation, a tap shows their card", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("invited");
  await openProgrammer(page);
  const panel = clientPanel(page);
  await panel.getByRole("button", { name: "Create client" }).click();
  const dialog = page.getByRole("dialog", { name: "Create client" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("First name *")).toBeFocused();
  const submit = dialog.getByRole("button", { name: "Create client" });
  await dialog.getByLabel("First name *").fill("Inès");
  await dialog.getByLabel("Last name *").fill("Marchand");
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Email *").fill(email);
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(dialog).toBeHidden();
  await expect(notices(page).getByText("Client Created", { exact: true })).toBeVisible();
  await expect(notices(page).getByText(`an invitation email was sent to ${email}`)).toBeVisible();
  // The new client is the selected one: the confirm-client card, focused.
  await expect(panel.getByRole("heading", { name: "Confirm client" })).toBeFocused();
  await expect(panel.getByText("Inès Marchand", { exact: true })).toBeVisible();
  await expect(panel.getByText(email, { exact: true })).toBeVisible();
  const clientId = (await panel.locator("dd").nth(2).textContent())?.trim() ?? "";
  expect(clientId).toMatch(/^[0-9a-f]{32}$/);

  // The same email again: the server's 409 next to the form, nothing created.
  await panel.getByRole("button", { name: "Change client" }).click();
  await expect(panel.getByLabel("Find a client")).toBeFocused();
  await panel.getByRole("button", { name: "Create client" }).click();
  await dialog.getByLabel("First name *").fill("Other");
  await dialog.getByLabel("Last name *").fill("Person");
  await dialog.getByLabel("Email *").fill(email.toUpperCase());
  await submit.click();
  await expect(dialog.getByRole("alert")).toContainText("Creation Error: Failed to create client");
  await expect(dialog.getByRole("alert")).toContainText("An account already uses this email.");
  // Escape closes the dialog and focus returns to its opener.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole("button", { name: "Create client" })).toBeFocused();

  // Search finds exactly that client by email; picking it shows the card again.
  await panel.getByLabel("Find a client").fill(email);
  const results = panel.getByRole("table", { name: `Clients matching “${email}”` });
  await expect(results.getByRole("row")).toHaveCount(2); // header + one client
  await results.getByRole("button", { name: "Select Inès Marchand" }).click();
  await expect(panel.getByText(clientId, { exact: true })).toBeVisible();

  // Attach & write: a new garment, claimed by the client, its tag written (simulated here).
  const garment = `Invited coat ${Date.now()}`;
  const form = page.getByRole("form", { name: "New tag" });
  await form.getByLabel("Garment name *").fill(garment);
  await form.getByLabel("Type *").selectOption("Jacket");
  await panel.getByRole("button", { name: "Attach & write" }).click();
  const result = page.getByRole("region", { name: "Tag Programmed Successfully" });
  await expect(result.getByRole("heading", { name: "Tag Programmed Successfully" })).toBeFocused();
  await expect(notices(page).getByText("→ Inès Marchand", { exact: false })).toBeVisible();
  const url = (
    (await result
      .getByRole("link", { name: /\/t\/ja-/ })
      .first()
      .textContent()) ?? ""
  ).replace(" (opens in a new tab)", "");
  const slug = new URL(url).pathname.split("/").pop() ?? "";
  expect(slug).toMatch(/^ja-[0-9a-z]{10}$/);
  // The selection is cleared once attached (spec part 2 §4).
  await expect(panel.getByLabel("Find a client")).toBeVisible();

  // The client chooses a password through the invitation and lands signed in.
  const context = await browser.newContext();
  const client = await context.newPage();
  const link = await linkFromOutbox(client, email, "Your Relevé wardrobe is ready");
  expect(link).toMatch(/^\/reset-password\?token=/);
  await client.goto(link);
  await client.getByLabel("New password").fill("silk-and-velvet-2026");
  await client.getByLabel("Confirm password").fill("silk-and-velvet-2026");
  await client.getByRole("button", { name: "Save New Password" }).click();
  await expect(client).not.toHaveURL(/\/reset-password/);
  await context.clearCookies();
  await signIn(client, email, "silk-and-velvet-2026");
  await expect(client).not.toHaveURL(/\/auth/);
  // The garment waits in their wardrobe.
  await client.goto("/dashboard/wardrobe");
  await expect(client.getByText(garment).first()).toBeVisible();
  await context.close();

  // A visitor's phone taps the garment: the client's card answers.
  const visitorContext = await browser.newContext({ ...devices["Pixel 7"] });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/t/${slug}`);
  await expect(visitor).toHaveURL(new RegExp(`/t/${slug}$`));
  await expect(visitor.getByRole("button", { name: "Connect with Inès" })).toBeVisible();
  await visitorContext.close();
});

test("client search asks from 2 characters, shows up to 10 and reports a failure with the server's message", async ({
  page,
}) => {
  await openProgrammer(page);
  const panel = clientPanel(page);
  const requests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/admin/clients") requests.push(new URL(r.url()).search);
  });
  const search = panel.getByLabel("Find a client");
  await search.fill("c");
  await expect(panel.getByText("Type at least 2 characters.", { exact: false })).toBeVisible();
  await expect(panel.getByRole("table")).toHaveCount(0);

  await search.fill("owner@releve");
  const results = panel.getByRole("table", { name: "Clients matching “owner@releve”" });
  await expect(results.getByRole("button", { name: "Select Camille Laurent" })).toBeVisible();
  expect(requests).toEqual(["?q=owner%40releve"]);

  await search.fill("zz-no-such-client-zz");
  await expect(panel.getByText("No client matches “zz-no-such-client-zz”.", { exact: false })).toBeVisible();

  // A refused search (a 4xx: Chromium logs a 5xx as a console error): the spec's message and the server's own.
  await page.route("**/api/admin/clients?q=*", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({
        error: { code: "too_many_requests", message: "Too many searches. Try again in a minute." },
      }),
    }),
  );
  await search.fill("camille");
  const alert = panel.getByRole("alert");
  await expect(alert).toContainText("Search Error: Failed to search clients");
  await expect(alert).toContainText("Too many searches. Try again in a minute.");
  await page.unroute("**/api/admin/clients?q=*");
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(panel.getByRole("button", { name: "Select Camille Laurent" })).toBeVisible();
});

test("events: create one, make it active for captures, capture guests, clear it, close and reopen it", async ({
  page,
  browser,
}, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const eventName = `Atelier ${stamp}`;
  await openProgrammer(page);
  const events = eventsPanel(page);

  // Guest capture needs a client.
  const capture = events.getByRole("button", { name: "Capture a guest" });
  await expect(capture).toBeDisabled();
  await expect(capture).toHaveAccessibleDescription("Select a client first: the guest becomes one of their contacts.");

  await events.getByRole("button", { name: "New event" }).click();
  const newEvent = page.getByRole("dialog", { name: "New event" });
  await expect(newEvent.getByRole("button", { name: "Create event" })).toBeDisabled();
  await newEvent.getByLabel("Event name *").fill("   ");
  await expect(newEvent.getByRole("button", { name: "Create event" })).toBeDisabled();
  await newEvent.getByLabel("Event name *").fill(eventName);
  await newEvent.getByRole("button", { name: "Create event" }).click();
  await expect(newEvent).toBeHidden();
  await expect(notices(page).getByText("Event created successfully")).toBeVisible();

  const table = events.getByRole("table", { name: "Brand events" });
  const row = table.getByRole("row", { name: new RegExp(eventName) });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: `Set active ${eventName}` }).click();
  await expect(
    notices(page).getByText("Active event set - new scans will be associated with this event"),
  ).toBeVisible();
  await expect(events.getByRole("status").filter({ hasText: "Active event:" })).toContainText(eventName);
  // The choice is this tab's: it survives a reload.
  await page.reload();
  await expect(eventsPanel(page).getByRole("status").filter({ hasText: "Active event:" })).toContainText(eventName);

  // The seeded owner is the client; a guest without email or phone is refused on the spot.
  const panel = clientPanel(page);
  await panel.getByLabel("Find a client").fill("owner@releve.local");
  await panel.getByRole("button", { name: "Select Camille Laurent" }).click();
  await expect(capture).toBeEnabled();
  await capture.click();
  const dialog = page.getByRole("dialog", { name: "Capture a guest" });
  await expect(dialog).toContainText(`For Camille Laurent at ${eventName}.`);
  const exchange = dialog.getByRole("button", { name: "Exchange contact" });
  await dialog.getByLabel("First name *").fill("Nocontact");
  await expect(exchange).toBeDisabled();
  await dialog.getByLabel("Last name *").fill(stamp);
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/admin/guests") posts.push(r.url());
  });
  await exchange.click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Contact Required: Please provide either an email or phone number",
  );
  expect(posts).toEqual([]);

  // With an email: 'Contact Exchanged', filed under the active event.
  await dialog.getByLabel("First name *").fill("Guest");
  await dialog.getByLabel("Email").fill(`guest-${stamp}@example.com`);
  await dialog.getByLabel("Notes").fill("Loved the silk coat.");
  await exchange.click();
  await expect(dialog).toBeHidden();
  await expect(notices(page).getByText("Contact Exchanged", { exact: true })).toBeVisible();
  expect(posts).toHaveLength(1);
  await expect(capture).toBeFocused();

  // A bad phone: the server's message in the dialog, nothing created. Opened from the keyboard
  // where focus came back: a click here can land on the toasts still sliding in over the button.
  await capture.press("Enter");
  await dialog.getByLabel("First name *").fill("Badphone");
  await dialog.getByLabel("Last name *").fill(stamp);
  await dialog.getByLabel("Phone").fill("12");
  await exchange.click();
  await expect(dialog.getByRole("alert")).toContainText("Exchange Failed: Failed to exchange contact information");
  await expect(dialog.getByRole("alert")).toContainText("Enter a phone number like");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Clearing the active event.
  await events.getByRole("button", { name: "Clear active event" }).click();
  await expect(notices(page).getByText("Active event cleared")).toBeVisible();
  await expect(events.getByRole("status").filter({ hasText: "No active event" })).toBeVisible();

  // Closing the event (issue #35): it can no longer be made active; reopening it can.
  await row.getByRole("button", { name: `Close ${eventName}` }).click();
  await expect(notices(page).getByText("Event closed")).toBeVisible();
  await expect(row).toContainText("Closed");
  await expect(row.getByRole("button", { name: `Set active ${eventName}` })).toHaveCount(0);
  await row.getByRole("button", { name: `Reopen ${eventName}` }).click();
  await expect(notices(page).getByText("Event opened")).toBeVisible();
  await expect(row.getByRole("button", { name: `Set active ${eventName}` })).toBeVisible();

  // The owner finds the guest among their contacts, under the event; the refused ones are nowhere.
  const context = await browser.newContext();
  const owner = await context.newPage();
  await signIn(owner, "owner@releve.local", demoPassword("owner"));
  await expect(owner).toHaveURL(/\/dashboard\/wardrobe$/);
  await owner.goto(`/dashboard/contacts?q=${encodeURIComponent(stamp)}`);
  const contact = owner.getByRole("article", { name: `Guest ${stamp}` });
  await expect(contact).toBeVisible();
  await expect(contact).toContainText(eventName);
  await expect(contact).toContainText("Loved the silk coat.");
  await expect(owner.getByRole("article")).toHaveCount(1);
  await context.close();
});

test("axe finds nothing in the client and events panels, their results and their dialogs", async ({ page }) => {
  await openProgrammer(page);
  // Scoped to these panels: the rest of the page has its own spec.
  const axe = async (...selectors: string[]) => {
    const builder = new AxeBuilder({ page });
    for (const selector of selectors) builder.include(selector);
    const { violations } = await builder.analyze();
    expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
      [],
    );
  };
  const panel = clientPanel(page);
  await expect(eventsPanel(page).getByRole("table", { name: "Brand events" })).toBeVisible();
  await panel.getByLabel("Find a client").fill("releve");
  await expect(panel.getByRole("table")).toBeVisible();
  await axe('[data-panel="client"]', '[data-panel="events"]');

  await panel.getByRole("button", { name: "Select Camille Laurent" }).click();
  await expect(panel.getByRole("heading", { name: "Confirm client" })).toBeFocused();
  await axe('[data-panel="client"]', '[data-panel="events"]');

  await eventsPanel(page).getByRole("button", { name: "Capture a guest" }).click();
  const guest = page.getByRole("dialog", { name: "Capture a guest" });
  await guest.getByLabel("First name *").fill("Ana");
  await guest.getByLabel("Last name *").fill("Silva");
  await guest.getByRole("button", { name: "Exchange contact" }).click();
  await expect(guest.getByRole("alert")).toBeVisible();
  await axe("dialog[open]");
  await page.keyboard.press("Escape");

  await panel.getByRole("button", { name: "Create client" }).click();
  await expect(page.getByRole("dialog", { name: "Create client" })).toBeVisible();
  await axe("dialog[open]");
});
