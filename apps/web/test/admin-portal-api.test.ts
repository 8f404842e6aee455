import { env, exports } from "cloudflare:workers";
import type { AuditEntry } from "@releve/core/platform/admin-api";
import type { InstagramPost } from "@releve/core/site/contracts";
import type { AdminGarment, GarmentPage, TagBatch, UnclaimedPage } from "@releve/core/tags/contracts";
import { getDb } from "@releve/db";
import { createGarment, createOwner, createScan, createTag, profileClientId } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { adminApiCallers, json, ORIGIN } from "./admin-support";

const db = getDb(env.DB);
const { accounts, call } = adminApiCallers();

const tap = (slug: string) => exports.default.fetch(`${ORIGIN}/t/${slug}`, { redirect: "manual" });

const garmentRow = (id: number) =>
  env.DB.prepare("select owner_user_id, owner_profile_id, status, is_active, programmed_at from garments where id = ?")
    .bind(id)
    .first<{
      owner_user_id: string | null;
      owner_profile_id: number | null;
      status: string;
      is_active: number;
      programmed_at: number | null;
    }>();

// Every route of the admin API, with a valid body where it takes one.
const ROUTES: [string, string, unknown?][] = [
  ["GET", "/stats"],
  ["GET", "/garments"],
  ["GET", "/garments/export.csv"],
  ["GET", "/garments/unclaimed"],
  ["POST", "/garments/1/status", { is_active: true }],
  ["POST", "/garments/1/reassign", { client_id: 1 }],
  ["POST", "/garments/1/programmed"],
  ["GET", "/clients?q=a"],
  ["GET", "/scans/recent"],
  ["GET", "/audit"],
  ["GET", "/instagram-posts"],
  ["POST", "/instagram-posts", { image_url: "/images/x.jpg" }],
  ["PUT", "/instagram-posts/1", { image_url: "/images/x.jpg" }],
  ["DELETE", "/instagram-posts/1"],
  ["GET", "/tag-batches"],
  ["POST", "/tag-batches", { batch_name: "B" }],
  ["GET", "/products"],
  ["GET", "/products/1"],
  ["POST", "/products", { gtin: "09520000001003", name: "Refused" }],
  ["PUT", "/products/1", { gtin: "09520000000013", name: "Refused" }],
];

describe("every /api/admin route refuses non-admins and changes nothing", () => {
  it.each(ROUTES)("%s %s: 403 for a client, 401 for a visitor", async (method, path, body) => {
    const auditBefore = await env.DB.prepare("select count(*) as n from admin_audit_log").first<{ n: number }>();
    const client = await call("client", method, path, body);
    expect(client.status).toBe(403);
    expect(((await client.json()) as { error: { message: string } }).error.message).toBe("Admin privileges required");
    expect((await call("visitor", method, path, body)).status).toBe(401);
    const auditAfter = await env.DB.prepare("select count(*) as n from admin_audit_log").first<{ n: number }>();
    expect(auditAfter?.n).toBe(auditBefore?.n);
  });
});

describe("garments", () => {
  it("lists newest first with the owner's name and email, and searches", async () => {
    const owner = await createOwner(db, { profile: { first_name: "Ottilie", last_name: "Zephyr" } });
    const older = await createGarment(db);
    const newer = await createGarment(db, { ownerUserId: owner.userId });
    const { garments } = await json<{ garments: AdminGarment[] }>(await call("admin", "GET", "/garments"));
    const ids = garments.map((g) => g.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const found = await json<{ garments: AdminGarment[] }>(await call("admin", "GET", "/garments?q=zephyr"));
    expect(found.garments.map((g) => g.id)).toEqual([newer.id]);
    expect(found.garments[0]?.owner).toMatchObject({ name: "Ottilie Zephyr", email: expect.stringContaining("@") });
    // LIKE wildcards are literal in a search.
    const wild = await json<{ garments: AdminGarment[] }>(await call("admin", "GET", "/garments?q=%25"));
    expect(wild.garments).toEqual([]);
  });

  it("filters by status: 'Registered & Claimed' asks for the claimed ones only (issue #16)", async () => {
    const owner = await createOwner(db);
    const unclaimed = await createGarment(db);
    const claimed = await createGarment(db, { ownerUserId: owner.userId });
    const ids = async (query: string) =>
      (await json<{ garments: AdminGarment[] }>(await call("admin", "GET", `/garments${query}`))).garments.map(
        (g) => g.id,
      );
    const onlyClaimed = await ids("?status=claimed");
    expect(onlyClaimed).toContain(claimed.id);
    expect(onlyClaimed).not.toContain(unclaimed.id);
    const onlyUnclaimed = await ids("?status=unclaimed");
    expect(onlyUnclaimed).toContain(unclaimed.id);
    expect(onlyUnclaimed).not.toContain(claimed.id);
    for (const query of ["?status=all", ""])
      expect(await ids(query)).toEqual(expect.arrayContaining([claimed.id, unclaimed.id]));
    expect(await ids(`?status=claimed&q=${claimed.slug}`)).toEqual([claimed.id]);
    expect(await ids(`?status=unclaimed&q=${claimed.slug}`)).toEqual([]);
    expect((await call("admin", "GET", "/garments?status=stolen")).status).toBe(400);
  });

  it("deactivates: the very next tap answers 'Invalid garment link'; activating restores it; both audited", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    // A visitor's tap answers the shell's share page in place (decision 0029).
    const live = await tap(garment.slug);
    expect(live.status).toBe(200);
    expect(await live.text()).toBe(`page /share/${garment.slug}`);
    const off = await json<AdminGarment>(
      await call("admin", "POST", `/garments/${garment.id}/status`, { is_active: false }),
    );
    expect(off.isActive).toBe(false);
    const dead = await tap(garment.slug);
    expect(dead.status).toBe(404);
    expect(await dead.text()).toContain("Invalid garment link");
    await json(await call("admin", "POST", `/garments/${garment.id}/status`, { is_active: true }));
    expect(await (await tap(garment.slug)).text()).toBe(`page /share/${garment.slug}`);
    const { entries } = await json<{ entries: AuditEntry[] }>(await call("admin", "GET", "/audit"));
    expect(entries.slice(0, 2).map((e) => [e.action, e.targetId, e.adminEmail])).toEqual([
      ["garment.activate", String(garment.id), accounts.adminEmail],
      ["garment.deactivate", String(garment.id), accounts.adminEmail],
    ]);
    expect(entries[1]).toMatchObject({ before: { is_active: true }, after: { is_active: false } });
    // Read from the event log (issue #48): each entry is the change's event, with its audit row.
    expect(entries.slice(0, 2).map((e) => e.eventType)).toEqual(["garment.active_changed", "garment.active_changed"]);
    expect(entries[0]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });

  it("reassigns to another client by profile id and the tap follows", async () => {
    const first = await createOwner(db);
    const second = await createOwner(db);
    const garment = await createGarment(db);
    expect((await tap(garment.slug)).headers.get("Location")).toBe(`/claim/${garment.slug}`);
    const moved = await json<AdminGarment>(
      await call("admin", "POST", `/garments/${garment.id}/reassign`, { client_id: String(first.profileId) }),
    );
    expect(moved).toMatchObject({ status: "claimed", owner: { profileId: first.profileId } });
    expect(await (await tap(garment.slug)).text()).toBe(`page /share/${garment.slug}`);
    await json(await call("admin", "POST", `/garments/${garment.id}/reassign`, { client_id: second.profileId }));
    expect(await garmentRow(garment.id)).toMatchObject({
      owner_user_id: second.userId,
      owner_profile_id: second.profileId,
    });
  });

  it.each([
    [{ client_id: "abc" }, 400, "The client id must be a whole number."],
    [{ client_id: 1.5 }, 400, "The client id must be a whole number."],
    [{ client_id: -3 }, 400, "The client id must be a whole number."],
    [{}, 400, undefined],
    ["not json", 400, "The request body must be JSON."],
    [{ client_id: 99_999_999 }, 404, "User profile not found: no client has the id 99999999."],
  ])("refuses reassign body %j with %i and changes nothing", async (body, status, message) => {
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    const before = await garmentRow(garment.id);
    const res = await call("admin", "POST", `/garments/${garment.id}/reassign`, body);
    expect(res.status).toBe(status);
    if (message) expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    expect(await garmentRow(garment.id)).toEqual(before);
  });

  it("answers 404 or 400 for unknown or malformed garment ids", async () => {
    expect((await call("admin", "POST", "/garments/99999999/status", { is_active: false })).status).toBe(404);
    expect((await call("admin", "POST", "/garments/abc/status", { is_active: false })).status).toBe(400);
    expect((await call("admin", "POST", "/garments/1/status", { is_active: "no" })).status).toBe(400);
    expect((await call("admin", "POST", "/garments/99999999/programmed")).status).toBe(404);
  });

  it("pages the unclaimed list by 10 and marks one programmed by this admin", async () => {
    for (let i = 0; i < 11; i++) await createGarment(db);
    const first = await json<UnclaimedPage>(await call("admin", "GET", "/garments/unclaimed"));
    expect(first.rows).toHaveLength(10);
    expect(first.total).toBeGreaterThanOrEqual(11);
    expect(first.nextCursor).toMatch(/^\d+-\d+$/);
    const second = await json<UnclaimedPage>(
      await call("admin", "GET", `/garments/unclaimed?before=${first.nextCursor}`),
    );
    expect(second.rows[0]?.garment_id).not.toBe(first.rows[0]?.garment_id);
    const row = first.rows[0];
    if (!row) throw new Error("no unclaimed row");
    expect(row.programming_url).toBe(`${ORIGIN}/t/${row.short_slug}`);
    expect(row.programmed_at).toBeNull();
    const marked = await json<{ programmed_at: number; programmed_by_admin_id: number }>(
      await call("admin", "POST", `/garments/${row.garment_id}/programmed`),
    );
    const adminId = await env.DB.prepare(
      "select a.id from admin_users a join users u on u.id = a.user_id where u.email = ?",
    )
      .bind(accounts.adminEmail)
      .first<{ id: number }>();
    expect(marked.programmed_by_admin_id).toBe(adminId?.id);
    expect((await garmentRow(row.garment_id))?.programmed_at).toBe(marked.programmed_at);
    for (const bad of ["0", "x", "12-0", "0x2", "1-2-3"])
      expect((await call("admin", "GET", `/garments/unclaimed?before=${bad}`)).status, bad).toBe(400);
  });

  it("walks the unclaimed list and the garments list page by page: each row once, none missed while rows arrive", async () => {
    for (let i = 0; i < 12; i++) await createGarment(db);
    const unclaimedAtStart = await env.DB.prepare("select id from garments where status = 'unclaimed'").all<{
      id: number;
    }>();
    const walk = async <P>(
      path: (cursor: string | null) => string,
      ids: (page: P) => number[],
      next: (page: P) => string | null,
    ) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: P = await json<P>(await call("admin", "GET", path(cursor)));
        seen.push(...ids(page));
        // A garment made between two pages is newer than every row listed: it is on no later page.
        await createGarment(db);
        cursor = next(page);
      } while (cursor !== null);
      return seen;
    };
    const unclaimed = await walk<UnclaimedPage>(
      (cursor) => `/garments/unclaimed${cursor ? `?before=${cursor}` : ""}`,
      (page) => page.rows.map((r) => r.garment_id),
      (page) => page.nextCursor,
    );
    expect(unclaimed.length).toBe(new Set(unclaimed).size);
    expect(new Set(unclaimed)).toEqual(new Set(unclaimedAtStart.results.map((r) => r.id)));
    const garmentsAtStart = await env.DB.prepare("select id from garments").all<{ id: number }>();
    const all = await walk<GarmentPage>(
      (cursor) => `/garments?status=all${cursor ? `&before=${cursor}` : ""}`,
      (page) => page.garments.map((g) => g.id),
      (page) => page.nextCursor,
    );
    expect(all.length).toBe(new Set(all).size);
    expect(new Set(all)).toEqual(new Set(garmentsAtStart.results.map((r) => r.id)));
  });

  it("exports every garment as CSV named garments_export_{date}", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    const res = await call("admin", "GET", "/garments/export.csv");
    expect(res.status).toBe(200);
    const date = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="garments_export_${date}.csv"`);
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe("ID,Title,Brand,Type,Short slug,Status,Active,Owner,Owner email,Created,Claimed");
    const line = lines.find((l) => l.startsWith(`${garment.id},`));
    expect(line).toContain(`,${garment.slug},claimed,Yes,Test,user-${owner.userId}@test.local,`);
  });
});

describe("clients, scans and audit", () => {
  it("finds clients by name, email or client id, and requires a search", async () => {
    const owner = await createOwner(db);
    const clientId = await profileClientId(db, owner.profileId);
    const byId = await json<{ clients: { profileId: number }[] }>(
      await call("admin", "GET", `/clients?q=${clientId.slice(0, 12)}`),
    );
    expect(byId.clients.map((c) => c.profileId)).toContain(owner.profileId);
    expect((await call("admin", "GET", "/clients")).status).toBe(400);
  });

  it("lists at most 100 recent scans with garment and owner", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    await createScan(db, {
      garmentId: garment.id,
      ownerUserId: owner.userId,
      slug: garment.slug,
      at: Date.now() + 60_000,
    });
    const { scans } = await json<{ scans: { slug: string; garment: { name: string }; ownerName: string }[] }>(
      await call("admin", "GET", "/scans/recent"),
    );
    expect(scans.length).toBeLessThanOrEqual(100);
    expect(scans[0]).toMatchObject({ slug: garment.slug, garment: { name: "Test Garment" }, ownerName: "Test" });
  });
});

describe("instagram posts", () => {
  it("creates, lists by display order, updates and deletes, each audited", async () => {
    const created = await json<InstagramPost>(
      await call("admin", "POST", "/instagram-posts", {
        image_url: "https://images.example/look.jpg",
        caption: "  Autumn look  ",
        display_order: "-5",
      }),
      201,
    );
    expect(created).toMatchObject({ caption: "Autumn look", display_order: -5, is_active: true, permalink: null });
    const { posts } = await json<{ posts: InstagramPost[] }>(await call("admin", "GET", "/instagram-posts"));
    expect(posts[0]?.id).toBe(created.id);
    const updated = await json<InstagramPost>(
      await call("admin", "PUT", `/instagram-posts/${created.id}`, {
        image_url: "/images/instagram/1.jpg",
        caption: "",
        display_order: 3,
        is_active: false,
      }),
    );
    expect(updated).toMatchObject({ caption: null, display_order: 3, is_active: false });
    expect((await call("admin", "DELETE", `/instagram-posts/${created.id}`)).status).toBe(204);
    expect((await call("admin", "DELETE", `/instagram-posts/${created.id}`)).status).toBe(404);
    const { entries } = await json<{ entries: AuditEntry[] }>(await call("admin", "GET", "/audit"));
    expect(entries.slice(0, 3).map((e) => [e.action, e.targetId])).toEqual([
      ["post.delete", String(created.id)],
      ["post.update", String(created.id)],
      ["post.create", String(created.id)],
    ]);
  });

  it.each([
    [{ image_url: "javascript:alert(1)" }, "Image URL must be an http(s) address or a path starting with /."],
    [{ image_url: "/x.jpg", display_order: "2.5" }, "Display order must be a whole number."],
    [{ image_url: "/x.jpg", display_order: "first" }, "Display order must be a whole number."],
    [
      { image_url: "/x.jpg", permalink: "data:text/html,hi" },
      "Permalink must be an http(s) address or a path starting with /.",
    ],
    [{ image_url: "" }, "Image URL is required."],
  ])("refuses %j with 400 and stores nothing", async (body, message) => {
    const before = await env.DB.prepare("select count(*) as n from instagram_posts").first<{ n: number }>();
    const res = await call("admin", "POST", "/instagram-posts", body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    const after = await env.DB.prepare("select count(*) as n from instagram_posts").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });
});

describe("tag batches", () => {
  it("creates a batch and lists newest first with tag counts", async () => {
    const batch = await json<TagBatch>(
      await call("admin", "POST", "/tag-batches", { batch_name: " Autumn 2026 ", description: "" }),
      201,
    );
    expect(batch).toMatchObject({ batch_name: "Autumn 2026", description: null, total: 0 });
    for (const status of ["uninitialized", "assigned", "active"] as const) {
      await createTag(db, { batch_id: batch.id, status });
    }
    const { batches } = await json<{ batches: TagBatch[] }>(await call("admin", "GET", "/tag-batches"));
    expect(batches[0]).toMatchObject({ id: batch.id, total: 3, programmed: 2, active: 1 });
    expect((await call("admin", "POST", "/tag-batches", { batch_name: "  " })).status).toBe(400);
  });
});
