import { env, exports } from "cloudflare:workers";
import { hashPassword } from "@releve/core";
import { getDb, users } from "@releve/db";
import { makeAdmin } from "@releve/db/testing/factories";
import { beforeAll, expect } from "vitest";
import { createSession } from "../app/features/accounts/session.server";

// Shared by the tests that call /api/admin as a visitor, a client and an admin.

export const ORIGIN = "http://releve.test";
export type As = "admin" | "client" | "visitor";

/**
 * A client and an admin, each with a session (made in the file's beforeAll), and one helper for
 * every /api/admin call: who is asking, which method, path and JSON body (a string goes as is).
 */
export function adminApiCallers() {
  const db = getDb(env.DB);
  const cookies: Record<"client" | "admin", string> = { client: "", admin: "" };
  const accounts = { adminEmail: "" };
  beforeAll(async () => {
    for (const role of ["client", "admin"] as const) {
      const id = crypto.randomUUID();
      const email = `${role}-${id.slice(0, 6)}@example.com`;
      await db.insert(users).values({ id, email, password_hash: await hashPassword("x".repeat(12)) });
      if (role === "admin") {
        await makeAdmin(db, id);
        accounts.adminEmail = email;
      }
      cookies[role] = (await createSession(db, new Request(ORIGIN), id)).cookie.split(";")[0] ?? "";
    }
  });
  function call(as: As, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { Origin: ORIGIN };
    if (as !== "visitor") headers.Cookie = cookies[as];
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return exports.default.fetch(`${ORIGIN}/api/admin${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  }
  return { cookies, accounts, call };
}

/** The answer's JSON, once its status is the one expected (the body is shown when it is not). */
export async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}
