import { env, exports } from "cloudflare:workers";
import { hashPassword } from "@releve/core";
import { getDb, users } from "@releve/db";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../app/lib/session.server";

const db = getDb(env.DB);
const ORIGIN = "http://releve.test";
const cookies: Record<"client" | "admin", string> = { client: "", admin: "" };

beforeAll(async () => {
  for (const role of ["client", "admin"] as const) {
    const id = crypto.randomUUID();
    await db.insert(users).values({
      id,
      email: `${role}-${id.slice(0, 6)}@example.com`,
      password_hash: await hashPassword("x".repeat(12)),
    });
    if (role === "admin") await env.DB.prepare("insert into admin_users (user_id) values (?)").bind(id).run();
    cookies[role] = (await createSession(db, new Request(ORIGIN), id)).cookie.split(";")[0] ?? "";
  }
});

const get = (path: string, cookie?: string) =>
  exports.default.fetch(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

describe("/api/admin/*", () => {
  it("answers an admin", async () => {
    const res = await get("/api/admin/me", cookies.admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: "admin" });
  });

  it("refuses a signed-in client with 403 and no data", async () => {
    const res = await get("/api/admin/me", cookies.client);
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: "forbidden", message: "Admin privileges required" });
    expect(JSON.stringify(body)).not.toContain("@example.com");
  });

  it("refuses a visitor with 401", async () => {
    const res = await get("/api/admin/me");
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  });

  it("refuses unknown admin routes to non-admins before revealing whether they exist", async () => {
    expect((await get("/api/admin/anything", cookies.client)).status).toBe(403);
    expect((await get("/api/admin/anything", cookies.admin)).status).toBe(404);
  });
});

describe("CSRF: state-changing requests must carry this origin", () => {
  it.each([
    ["no Origin", {}],
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["the string null", { Origin: "null" }],
  ])("refuses a POST with %s (403)", async (_label, headers) => {
    const page = await exports.default.fetch(`${ORIGIN}/logout`, { method: "POST", headers });
    expect(page.status).toBe(403);
    const apiRes = await exports.default.fetch(`${ORIGIN}/api/admin/me`, { method: "POST", headers });
    expect(apiRes.status).toBe(403);
    expect(((await apiRes.json()) as { error: { code: string } }).error.code).toBe("forbidden");
  });

  it("lets a same-origin POST through to its handler", async () => {
    const res = await exports.default.fetch(`${ORIGIN}/logout`, { method: "POST", headers: { Origin: ORIGIN } });
    expect(await res.text()).toBe("page /logout");
  });
});
