import type { Browser } from "@playwright/test";
import { linkFromOutbox } from "./accounts";
import { invitedClientWithPiece } from "./admin-requests";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// Issue #33: an owner hears of a new connection by mail (queued, sent by the scan-jobs consumer
// into the local outbox), chooses how often, and can stop it from the mail in one click.

const PASSWORD = "alerts-on-2026";
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

const expectNoViolations = expectNoAxeViolations;

/** A new client with one piece, made by the admin and signed in through the invitation. */
const ownerWithPiece = (browser: Browser, origin: string) =>
  invitedClientWithPiece(browser, origin, { name: ["Odile", "Alerte"], piece: "Evening Cape", password: PASSWORD });

/** A visitor on their phone taps the piece and leaves their details. */
async function connect(browser: Browser, origin: string, slug: string, name: string) {
  const context = await browser.newContext({ baseURL: origin, userAgent: PHONE_UA });
  const visitor = await context.newPage();
  await visitor.goto(`/t/${slug}`);
  await visitor.getByLabel("First Name *").fill(name);
  await visitor.getByLabel("Email").fill(`${name.toLowerCase().replaceAll(" ", ".")}@example.com`);
  await visitor.getByRole("button", { name: "Connect with Odile" }).click();
  await expect(visitor.getByRole("heading", { name: "Successfully Connected!" })).toBeVisible();
  await context.close();
}

test("a visitor connects, the owner is mailed with a one-click unsubscribe, chooses a daily summary, then stops alerts", async ({
  browser,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const owner = await ownerWithPiece(browser, origin);
  const visitorName = `Lucien ${testInfo.project.name}`;
  await connect(browser, origin, owner.garment.slug, visitorName);

  // The consumer mails within seconds (the queue's batch window); the mail names the visitor,
  // the channel they left and the piece, and carries RFC 8058's headers.
  const { page } = owner;
  const mail = page.getByRole("article", { name: `${visitorName} connected with you to ${owner.email}` });
  await expect
    .poll(
      async () => {
        await page.goto("/dev/outbox");
        return mail.count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(mail.getByText("Left their email.")).toBeVisible();
  await expect(mail.getByText("Tapped: Evening Cape")).toBeVisible();
  const headers = mail.getByRole("definition");
  await expect(mail.getByText("List-Unsubscribe-Post:")).toBeVisible();
  await expect(headers.filter({ hasText: "List-Unsubscribe=One-Click" })).toBeVisible();
  await expect(
    headers.filter({ hasText: /^<http:\/\/localhost:\d+\/unsubscribe\/[0-9a-f-]{36}\.[\w-]{43}>$/ }),
  ).toBeVisible();
  const unsubscribe = await mail.getByRole("link", { name: /\/unsubscribe\// }).getAttribute("href");
  expect(unsubscribe).toMatch(/\/unsubscribe\/[0-9a-f-]{36}\.[\w-]{43}$/);

  // The owner switches to a daily summary on the profile page.
  await page.goto("/profile-setup");
  await page.locator("html[data-hydrated]").waitFor();
  const notifications = page.getByRole("group", { name: "Notifications" });
  await expect(notifications.getByRole("radio", { name: /Each new connection/ })).toBeChecked();
  await expectNoViolations(page);
  await notifications.getByRole("radio", { name: /Daily summary/ }).check();
  await page.getByRole("button", { name: "Save Notifications" }).click();
  await expect(page.getByText("Notifications saved")).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("group", { name: "Notifications" }).getByRole("radio", { name: /Daily summary/ }),
  ).toBeChecked();

  // The mail's link, signed out: it asks first, then stops alerts and says so.
  const stranger = await browser.newContext({ baseURL: origin });
  const stop = await stranger.newPage();
  await stop.goto(new URL(unsubscribe ?? "").pathname);
  await expect(stop.getByRole("heading", { name: "Stop connection alerts?" })).toBeVisible();
  await expectNoViolations(stop);
  await stop.getByRole("button", { name: "Stop connection alerts" }).click();
  await expect(stop.getByRole("heading", { name: "Connection alerts are off" })).toBeVisible();
  await expectNoViolations(stop);
  // A forged link says so and changes nothing.
  const forged = await stop.goto(`${new URL(unsubscribe ?? "").pathname.slice(0, -3)}abc`);
  expect(forged?.status()).toBe(404);
  await expect(stop.getByRole("heading", { name: "This unsubscribe link is not valid" })).toBeVisible();
  await stranger.close();

  await page.goto("/profile-setup");
  await expect(page.getByRole("group", { name: "Notifications" }).getByRole("radio", { name: /^Off/ })).toBeChecked();
  await page.context().close();
});

test("a visitor withdraws their details from the success screen, and the owner's list no longer shows them", async ({
  browser,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const owner = await ownerWithPiece(browser, origin);
  const name = `Withdrawn ${testInfo.project.name}`;
  const email = `withdrawn-${testInfo.project.name}-${Date.now()}@example.com`;
  const context = await browser.newContext({ baseURL: origin, userAgent: PHONE_UA });
  const visitor = await context.newPage();
  await visitor.goto(`/t/${owner.garment.slug}`);
  await visitor.getByLabel("First Name *").fill(name);
  await visitor.getByLabel("Email").fill(email);
  await visitor.getByRole("button", { name: "Connect with Odile" }).click();
  const success = visitor.getByRole("status");
  await expect(success.getByRole("heading", { name: "Successfully Connected!" })).toBeVisible();
  await expect(
    success.getByText("This private link removes your details from their list.", { exact: false }),
  ).toBeVisible();
  await expectNoViolations(visitor);

  // The owner has them, and the visitor's own mail carries the same link.
  const { page } = owner;
  await page.goto("/dashboard/contacts");
  await expect(page.getByRole("article", { name })).toBeVisible();
  const mailed = await linkFromOutbox(page, email, "You shared your details with Odile");
  const shown = await success.getByRole("link", { name: "Withdraw my details" }).getAttribute("href");
  expect(mailed).toBe(shown);

  await success.getByRole("link", { name: "Withdraw my details" }).click();
  await expect(visitor.getByRole("heading", { name: "Withdraw your details?" })).toBeVisible();
  await expect(visitor.getByText("Odile will no longer have the details you shared.", { exact: false })).toBeVisible();
  await expectNoViolations(visitor);
  await visitor.getByRole("button", { name: "Withdraw my details" }).click();
  await expect(visitor.getByRole("heading", { name: "Your details were withdrawn" })).toBeVisible();
  await expectNoViolations(visitor);

  await page.goto("/dashboard/contacts");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("article", { name })).toHaveCount(0);
  // It works once.
  const again = await visitor.goto(shown ?? "");
  expect(again?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "This link has already been used or is not valid" })).toBeVisible();
  await context.close();
  await page.context().close();
});
