/**
 * Products (issue #31): an admin lists, searches, creates and edits the brand's models; every
 * refusal is a 400 naming its field and changes nothing. (Visitors and clients: refused with the
 * rest of /api/admin in admin-portal-api.test.ts.)
 */
import { env } from "cloudflare:workers";
import type { Product, ProductPage } from "@releve/core/passport/contracts";
import { gtinFor } from "@releve/core/passport/gtin";
import { getDb } from "@releve/db";
import { garments } from "@releve/db/schema";
import { createGarment } from "@releve/db/testing/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminApiCallers, json } from "./admin-support";

const db = getDb(env.DB);
const { call } = adminApiCallers();

// GTINs under a prefix of the tests' own (GS1's 952 is for demonstrations), one per call.
let nextReference = 1;
const freshGtin = () => gtinFor("9529999", nextReference++) ?? "";

const body = (overrides: Record<string, unknown> = {}) => ({
  gtin: freshGtin(),
  name: "Silk Shirt",
  garment_type: "Shirt",
  description: "A fluid shirt in silk crêpe de Chine.",
  composition: [
    { fibre: "Silk", percent: 92 },
    { fibre: "Elastane", percent: 8 },
  ],
  country_of_making: "fr",
  care: { washing: "hand-wash", bleaching: "no-bleach", drying: "flat-dry", ironing: "iron-low", professional: null },
  services_text: "Repairs at the atelier.",
  services_url: "atelier.example.com/repairs",
  recycled_percent: 0,
  ...overrides,
});

const productCount = async () =>
  (await env.DB.prepare("select count(*) as n from products").first<{ n: number }>())?.n ?? 0;
const errorOf = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(400);
  return ((await response.json()) as { error: { message: string } }).error.message;
};

describe("products (issue #31)", () => {
  it("creates a product with its composition, care and country, and reads it back", async () => {
    const sent = body();
    const { product, message } = await json<{ product: Product; message: string }>(
      await call("admin", "POST", "/products", sent),
      201,
    );
    expect(message).toBe("Product created");
    expect(product).toMatchObject({
      gtin: sent.gtin,
      name: "Silk Shirt",
      garment_type: "Shirt",
      composition: sent.composition,
      country_of_making: "FR",
      care: {
        washing: "hand-wash",
        bleaching: "no-bleach",
        drying: "flat-dry",
        ironing: "iron-low",
        professional: null,
      },
      services_url: "https://atelier.example.com/repairs",
      recycled_percent: 0,
      garments: 0,
    });
    const again = await json<{ product: Product }>(await call("admin", "GET", `/products/${product.id}`));
    expect(again.product).toEqual(product);
    const audit = await env.DB.prepare(
      "select action, target_id from admin_audit_log where target_type = 'product' order by id desc limit 1",
    ).first<{ action: string; target_id: string }>();
    expect(audit).toEqual({ action: "product.create", target_id: String(product.id) });
  });

  it.each([
    [{ gtin: "09520000000014" }, "GTIN: The GTIN's check digit is wrong."],
    [{ gtin: "9520000000013" }, "GTIN: A GTIN here has 14 digits"],
    [{ gtin: "" }, "GTIN is required."],
    [{ name: " " }, "Name is required."],
    [{ composition: [{ fibre: "Silk", percent: 90 }] }, "Composition: The fibres' shares sum to 90%, not 100%."],
    [{ composition: [{ fibre: "Silk", percent: "100" }] }, "Composition: each fibre's share is a whole number"],
    [{ country_of_making: "XX" }, "The country of making is an ISO 3166 code"],
    [{ country_of_making: "France" }, "The country of making is an ISO 3166 code"],
    [{ care: { washing: "no-bleach" } }, 'Care: "no-bleach" is not a washing choice.'],
    [{ care: { tumble: "no-tumble" } }, 'Care: "tumble" is not a care category.'],
    [{ recycled_percent: 101 }, "Recycled content is a whole percentage from 0 to 100."],
    [{ recycled_percent: 2.5 }, "Recycled content is a whole percentage from 0 to 100."],
    [{ services_url: "javascript:alert(1)" }, "Repair and care link must be a web address."],
    [{ garment_type: "Cape" }, "Type is one of"],
  ])("refuses %j with a 400 naming the field, and stores nothing", async (overrides, message) => {
    const before = await productCount();
    expect(await errorOf(await call("admin", "POST", "/products", body(overrides)))).toContain(message);
    expect(await productCount()).toBe(before);
  });

  it("refuses a GTIN another product has, on create and on edit", async () => {
    const first = await json<{ product: Product }>(await call("admin", "POST", "/products", body()), 201);
    const second = await json<{ product: Product }>(await call("admin", "POST", "/products", body()), 201);
    const taken = "GTIN: A product with this GTIN already exists.";
    const audited = async () =>
      (await env.DB.prepare("select count(*) as n from admin_audit_log").first<{ n: number }>())?.n ?? 0;
    const auditBefore = await audited();
    expect(await errorOf(await call("admin", "POST", "/products", body({ gtin: first.product.gtin })))).toBe(taken);
    // Refused: no audit row either.
    expect(await audited()).toBe(auditBefore);
    expect(
      await errorOf(await call("admin", "PUT", `/products/${second.product.id}`, body({ gtin: first.product.gtin }))),
    ).toBe(taken);
    const unchanged = await json<{ product: Product }>(await call("admin", "GET", `/products/${second.product.id}`));
    expect(unchanged.product.gtin).toBe(second.product.gtin);
  });

  it("edits a product, but keeps its GTIN once garments carry it", async () => {
    const { product } = await json<{ product: Product }>(await call("admin", "POST", "/products", body()), 201);
    const renamed = await json<{ product: Product; message: string }>(
      await call("admin", "PUT", `/products/${product.id}`, body({ gtin: product.gtin, name: "Silk Shirt II" })),
    );
    expect(renamed).toMatchObject({ message: "Product updated", product: { name: "Silk Shirt II" } });
    const garment = await createGarment(db);
    await db.update(garments).set({ product_id: product.id }).where(eq(garments.id, garment.id));
    const message = await errorOf(await call("admin", "PUT", `/products/${product.id}`, body({ name: "Other" })));
    expect(message).toBe("GTIN: It cannot change once garments of this product exist: their tags carry it.");
    const kept = await json<{ product: Product }>(await call("admin", "GET", `/products/${product.id}`));
    expect(kept.product).toMatchObject({ gtin: product.gtin, name: "Silk Shirt II", garments: 1 });
  });

  it("answers 404 for a product that does not exist, 400 for an id that cannot be one", async () => {
    expect((await call("admin", "GET", "/products/999999")).status).toBe(404);
    expect((await call("admin", "PUT", "/products/999999", body())).status).toBe(404);
    expect((await call("admin", "GET", "/products/abc")).status).toBe(400);
  });

  it("lists newest first by keyset and searches by name or GTIN", async () => {
    const made: Product[] = [];
    for (const name of ["Quartzite Coat", "Quartzite Skirt", "Quartzite Scarf"]) {
      made.push(
        (await json<{ product: Product }>(await call("admin", "POST", "/products", body({ name })), 201)).product,
      );
    }
    const found = await json<ProductPage>(await call("admin", "GET", "/products?q=quartzite"));
    expect(found.products.map((p) => p.name)).toEqual(["Quartzite Scarf", "Quartzite Skirt", "Quartzite Coat"]);
    const byGtin = await json<ProductPage>(await call("admin", "GET", `/products?q=${made[1]?.gtin}`));
    expect(byGtin.products.map((p) => p.id)).toEqual([made[1]?.id]);
    const page = await json<ProductPage>(await call("admin", "GET", `/products?before=${made[2]?.id}&q=quartzite`));
    expect(page.products.map((p) => p.id)).toEqual([made[1]?.id, made[0]?.id]);
    expect((await call("admin", "GET", "/products?before=x")).status).toBe(400);
  });
});
