import type { APIRequestContext, Page } from "@playwright/test";
import { demoPassword, signIn } from "./accounts";
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
