import { env, exports } from "cloudflare:workers";
import { hashPassword } from "@releve/core";
import type { TagBatch } from "@releve/core/tags/contracts";
import { getDb, users } from "@releve/db";
import { batchLabels } from "@releve/db/tags/queries";
import { makeAdmin } from "@releve/db/testing/factories";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { cloudflareContext, userContext } from "../app/context";
import type { WebEnv } from "../app/env.server";
import { createSession, type SessionUser } from "../app/features/accounts/session.server";
import { loader } from "../app/features/tags/batch-qr";

// Issue #18: a batch's printable QR page (/admin/batches/:id/qr) and its data function.

const db = getDb(env.DB);
const ORIGIN = "http://releve.test";
let cookie = "";

beforeAll(async () => {
  const id = crypto.randomUUID();
  await db
    .insert(users)
    .values({ id, email: `qr-admin-${id.slice(0, 6)}@example.com`, password_hash: await hashPassword("x".repeat(12)) });
  await makeAdmin(db, id);
  cookie = (await createSession(db, new Request(ORIGIN), id)).cookie.split(";")[0] ?? "";
});

async function adminPost(path: string, body: unknown) {
  const res = await exports.default.fetch(`${ORIGIN}/api/admin${path}`, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res;
}

const newBatch = async () =>
  (await (await adminPost("/tag-batches", { batch_name: `QR ${crypto.randomUUID().slice(0, 6)}` })).json()) as TagBatch;

/** Programs `count` stock garments in the batch; the encoder CSV's slugs, in serial order. */
async function program(batchId: number, count: number, name = "Silk Scarf") {
  const csv = await (
    await adminPost(`/tag-batches/${batchId}/program`, { garment_type: "Accessories", count, name })
  ).text();
  return csv
    .trim()
    .split("\r\n")
    .slice(1)
    .map((line) => line.split(",") as [string, string, string, string]);
}

const user = (adminRole: string | null): SessionUser => ({
  sessionId: "s1",
  userId: "u1",
  email: "someone@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  emailVerified: true,
  adminRole,
});

function context(viewer: SessionUser | null) {
  const ctx = new RouterContextProvider();
  ctx.set(cloudflareContext, { env: env as unknown as WebEnv, db, ctx: {} as ExecutionContext, requestId: "test" });
  ctx.set(userContext, viewer);
  return ctx;
}

const load = (id: string, search = "", viewer: SessionUser | null = user("admin")) =>
  loader({
    request: new Request(`${ORIGIN}/admin/batches/${id}/qr${search}`),
    context: context(viewer),
    params: { id },
  } as never);

/** What a loader threw: its status (a Response, or React Router's `data()`). */
async function thrownStatus(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
    return { status: (error as { init?: { status?: number } }).init?.status, location: null };
  }
  throw new Error("expected the loader to throw");
}

describe("batchLabels", () => {
  it("lists one batch's labels in serial order, a page at a time, and nothing of another batch", async () => {
    const batch = await newBatch();
    const other = await newBatch();
    const rows = await program(batch.id, 3);
    await program(other.id, 2, "Other Piece");
    const all = await batchLabels(db, batch.id, { limit: 10, offset: 0 });
    expect(all).toEqual(rows.map(([slug, , chipId]) => ({ slug, gtin: null, chip_id: chipId, title: "Silk Scarf" })));
    expect(await batchLabels(db, batch.id, { limit: 2, offset: 2 })).toEqual(all.slice(2));
    expect(await batchLabels(db, (await newBatch()).id, { limit: 10, offset: 0 })).toEqual([]);
  });
});

describe("the QR page's loader", () => {
  it("draws a QR code of each tag's link, with its slug, chip id and garment name", async () => {
    const batch = await newBatch();
    const rows = await program(batch.id, 3);
    const page = await load(String(batch.id));
    expect(page).toMatchObject({ batch: { id: batch.id, name: batch.batch_name, total: 3 }, page: 1, pages: 1 });
    expect(page.labels.map((l) => [l.slug, l.url, l.chipId, l.title])).toEqual(
      rows.map(([slug, url, chipId]) => [slug, url, chipId, "Silk Scarf"]),
    );
    for (const label of page.labels) {
      expect(label.url).toBe(`${ORIGIN}/t/${label.slug}`);
      expect(label.qr).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+">/);
    }
    // Two different links, two different codes.
    expect(new Set(page.labels.map((l) => l.qr)).size).toBe(3);
  });

  it("pages a large batch by 100, and answers 404 past the last page", async () => {
    const batch = await newBatch();
    const rows = await program(batch.id, 101);
    const first = await load(String(batch.id));
    expect(first).toMatchObject({ page: 1, pages: 2 });
    expect(first.labels).toHaveLength(100);
    const second = await load(String(batch.id), "?page=2");
    expect(second.labels.map((l) => l.slug)).toEqual([rows[100]?.[0]]);
    expect(await thrownStatus(() => load(String(batch.id), "?page=3"))).toMatchObject({ status: 404 });
  });

  it("shows an empty batch's page with no labels", async () => {
    const batch = await newBatch();
    expect(await load(String(batch.id))).toMatchObject({ batch: { total: 0 }, pages: 1, labels: [] });
  });

  it.each([["999999999"], ["0x1"], ["1e0"], ["01"], [" 1"], ["abc"]])("answers 404 for the id %j", async (id) => {
    expect(await thrownStatus(() => load(id))).toMatchObject({ status: 404 });
  });

  it.each([["0"], ["0x2"], ["-1"], ["two"]])("answers 404 for the page %j", async (page) => {
    const batch = await newBatch();
    expect(await thrownStatus(() => load(String(batch.id), `?page=${page}`))).toMatchObject({ status: 404 });
  });

  it("sends a visitor to the admin sign-in and refuses a client (403)", async () => {
    const batch = await newBatch();
    const visitor = await thrownStatus(() => load(String(batch.id), "", null));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/admin\/login\?redirect=/);
    expect(await thrownStatus(() => load(String(batch.id), "", user(null)))).toMatchObject({ status: 403 });
  });
});
