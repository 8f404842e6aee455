import type { Page } from "@playwright/test";
import { demoPassword, signIn } from "./accounts";
import { openSimulatedProgrammer } from "./admin-requests";
import { expect, test } from "./fixtures";

// Issue #35, the programmer's failures in the spec's words (part 2 §8): a call that cannot reach
// the server is 'Connection Failed: Please try again or contact support.'; an expired session
// 'Authentication Error'; a tag lookup that fails unexpectedly 'Error: An unexpected error occurred'.

const notices = (page: Page) => page.getByRole("region", { name: /^Notifications/ });
const reader = (page: Page) => page.getByRole("region", { name: "Reader" });
const newTag = (page: Page) => page.getByRole("form", { name: "New tag" });

async function openProgrammer(page: Page) {
  await openSimulatedProgrammer(page);
  await expect(page.getByRole("heading", { level: 1, name: "NFC Programmer" })).toBeVisible();
}

async function programSimulated(page: Page, name: string) {
  const form = newTag(page);
  await form.getByLabel("Garment name *").fill(name);
  await form.getByLabel("Type *").selectOption("Jacket");
  await form.getByRole("button", { name: "Program simulated tag" }).click();
}

/**
 * Chromium logs a request that failed on purpose (aborted, or answered 5xx) as a console error:
 * those, and only those, are taken off the fixture's list once the test has seen them.
 */
function expectLogged(consoleErrors: string[], pattern: RegExp) {
  const expected = consoleErrors.filter((line) => pattern.test(line));
  expect(expected.length, `a console line matching ${pattern}`).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((line) => !pattern.test(line)));
}

test("the server out of reach: programming and reading say 'Connection Failed: Please try again or contact support.'", async ({
  page,
  consoleErrors,
}, testInfo) => {
  await openProgrammer(page);
  await page.route("**/api/admin/tags", (route) => route.abort("internetdisconnected"));
  await programSimulated(page, `Offline coat ${testInfo.project.name} ${Date.now()}`);
  await expect(notices(page).getByText("Connection Failed", { exact: true })).toBeVisible();
  await expect(notices(page).getByText("Please try again or contact support.", { exact: true })).toBeVisible();
  const alert = newTag(page).getByRole("alert");
  await expect(alert).toContainText("Connection Failed");
  await expect(alert).toContainText("Please try again or contact support.");
  await expect(alert).not.toContainText("Programming Error");
  await page.unroute("**/api/admin/tags");

  // Back online the tag is programmed; then its read-back's lookup cannot reach the server.
  await programSimulated(page, `Online coat ${testInfo.project.name} ${Date.now()}`);
  await expect(page.getByRole("heading", { name: "Tag Programmed Successfully" })).toBeFocused();
  await page.route("**/api/admin/tags/lookup?**", (route) => route.abort("internetdisconnected"));
  await reader(page).getByRole("button", { name: "Read the simulated tag just written" }).click();
  await expect(reader(page).getByRole("alert")).toHaveText("Connection FailedPlease try again or contact support.");
  await expect(reader(page).getByText("Reader status: Error")).toBeAttached();

  // The UID search, the same lookup: the same words.
  const utilities = page.getByRole("region", { name: "Utilities" });
  await utilities.getByRole("textbox", { name: "Search by tag UID" }).fill("04A23B4C5D6E7F");
  await utilities.getByRole("button", { name: "Search" }).click();
  await expect(utilities.getByRole("alert")).toHaveText("Connection FailedPlease try again or contact support.");
  expectLogged(consoleErrors, /net::ERR_INTERNET_DISCONNECTED/);
});

test("an expired session: programming says 'Authentication Error', nothing is programmed", async ({
  page,
}, testInfo) => {
  await openProgrammer(page);
  // The session ends (expired, or signed out in another tab): the API answers 401.
  await page.context().clearCookies();
  const name = `Expired coat ${testInfo.project.name} ${Date.now()}`;
  const answer = page.waitForResponse(
    (res) => res.url().endsWith("/api/admin/tags") && res.request().method() === "POST",
  );
  await programSimulated(page, name);
  expect((await answer).status()).toBe(401);
  await expect(notices(page).getByText("Authentication Error", { exact: true })).toBeVisible();
  await expect(notices(page).getByText("Your session has expired. Sign in again.", { exact: true })).toBeVisible();
  await expect(newTag(page).getByRole("alert")).toContainText("Authentication Error");
  await expect(page.getByRole("heading", { name: "Tag Programmed Successfully" })).toHaveCount(0);

  // Signed in again, the garment was never made.
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  const res = await page.request.get(`/api/admin/garments?status=all&q=${encodeURIComponent(name)}`);
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { garments: unknown[] }).garments).toEqual([]);
});

test("a lookup that fails unexpectedly says 'Error: An unexpected error occurred'", async ({
  page,
  consoleErrors,
}, testInfo) => {
  await openProgrammer(page);
  await programSimulated(page, `Lookup coat ${testInfo.project.name} ${Date.now()}`);
  await expect(page.getByRole("heading", { name: "Tag Programmed Successfully" })).toBeFocused();
  // The server fails on its side (a 500 with its generic body).
  await page.route("**/api/admin/tags/lookup?**", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "internal", message: "Internal error" } }),
    }),
  );
  await reader(page).getByRole("button", { name: "Read the simulated tag just written" }).click();
  const alert = reader(page).getByRole("alert");
  await expect(alert).toHaveText("ErrorAn unexpected error occurred");
  await expect(alert).not.toContainText("Internal error");
  expectLogged(consoleErrors, /status of 500/);

  // A refusal the server explains is still shown in its words.
  await page.route("**/api/admin/tags/lookup?**", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "bad_request", message: "Give a uid, a chip_id or a slug." } }),
    }),
  );
  await reader(page).getByRole("button", { name: "Read the simulated tag just written" }).click();
  await expect(alert).toHaveText("Read FailedGive a uid, a chip_id or a slug.");
});
