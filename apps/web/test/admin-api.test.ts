import { env, exports } from "cloudflare:workers";
import { hashPassword } from "@releve/core";
import type { AdminStats } from "@releve/core/platform/admin-portal";
import { getDb, users } from "@releve/db";
import { createGarment, createScanDailyStat, makeAdmin } from "@releve/db/testing/factories";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../app/features/accounts/session.server";

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
    if (role === "admin") await makeAdmin(db, id);
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

describe("GET /api/admin/stats", () => {
  it("counts garments, profiles and rolled-up scans over 7 and 30 days", async () => {
    const before = (await (await get("/api/admin/stats", cookies.admin)).json()) as AdminStats;
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    // A fresh garment counts in every window; rollup rows 2, 20 and 200 days old count where they fall.
    await createGarment(db, { fields: { title: "Stats coat" } });
    const ownerId = `stats-${crypto.randomUUID()}`;
    for (const [daysAgo, scans] of [
      [2, 3],
      [20, 5],
      [200, 7],
    ] as const) {
      await createScanDailyStat(db, { day: day(daysAgo), ownerUserId: ownerId, scans });
    }
    const res = await get("/api/admin/stats", cookies.admin);
    expect(res.status).toBe(200);
    const after = (await res.json()) as AdminStats;
    expect(after.garments.total - before.garments.total).toBe(1);
    expect(after.garments.last7 - before.garments.last7).toBe(1);
    expect(after.scans.last7 - before.scans.last7).toBe(3);
    expect(after.scans.last30 - before.scans.last30).toBe(8);
    expect(after.scans.total - before.scans.total).toBe(15);
  });

  it("is refused to a client (403) and a visitor (401)", async () => {
    expect((await get("/api/admin/stats", cookies.client)).status).toBe(403);
    expect((await get("/api/admin/stats")).status).toBe(401);
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
