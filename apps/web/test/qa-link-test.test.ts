import { env, exports } from "cloudflare:workers";
import { hashPassword } from "@releve/core";
import { type LinkTestResult, QA_MESSAGES } from "@releve/core/qa/tools";
import { OWNER_TOKEN_COOKIE, signOwnerToken } from "@releve/core/tap/owner-token";
import { getDb, users } from "@releve/db";
import { loadTapRoute, writeCachedTapRoute } from "@releve/db/tap/cache";
import {
  createGarment,
  createOwner,
  createSession as createOwnerSession,
  makeAdmin,
  setGarmentFields,
  setGarmentTagStatus,
  uniqueSlug,
} from "@releve/db/testing/factories";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../app/features/accounts/session.server";

// Issue #20, the link tester: POST /api/admin/qa/link-test through the real shell, which asks
// the real tap worker beside it for a dry run. Its answer must be the one a real tap (through
// the same shell) gets, row by row of the tap rules; only an admin's marker makes a dry run.
// The queue's side (a dry run sends no scan, a real tap one) is checked in workers/tap, where
// the queue binding can be watched.

const db = getDb(env.DB);
const ORIGIN = "http://releve.test";
const cookies: Record<"client" | "admin", string> = { client: "", admin: "" };

beforeAll(async () => {
  for (const role of ["client", "admin"] as const) {
    const id = crypto.randomUUID();
    await db.insert(users).values({
      id,
      email: `lt-${role}-${id.slice(0, 6)}@example.com`,
      password_hash: await hashPassword("x".repeat(12)),
    });
    if (role === "admin") await makeAdmin(db, id);
    cookies[role] = (await createSession(db, new Request(ORIGIN), id)).cookie.split(";")[0] ?? "";
  }
});

const linkTest = (as: "admin" | "client" | "visitor", body: unknown) =>
  exports.default.fetch(`${ORIGIN}/api/admin/qa/link-test`, {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      "Content-Type": "application/json",
      ...(as === "visitor" ? {} : { Cookie: cookies[as] }),
    },
    body: JSON.stringify(body),
  });

/** A real tap through the shell, as the owner (their owner token, a live session) or a visitor. */
async function realTap(slug: string, owner?: string, headers: Record<string, string> = {}) {
  const cookie = owner
    ? `${OWNER_TOKEN_COOKIE}=${await signOwnerToken(env.SESSION_SECRET, {
        userId: owner,
        sessionId: await createOwnerSession(db, owner),
      })}`
    : undefined;
  return exports.default.fetch(`${ORIGIN}/t/${encodeURIComponent(slug)}`, {
    redirect: "manual",
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

describe("POST /api/admin/qa/link-test", () => {
  it("answers what a real tap answers, for every tap-rule row, with the diagnosis", async () => {
    const sharing = await createOwner(db, { sharing: true });
    const closed = await createOwner(db, { sharing: false });
    const shared = await createGarment(db, { ownerUserId: sharing.userId });
    const unshared = await createGarment(db, { ownerUserId: closed.userId });
    const unclaimed = await createGarment(db);
    const inactive = await createGarment(db, { active: false });
    const lost = await createGarment(db, { ownerUserId: sharing.userId });
    await setGarmentTagStatus(db, lost.id, "lost");
    const rows = [
      { slug: uniqueSlug("zz"), action: "not_found", found: false },
      { slug: "Not a slug!", action: "not_found", found: false },
      { slug: inactive.slug, action: "not_found", found: true },
      { slug: unclaimed.slug, action: "redirect", found: true, target: `/claim/${unclaimed.slug}` },
      { slug: shared.slug, action: "page", found: true, target: `/share/${shared.slug}` },
      { slug: unshared.slug, action: "page", found: true, target: `/share/${unshared.slug}` },
      {
        slug: shared.slug,
        owner: sharing.userId,
        action: "redirect",
        found: true,
        target: `/dashboard/garment/${shared.id}`,
      },
      { slug: lost.slug, action: "page", found: true, target: null },
      { slug: lost.slug, owner: sharing.userId, action: "page", found: true, target: null },
    ] as const;
    for (const row of rows) {
      const owner = "owner" in row ? row.owner : undefined;
      const name = `${row.slug} as ${owner ? "owner" : "visitor"}`;
      const res = await linkTest("admin", { slug: row.slug, viewer: owner ? "owner" : "visitor" });
      expect(res.status, name).toBe(200);
      const result = (await res.json()) as LinkTestResult;
      const actual = await realTap(row.slug, owner);
      await actual.body?.cancel();
      expect([result.status, result.location], name).toEqual([actual.status, actual.headers.get("Location")]);
      expect(result.diagnosis, name).toMatchObject({ action: row.action, found: row.found, status: actual.status });
      if ("target" in row) expect(result.diagnosis.target, name).toBe(row.target);
      if (owner) expect(result.diagnosis.viewer, name).toBe("owner");
    }
  });

  it("says where the answer came from and whether KV agrees with D1", async () => {
    const g = await createGarment(db);
    const test = async () =>
      ((await (await linkTest("admin", { slug: g.slug, viewer: "visitor" })).json()) as LinkTestResult).diagnosis;
    // A fresh slug: nothing cached yet, the answer comes from D1.
    expect(await test()).toMatchObject({ source: "d1", cacheAgrees: null, garmentStatus: "unclaimed" });
    // KV holds what D1 says (as the tap's refill writes it): the tap's memo answers now, and they agree.
    await writeCachedTapRoute(env.TAP_KV, g.slug, await loadTapRoute(env.DB, g.slug));
    expect(await test()).toMatchObject({ source: "memo", cacheAgrees: true });
    // D1 changed behind the cache's back (no refresh): the tester says the cached record disagrees.
    await setGarmentFields(db, g.id, { is_active: false });
    expect(await test()).toMatchObject({ cacheAgrees: false });
  });

  it("answers a path the tap does not even route (a slug of dots) as not found, never a 500", async () => {
    const res = await linkTest("admin", { slug: "..", viewer: "visitor" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as LinkTestResult).diagnosis).toMatchObject({ action: "not_found", found: false });
  });

  it("refuses an empty slug with the spec's message, a bad viewer, and anyone but an admin", async () => {
    const empty = await linkTest("admin", { slug: "  ", viewer: "visitor" });
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toBe(QA_MESSAGES.linkSlugRequired);
    const missing = await linkTest("admin", { viewer: "visitor" });
    expect(await errorOf(missing)).toBe(QA_MESSAGES.linkSlugRequired);
    const viewer = await linkTest("admin", { slug: "mb-001", viewer: "admin" });
    expect(viewer.status).toBe(400);
    expect(await errorOf(viewer)).toBe(QA_MESSAGES.linkViewer);
    const broken = await linkTest("admin", { slug: "mb-\ud800", viewer: "visitor" });
    expect(broken.status).toBe(400);
    expect(await errorOf(broken)).toBe(QA_MESSAGES.linkSlugMalformed);
    expect((await linkTest("client", { slug: "mb-001", viewer: "visitor" })).status).toBe(403);
    expect((await linkTest("visitor", { slug: "mb-001", viewer: "visitor" })).status).toBe(401);
  });

  it("a dry-run marker from anyone but the shell's link test is ignored: the tap is a real one", async () => {
    const g = await createGarment(db);
    const forged = await new SignJWT({ viewer: "owner" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("me")
      .setIssuer("releve")
      .setAudience("releve:dry-run")
      .setIssuedAt()
      .setExpirationTime("60s")
      .sign(new TextEncoder().encode("a-secret-that-is-not-the-shells-0000000000"));
    for (const marker of ["1", forged]) {
      const res = await realTap(g.slug, undefined, { Cookie: cookies.client, "X-Releve-Dry-Run": marker });
      expect(res.status).toBe(302);
      expect(res.headers.get("x-releve-dry-run-result")).toBeNull();
    }
  });
});
