import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { demoPassword, linkFromOutbox, signIn, uniqueEmail } from "./accounts";
import { expect } from "./fixtures";

// The admin's side of the specs that program tags: signing in, one call to /api/admin, a UID.

/** A random 7-byte NXP UID (04…), as an encoder reports it. */
export const randomUid = () =>
  `04${Array.from({ length: 6 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, "0"),
  ).join("")}`.toUpperCase();

export async function adminApi<T>(
  request: APIRequestContext,
  baseURL: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res =
    body === undefined
      ? await request.get(`/api/admin${path}`)
      : await request.post(`/api/admin${path}`, { data: body, headers: { Origin: baseURL } });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  const type = res.headers()["content-type"] ?? "";
  return (type.includes("json") ? await res.json() : await res.text()) as T;
}

/** Signs the admin in; the page's request context then carries the session. */
export async function signInAdmin(page: Page) {
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  await expect(page).not.toHaveURL(/\/auth/);
}

/**
 * A new client made by the admin, with one piece (of the first product when `withProduct`) and
 * `guests` captured on it, signed in through their invitation with `password`.
 */
export async function invitedClientWithPiece(
  browser: Browser,
  origin: string,
  opts: {
    name: [string, string];
    piece: string;
    password: string;
    guests?: string[];
    withProduct?: boolean;
  },
) {
  const email = uniqueEmail("client").toLowerCase();
  const admin = await browser.newPage();
  await signInAdmin(admin);
  const { profileId } = await adminApi<{ profileId: number }>(admin.request, origin, "/clients", {
    first_name: opts.name[0],
    last_name: opts.name[1],
    email,
  });
  const products = opts.withProduct
    ? (await adminApi<{ products: { id: number }[] }>(admin.request, origin, "/products")).products
    : [];
  const { tag } = await adminApi<{ tag: { garment: { id: number; slug: string } } }>(admin.request, origin, "/tags", {
    name: opts.piece,
    garment_type: "Jacket",
    client_id: profileId,
    ...(products[0] ? { product_id: products[0].id } : {}),
  });
  for (const name of opts.guests ?? []) {
    await adminApi(admin.request, origin, "/guests", {
      client_id: profileId,
      garment_id: tag.garment.id,
      first_name: name,
      last_name: "Guest",
      email: `${name.toLowerCase()}@example.com`,
    });
  }
  await admin.close();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(origin);
  await page.goto(await linkFromOutbox(page, email, "Your Relevé wardrobe is ready"));
  await page.getByLabel("New password").fill(opts.password);
  await page.getByLabel("Confirm password").fill(opts.password);
  await page.getByRole("button", { name: "Save New Password" }).click();
  await expect(page).not.toHaveURL(/\/reset-password/);
  return { page, email, garment: tag.garment };
}

/**
 * The admin on the tag programmer without Web NFC (as on any desktop browser): its labelled
 * simulation writes real records.
 */
export async function openSimulatedProgrammer(page: Page) {
  await page.addInitScript(() => {
    delete (window as unknown as { NDEFReader?: unknown }).NDEFReader;
  });
  await signIn(page, "admin@releve.local", demoPassword("admin"));
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto("/admin/nfc-programmer");
}
