import { env, exports } from "cloudflare:workers";
import { hashPassword } from "@releve/core";
import { QA_MESSAGES, type QaPanel, type QaResetResult } from "@releve/core/qa/tools";
import { contacts, garments, getDb, scans, users } from "@releve/db";
import { createOwner, makeAdmin, type TestOwner, uniqueSlug } from "@releve/db/testing/factories";
import { eq, inArray, not } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { userContext } from "../app/context";
import { createSession } from "../app/features/accounts/session.server";
import * as testGarmentRoute from "../app/features/qa/test-garment";
import { args, outcome, routeContext } from "./route-support";

// Issue #20: the QA panel's reset (spec part 2 §7, qa-reset-e2e) through the real shell and the
// real tap worker beside it; /test-garment's loader and action called directly (the test shell
// renders no pages), its taps through the real tap worker.

const db = getDb(env.DB);
const ORIGIN = "http://releve.test";
const cookies: Record<"client" | "admin", string> = { client: "", admin: "" };
let adminEmail = "";
let owner: TestOwner;
let admin = { userId: "", email: "" };
let client = { userId: "", email: "" };
const SAMPLES = ["mb-001", "ss-002"] as const;

type As = "admin" | "client" | "visitor";
const headersOf = (as: As, extra: Record<string, string> = {}) => ({
  Origin: ORIGIN,
  ...(as === "visitor" ? {} : { Cookie: cookies[as] }),
  ...extra,
});

const api = (as: As, method: string, path: string, body?: string) =>
  exports.default.fetch(`${ORIGIN}/api/admin${path}`, {
    method,
    headers: headersOf(as, body === undefined ? {} : { "Content-Type": "application/json" }),
    body,
  });

/** A visitor's tap, through the shell to the real tap worker. */
const tap = (slug: string) => exports.default.fetch(`${ORIGIN}/t/${slug}`, { redirect: "manual" });

/** A sample garment claimed by `owner` (made if this database has none), as e2e runs leave them. */
async function claimSample(slug: string) {
  const claimed = {
    status: "claimed" as const,
    owner_user_id: owner.userId,
    owner_profile_id: owner.profileId,
    ownership_status: "active",
    claimed_at: new Date(Date.now() - 60_000),
    is_active: true,
  };
  const updated = await db.update(garments).set(claimed).where(eq(garments.short_slug, slug)).returning();
  if (updated.length === 0) await db.insert(garments).values({ short_slug: slug, title: `Sample ${slug}`, ...claimed });
}

/** Every row of a table, in id order: a change anywhere shows. */
const rowsOf = (table: string, where = "1 = 1") =>
  env.DB.prepare(`select * from ${table} where ${where} order by id`)
    .all()
    .then((r) => r.results);

beforeAll(async () => {
  for (const role of ["client", "admin"] as const) {
    const id = crypto.randomUUID();
    const email = `qa-${role}-${id.slice(0, 6)}@example.com`;
    await db.insert(users).values({ id, email, password_hash: await hashPassword("x".repeat(12)) });
    if (role === "admin") {
      await makeAdmin(db, id);
      adminEmail = email;
      admin = { userId: id, email };
    } else {
      client = { userId: id, email };
    }
    cookies[role] = (await createSession(db, new Request(ORIGIN), id)).cookie.split(";")[0] ?? "";
  }
  owner = await createOwner(db);
});

describe("GET /api/admin/qa and POST /api/admin/qa/reset", () => {
  it("answer 401 to a visitor and 403 to a client, and change nothing", async () => {
    await claimSample("mb-001");
    const before = await rowsOf("garments");
    for (const [as, status] of [
      ["visitor", 401],
      ["client", 403],
    ] as const) {
      expect((await api(as, "GET", "/qa")).status).toBe(status);
      expect((await api(as, "POST", "/qa/reset")).status).toBe(status);
    }
    expect(await rowsOf("garments")).toEqual(before);
  });

  it("show the admin the demo accounts (emails, roles, where the password is set; no password) and the samples", async () => {
    await claimSample("mb-001");
    const res = await api("admin", "GET", "/qa");
    expect(res.status).toBe(200);
    const panel = (await res.json()) as QaPanel;
    expect(panel.accounts.map((a) => [a.role, a.email, a.passwordVariable])).toEqual([
      ["owner", "owner@releve.local", "DEMO_OWNER_PASSWORD"],
      ["visitor", "visitor@releve.local", "DEMO_VISITOR_PASSWORD"],
      ["admin", "admin@releve.local", "DEMO_ADMIN_PASSWORD"],
    ]);
    expect(JSON.stringify(panel)).not.toMatch(/password_hash|choose-a-local-password/);
    expect(panel.samples.find((g) => g.slug === "mb-001")).toMatchObject({ status: "claimed", active: true });
  });

  it("refuses a body (400) and changes nothing", async () => {
    await claimSample("mb-001");
    const before = await rowsOf("garments");
    const res = await api("admin", "POST", "/qa/reset", "{}");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(QA_MESSAGES.resetTakesNoBody);
    expect(await rowsOf("garments")).toEqual(before);
  });

  it("puts mb-001 and ss-002 back to unclaimed, refreshes their taps, audits it, and touches nothing else", async () => {
    for (const slug of SAMPLES) await claimSample(slug);
    // Rows that must not move: another claimed garment, an unclaimed one, and the samples' contacts and scans.
    const other = uniqueSlug("qa");
    await db.insert(garments).values([
      { short_slug: other, status: "claimed", owner_user_id: owner.userId, owner_profile_id: owner.profileId },
      { short_slug: uniqueSlug("qa"), status: "unclaimed" },
    ]);
    const sample = await db
      .select({ id: garments.id, slug: garments.short_slug })
      .from(garments)
      .where(inArray(garments.short_slug, [...SAMPLES]));
    for (const g of sample) {
      await db.insert(contacts).values({
        owner_user_id: owner.userId,
        garment_id: g.id,
        first_name: `Guest of ${g.slug}`,
        contact_source: "nfc_share",
      });
      await db.insert(scans).values({
        id: crypto.randomUUID(),
        garment_id: g.id,
        owner_user_id: owner.userId,
        short_slug: g.slug,
        viewer_kind: "visitor",
      });
    }
    // The tap's record now says claimed: a visitor gets the share card in place (decision 0029).
    const shared = await tap("mb-001");
    expect(shared.status).toBe(200);
    expect(shared.headers.get("Location")).toBeNull();

    const others = () =>
      db
        .select()
        .from(garments)
        .where(not(inArray(garments.short_slug, [...SAMPLES])));
    const before = { garments: await others(), contacts: await rowsOf("contacts"), scans: await rowsOf("scans") };
    const auditBefore = (await rowsOf("admin_audit_log")).length;

    const res = await api("admin", "POST", "/qa/reset");
    expect(res.status, await res.clone().text()).toBe(200);
    const result = (await res.json()) as QaResetResult;
    expect(result.garments.map((g) => [g.slug, g.before.status, g.before.owned]).sort()).toEqual([
      ["mb-001", "claimed", true],
      ["ss-002", "claimed", true],
    ]);

    // Only the two samples changed, and to the seed's unclaimed state.
    expect({ garments: await others(), contacts: await rowsOf("contacts"), scans: await rowsOf("scans") }).toEqual(
      before,
    );
    const after = await db
      .select()
      .from(garments)
      .where(inArray(garments.short_slug, [...SAMPLES]));
    expect(after).toHaveLength(2);
    for (const g of after) {
      expect(g).toMatchObject({
        status: "unclaimed",
        owner_user_id: null,
        owner_profile_id: null,
        ownership_status: null,
        claimed_at: null,
        is_active: true,
      });
    }

    // Audited: one row per garment, by this admin, with the state before and after.
    const audit = await rowsOf("admin_audit_log", "action = 'garment.qa_reset'");
    expect((await rowsOf("admin_audit_log")).length).toBe(auditBefore + 2);
    const mine = audit.slice(-2) as { admin_email: string; target_type: string; target_id: string; before: string }[];
    expect(mine.map((a) => [a.admin_email, a.target_type, a.target_id]).sort()).toEqual(
      sample.map((g) => [adminEmail, "garment", String(g.id)]).sort(),
    );
    expect(mine.map((a) => JSON.parse(a.before).owner_user_id)).toEqual([owner.userId, owner.userId]);

    // The tap record was rewritten: the very next tap of each lands on the claim page.
    for (const slug of SAMPLES) {
      const next = await tap(slug);
      expect(next.status).toBe(302);
      expect(next.headers.get("Location")).toBe(`/claim/${slug}`);
    }
  });
});

describe("/test-garment", () => {
  const who = { admin: () => admin, client: () => client, visitor: () => null } as const;
  /** The route's context for `as` (the shell's session middleware sets the user the same way). */
  const contextOf = (as: As) => {
    const ctx = routeContext(db, null);
    const user = who[as]();
    ctx.set(
      userContext,
      user && {
        sessionId: "s",
        userId: user.userId,
        email: user.email,
        firstName: null,
        lastName: null,
        emailVerified: true,
        adminRole: as === "admin" ? "admin" : null,
      },
    );
    return ctx;
  };
  const load = (as: As) =>
    outcome(() => testGarmentRoute.loader(args(new Request(`${ORIGIN}/test-garment`), contextOf(as))));
  const create = (as: As, slug: string) =>
    outcome(() =>
      testGarmentRoute.action(
        args(
          new Request(`${ORIGIN}/test-garment`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
            body: new URLSearchParams({ slug }).toString(),
          }),
          contextOf(as),
        ),
      ),
    );
  const messageOf = (body: unknown) => (body as { message?: string }).message;

  it("is admin only: the admin sign-in for a visitor, 403 (Access Denied) for a client, who makes nothing", async () => {
    const visitor = await load("visitor");
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/admin/login?redirect=${encodeURIComponent("/test-garment")}`);
    expect((await load("client")).status).toBe(403);

    const slug = uniqueSlug("qa");
    expect((await create("client", slug)).status).toBe(403);
    expect((await create("visitor", slug)).status).toBe(302);
    expect(await db.select().from(garments).where(eq(garments.short_slug, slug))).toEqual([]);
  });

  it("shows the admin their email and id", async () => {
    const page = await load("admin");
    expect(page).toEqual({ status: 200, body: { email: admin.email, userId: admin.userId }, location: null });
  });

  it("creates a real unclaimed garment in the QA batch, once; the second time it says it exists", async () => {
    const slug = uniqueSlug("qa");
    // A tap before it exists: not found (and remembered as such by the tap record).
    expect((await tap(slug)).status).toBe(404);

    const created = await create("admin", ` ${slug.toUpperCase()} `);
    expect(created.status).toBe(201);
    expect(messageOf(created.body)).toBe(QA_MESSAGES.testGarmentCreated(slug));
    const row = await env.DB.prepare(
      `select g.status, g.owner_user_id, g.is_active, b.batch_name, t.status as tag_status
       from garments g join nfc_tags t on t.garment_id = g.id join nfc_tag_batches b on b.id = t.batch_id
       where g.short_slug = ?`,
    )
      .bind(slug)
      .all();
    expect(row.results).toEqual([
      { status: "unclaimed", owner_user_id: null, is_active: 1, batch_name: "QA", tag_status: "uninitialized" },
    ]);
    const audit = await rowsOf("admin_audit_log", "action = 'tag_batch.program'");
    expect(audit.at(-1)).toMatchObject({ admin_email: admin.email });

    // The next tap sees it: a visitor goes to the claim page.
    const tapped = await tap(slug);
    expect(tapped.status).toBe(302);
    expect(tapped.headers.get("Location")).toBe(`/claim/${slug}`);

    const again = await create("admin", slug);
    expect(again.status).toBe(409);
    expect(messageOf(again.body)).toBe(QA_MESSAGES.testGarmentExists(slug));
    expect(await db.select().from(garments).where(eq(garments.short_slug, slug))).toHaveLength(1);
    // A seeded-style garment with no tag exists too: 'exists', nothing made.
    expect((await create("admin", "mb-001")).status).toBe(409);

    // A second test garment goes in the same QA batch.
    expect((await create("admin", uniqueSlug("qa"))).status).toBe(201);
    const batches = await env.DB.prepare("select count(*) as n from nfc_tag_batches where batch_name = 'QA'").first();
    expect(batches).toEqual({ n: 1 });
  });

  it("refuses an empty or malformed slug with a clear 400, making nothing", async () => {
    const before = await rowsOf("garments");
    const empty = await create("admin", "   ");
    expect(empty.status).toBe(400);
    expect(messageOf(empty.body)).toBe(QA_MESSAGES.testSlugRequired);
    for (const bad of ["not a slug", "-x-", "x".repeat(65), "émile", "a/../b"]) {
      const res = await create("admin", bad);
      expect(res.status, bad).toBe(400);
      expect(messageOf(res.body)).toBe(QA_MESSAGES.badTestSlug);
    }
    expect(await rowsOf("garments")).toEqual(before);
  });
});
