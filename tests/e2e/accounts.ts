import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Demo passwords of the seeded accounts, from the .dev.vars the e2e server was prepared with. */
export function demoPassword(role: "owner" | "visitor" | "admin"): string {
  const text = readFileSync(new URL("../../.dev.vars", import.meta.url), "utf8");
  const match = new RegExp(`^DEMO_${role.toUpperCase()}_PASSWORD="?([^"\\n]+)"?`, "m").exec(text);
  if (!match?.[1]) throw new Error(`DEMO_${role.toUpperCase()}_PASSWORD missing from .dev.vars`);
  return match[1];
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(performance.now() * 1000)}@example.com`;

/** Fills and sends the sign-up form; the answer is the 'Check your inbox' screen, whether or not the address is taken. */
export async function submitSignUp(page: Page, email: string, password: string, path = "/auth?mode=signup") {
  // /auth is plain HTML (decision 0049): nothing to hydrate, the form works once it is there.
  await page.goto(path);
  await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
}

/**
 * Signs up a new address and finishes as its owner would (decision 0041): the emailed link, opened
 * in the same browser, signs in and goes on to the pending claim, the `redirect`, or the wardrobe.
 */
export async function signUp(page: Page, email: string, password: string, path = "/auth?mode=signup") {
  await submitSignUp(page, email, password, path);
  await page.goto(await linkFromOutbox(page, email, "Confirm your email address"));
  await page.waitForURL((url) => url.pathname !== "/auth/verified");
}

export async function signIn(page: Page, email: string, password: string, path = "/auth") {
  await page.goto(path);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Opens the newest email to `to` with `subject` in the local outbox and returns its link. */
export async function linkFromOutbox(page: Page, to: string, subject: string): Promise<string> {
  const email = page.getByRole("article", { name: `${subject} to ${to}` }).first();
  // Sign-up and reset mails are sent after the answer (waitUntil): reload until it has landed.
  await expect
    .poll(async () => {
      await page.goto("/dev/outbox");
      return email.count();
    })
    .toBeGreaterThan(0);
  await expect(email).toBeVisible();
  const href = await email.getByRole("link").first().getAttribute("href");
  if (!href) throw new Error(`no link in "${subject}" to ${to}`);
  return new URL(href).pathname + new URL(href).search;
}
