import { env } from "cloudflare:workers";
import { REGISTRATION_MESSAGES } from "@releve/core/wardrobe/registration";
import { getDb } from "@releve/db";
import { garments } from "@releve/db/schema";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { createGarment, createOwner, createPoolGarment as poolGarment } from "@releve/db/testing/factories";
import { claimAs } from "@releve/verbs/testing/pieces";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as claimPage from "../app/features/wardrobe/claim";
import * as garmentRegistration from "../app/features/wardrobe/garment-registration";
import * as tapRegister from "../app/features/wardrobe/tap-register";
import { adminApiCallers, json } from "./admin-support";
import { args, outcome, routeContext } from "./route-support";

// Issue #19, deliverable 1: tags programmed into a pre-encoded pool become garments when their
// first owner registers them, by tap (/tap-register's 'garment' step) or by code (/garment-registration).
// The registration itself (the claim verb with the owner's details) is tested beside the verb,
// packages/verbs/src/wardrobe/claim-garment.test.ts.

const db = getDb(env.DB);
const ORIGIN = "http://releve.test";
const { call } = adminApiCallers();

/** A pool garment as the batch programmer leaves it: a type and a chip id, no details. */
const createPoolGarment = (garmentType?: string) => poolGarment(db, garmentType);

const row = (id: number) => db.query.garments.findFirst({ where: (g, { eq }) => eq(g.id, id) });

const details = { name: "Navy silk dress", style: "dress", size: "M", sku: "OWN-1", purchase_date: "2025-03-14" };

const context = (userId?: string) => routeContext(db, userId ? { userId, email: "someone@test.local" } : null);
const get = (path: string) => new Request(`${ORIGIN}${path}`);
const postForm = (path: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("by tap: /claim sends a pool garment to /tap-register, whose 'garment' step registers it", () => {
  it("redirects the claim page to the registration step, signed in or not", async () => {
    const g = await createPoolGarment();
    for (const ctx of [context(), context((await createOwner(db)).userId)]) {
      const page = await outcome(() => claimPage.loader(args(get(`/claim/${g.slug}`), ctx, { slug: g.slug })));
      expect(page).toMatchObject({ status: 302, location: `/tap-register?code=${g.slug}` });
    }
  });

  it("shows the garment step for the pool garment, and registers it into the wardrobe", async () => {
    const owner = await createOwner(db);
    const g = await createPoolGarment("Jacket");
    const page = await outcome(() =>
      tapRegister.loader(args(get(`/tap-register?code=${g.slug}`), context(owner.userId))),
    );
    expect(page.body).toMatchObject({ signedIn: true, found: { state: "claimable", slug: g.slug, pool: true } });

    const res = await outcome(() =>
      tapRegister.action(
        args(
          postForm("/tap-register", {
            slug: g.slug,
            name: "  Cropped jacket ",
            style: "jacket",
            size: "",
            sku: " ",
            purchase_date: "",
          }),
          context(owner.userId),
        ),
      ),
    );
    expect(res).toMatchObject({ status: 302, location: `/dashboard/wardrobe?claimed=${g.id}` });
    expect(await row(g.id)).toMatchObject({
      status: "claimed",
      pool: false,
      owner_user_id: owner.userId,
      name: "Cropped jacket",
      style: "jacket",
      size: null,
      sku: null,
      purchase_date: null,
    });
  });

  it("refuses bad details with 400 and the message, and changes nothing", async () => {
    const owner = await createOwner(db);
    const g = await createPoolGarment();
    const before = await row(g.id);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ name: "   " }, "name", REGISTRATION_MESSAGES.requiredFields],
      [{ style: "" }, "style", REGISTRATION_MESSAGES.requiredFields],
      [{ style: "coat" }, "style", REGISTRATION_MESSAGES.style],
      [{ style: "Dress" }, "style", REGISTRATION_MESSAGES.style],
      [{ size: "XXL" }, "size", REGISTRATION_MESSAGES.tapSize],
      [{ purchase_date: "2025-02-30" }, "purchase_date", REGISTRATION_MESSAGES.dateFormat],
      [{ purchase_date: "14/03/2025" }, "purchase_date", REGISTRATION_MESSAGES.dateFormat],
      [{ purchase_date: "2999-01-01" }, "purchase_date", REGISTRATION_MESSAGES.dateFuture],
      [{ name: "x".repeat(121) }, "name", "Name is at most 120 characters."],
    ];
    for (const [change, field, message] of cases) {
      const res = await outcome(() =>
        tapRegister.action(
          args(postForm("/tap-register", { slug: g.slug, ...details, ...change }), context(owner.userId)),
        ),
      );
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body).toMatchObject({ details: { fields: { [field]: message } } });
    }
    expect(await row(g.id)).toEqual(before);
  });

  it("a signed-out visitor gets the auth step; another owner's piece is the conflict", async () => {
    const g = await createPoolGarment();
    const signedOut = await outcome(() => tapRegister.loader(args(get(`/tap-register?code=${g.slug}`), context())));
    expect(signedOut.body).toMatchObject({
      signedIn: false,
      authHref: `/auth?redirect=${encodeURIComponent(`/tap-register?code=${g.slug}`)}`,
      found: { state: "claimable", pool: true },
    });
    const res = await outcome(() =>
      tapRegister.action(args(postForm("/tap-register", { slug: g.slug, ...details }), context())),
    );
    expect(res.status).toBe(401);

    const [a, b] = await Promise.all([createOwner(db), createOwner(db)]);
    await claimAs(db, a.userId, g.slug, { details });
    const other = await outcome(() => tapRegister.loader(args(get(`/tap-register?code=${g.slug}`), context(b.userId))));
    expect(other.body).toMatchObject({ found: { state: "other" } });
    const late = await outcome(() =>
      tapRegister.action(args(postForm("/tap-register", { slug: g.slug, ...details }), context(b.userId))),
    );
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: { status: "claimed_by_other" } });
  });
});

describe("by code: /garment-registration", () => {
  const form = (fields: Record<string, string>) => postForm("/garment-registration", fields);
  const register = (fields: Record<string, string>, userId: string) =>
    outcome(() => garmentRegistration.action(args(form(fields), context(userId))));

  it("registers a pool garment by its chip id with the form's details, then offers the NFC write", async () => {
    const owner = await createOwner(db);
    const g = await createPoolGarment("Dress");
    const res = await register(
      { name: "Evening gown", garment_type: "Dress", chip_id: ` ${g.chipId.toLowerCase()} `, size: "XXL" },
      owner.userId,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      registered: {
        id: g.id,
        name: "Evening gown",
        tapUrl: `${ORIGIN}/t/${g.slug}`,
        stock: false,
        already: false,
      },
    });
    expect(await row(g.id)).toMatchObject({
      status: "claimed",
      pool: false,
      owner_user_id: owner.userId,
      name: "Evening gown",
      garment_type: "Dress",
      size: "XXL",
    });
    expect(await readCachedTapRoute(env.TAP_KV, g.slug)).toMatchObject({ status: "claimed" });
  });

  it("claims a stock garment by its slug with the brand's details, and says so", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db);
    const res = await register({ name: "My name", garment_type: "Hat", chip_id: g.slug }, owner.userId);
    expect(res.body).toMatchObject({ registered: { id: g.id, name: "Test Garment", stock: true } });
    expect(await row(g.id)).toMatchObject({ status: "claimed", name: "Test Garment", garment_type: null });
  });

  it("refuses missing, whitespace and bad fields and unknown codes (4xx, the message, nothing changed)", async () => {
    const owner = await createOwner(db);
    const g = await createPoolGarment();
    const before = await row(g.id);
    const valid = { name: "Gown", garment_type: "Dress", chip_id: g.slug, size: "" };
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ chip_id: "   " }, 400, REGISTRATION_MESSAGES.requiredFields],
      [{ name: " \t " }, 400, REGISTRATION_MESSAGES.requiredFields],
      [{ garment_type: "" }, 400, REGISTRATION_MESSAGES.requiredFields],
      [{ name: "", garment_type: "", chip_id: "" }, 400, REGISTRATION_MESSAGES.requiredFields],
      [{ garment_type: "Coat" }, 400, REGISTRATION_MESSAGES.garmentType],
      [{ size: "XXXL" }, 400, REGISTRATION_MESSAGES.formSize],
      [{ chip_id: "no-such-code" }, 404, REGISTRATION_MESSAGES.codeNotFound],
      [{ chip_id: "RLV-DRESS-NOPE-0001-0000" }, 404, REGISTRATION_MESSAGES.codeNotFound],
      [{ chip_id: "<script>" }, 404, REGISTRATION_MESSAGES.codeNotFound],
      [{ chip_id: "x".repeat(301) }, 400, "The chip id is at most 300 characters."],
    ];
    for (const [change, status, message] of cases) {
      const res = await register({ ...valid, ...change }, owner.userId);
      expect(res.status, JSON.stringify(change)).toBe(status);
      expect(res.body).toMatchObject({ failure: { message } });
    }
    // Without any field at all.
    const empty = await register({}, owner.userId);
    expect(empty).toMatchObject({ status: 400, body: { failure: { message: REGISTRATION_MESSAGES.requiredFields } } });
    expect(await row(g.id)).toEqual(before);
  });

  it("answers the ownership conflict for another owner's piece", async () => {
    const [a, b] = await Promise.all([createOwner(db), createOwner(db)]);
    const g = await createPoolGarment();
    await claimAs(db, a.userId, g.slug, { details });
    const res = await register({ name: "Gown", garment_type: "Dress", chip_id: g.chipId }, b.userId);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { status: "claimed_by_other" } });
    expect((await row(g.id))?.owner_user_id).toBe(a.userId);
  });
});

describe("batch programming a pre-encoded pool", () => {
  const newBatch = async () =>
    (
      await json<{ id: number }>(
        await call("admin", "POST", "/tag-batches", { batch_name: `Pool ${crypto.randomUUID().slice(0, 6)}` }),
        201,
      )
    ).id;
  const slugsOf = (csv: string) =>
    csv
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[0] ?? "");

  it("programs pool garments without details, and stock garments as before", async () => {
    const batch = await newBatch();
    const res = await call("admin", "POST", `/tag-batches/${batch}/program`, {
      garment_type: "Jacket",
      count: 3,
      pool: true,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const slugs = slugsOf(await res.text());
    expect(slugs).toHaveLength(3);
    for (const slug of slugs) {
      const g = await db.query.garments.findFirst({ where: eq(garments.short_slug, slug) });
      expect(g).toMatchObject({
        pool: true,
        status: "unclaimed",
        garment_type: "Jacket",
        name: null,
        title: null,
        size: null,
        color: null,
        sku: null,
        photo_public: false,
      });
    }

    const stock = await call("admin", "POST", `/tag-batches/${batch}/program`, {
      garment_type: "Hat",
      count: 1,
      name: "Felt Hat",
      sku_prefix: "FH",
    });
    expect(stock.status).toBe(201);
    const [stockSlug = ""] = slugsOf(await stock.text());
    expect(await db.query.garments.findFirst({ where: eq(garments.short_slug, stockSlug) })).toMatchObject({
      pool: false,
      name: "Felt Hat",
      sku: "FH-0004",
    });

    // Staff lists title a pool garment by what it is, never by its slug (issue #35).
    const registry = await call("admin", "GET", `/tags?batch_id=${batch}`);
    const { tags } = (await registry.json()) as { tags: { garment: { slug: string; title: string } | null }[] };
    const titles = Object.fromEntries(tags.map((t) => [t.garment?.slug, t.garment?.title]));
    for (const slug of slugs) expect(titles[slug]).toBe("Unregistered jacket");
    expect(titles[stockSlug]).toBe("Felt Hat");
  });

  it("refuses details with a pool, and a pool flag that is not a boolean (400, nothing programmed)", async () => {
    const batch = await newBatch();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "Gown" }, "A pre-encoded pool leaves the name to the owner: leave it out."],
      [{ size: "M" }, "A pre-encoded pool leaves the size to the owner: leave it out."],
      [{ color: "Navy" }, "A pre-encoded pool leaves the colour to the owner: leave it out."],
      [{ sku_prefix: "RLV" }, "A pre-encoded pool leaves the SKU prefix to the owner: leave it out."],
      [{ pool: "yes" }, "pool must be true or false."],
    ];
    for (const [change, message] of cases) {
      const res = await call("admin", "POST", `/tag-batches/${batch}/program`, {
        garment_type: "Dress",
        count: 1,
        pool: true,
        ...change,
      });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    const batchRow = await json<{ total: number }>(await call("admin", "GET", `/tag-batches/${batch}`));
    expect(batchRow.total).toBe(0);
  });
});
