/**
 * Products beyond the form (issue #31): the brand's photo, the CSV round trip, programming a tag
 * or a batch with a product (its tags carry the Digital Link), the passports as JSON-LD and as
 * one JSON Lines file per product or batch, and each garment's Digital Link in the admin list.
 */
import { env, exports } from "cloudflare:workers";
import { PNG_37X21, sampleBytes } from "@releve/core/fixtures/photos/samples";
import type { Product, ProductImportResult } from "@releve/core/passport/contracts";
import { gtinFor } from "@releve/core/passport/gtin";
import type { GarmentPage, ProgrammedTag, TagBatch } from "@releve/core/tags/contracts";
import { getDb } from "@releve/db";
import { createGarment, createOwner, createProduct } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { loader as productLoader } from "../app/features/passport/product";
import { adminApiCallers, json, ORIGIN } from "./admin-support";
import { args, routeContext } from "./route-support";

const db = getDb(env.DB);
const { call, cookies } = adminApiCallers();

let nextReference = 1;
const freshGtin = () => gtinFor("9529997", nextReference++) ?? "";

async function newProduct(overrides: Record<string, unknown> = {}): Promise<Product> {
  const body = {
    gtin: freshGtin(),
    name: "Wool Coat",
    garment_type: "Jacket",
    composition: [{ fibre: "Wool", percent: 100 }],
    country_of_making: "IT",
    care: { washing: "no-wash", professional: "dry-clean-p" },
    recycled_percent: 20,
    ...overrides,
  };
  return (await json<{ product: Product }>(await call("admin", "POST", "/products", body), 201)).product;
}

const putPhoto = (id: number | string, bytes: BodyInit, as: "admin" | "client" = "admin") =>
  exports.default.fetch(`${ORIGIN}/api/admin/products/${id}/photo`, {
    method: "PUT",
    headers: { Origin: ORIGIN, Cookie: cookies[as], "Content-Type": "image/png" },
    body: bytes,
  });

const productsCount = async () =>
  (await env.DB.prepare("select count(*) as n from products").first<{ n: number }>())?.n ?? 0;

describe("a product's photo (issue #31)", () => {
  it("is stored in R2, served to anyone, and goes when removed", async () => {
    const product = await newProduct();
    const after = (await json<{ product: Product }>(await putPhoto(product.id, new Uint8Array(sampleBytes(PNG_37X21)))))
      .product;
    expect(after.photo).toMatchObject({ width: 37, height: 21 });
    const url = after.photo?.url ?? "";
    const served = await exports.default.fetch(`${ORIGIN}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Cache-Control")).toContain("public");
    // The product page shows it.
    const page = await productLoader(
      args(new Request(`${ORIGIN}/product/${product.gtin}`), routeContext(db), { gtin: product.gtin }),
    );
    expect(page.view.photo).toEqual({ url, width: 37, height: 21 });
    const removed = (await json<{ product: Product }>(await call("admin", "DELETE", `/products/${product.id}/photo`)))
      .product;
    expect(removed.photo).toBeNull();
    expect((await exports.default.fetch(`${ORIGIN}${url}`)).status).toBe(404);
  });

  it("refuses what is not a photo, a missing product, and a client", async () => {
    const product = await newProduct();
    const text = await putPhoto(product.id, "not an image");
    expect(text.status).toBe(400);
    const audited = async () =>
      (await env.DB.prepare("select count(*) as n from admin_audit_log").first<{ n: number }>())?.n;
    const before = await audited();
    expect((await putPhoto(99_999_999, new Uint8Array(sampleBytes(PNG_37X21)))).status).toBe(404);
    expect((await call("admin", "DELETE", "/products/99999999/photo")).status).toBe(404);
    // A refusal writes nothing, not even an audit row.
    expect(await audited()).toBe(before);
    expect((await putPhoto(product.id, new Uint8Array(sampleBytes(PNG_37X21)), "client")).status).toBe(403);
    expect(
      (await json<{ product: Product }>(await call("admin", "GET", `/products/${product.id}`))).product.photo,
    ).toBe(null);
  });
});

describe("the GS1 Company Prefix (issue #31)", () => {
  it("is configuration, marked as GS1's test range, and offers the next GTIN under it", async () => {
    await newProduct({ gtin: gtinFor("9520000", 900) });
    expect(await json(await call("admin", "GET", "/products/next-gtin"))).toEqual({
      prefix: "9520000",
      test: true,
      gtin: gtinFor("9520000", 901),
    });
    expect((await call("client", "GET", "/products/next-gtin")).status).toBe(403);
  });
});

describe("the product CSV (issue #31)", () => {
  it("exports every product and imports a file back: new GTINs added, known ones updated", async () => {
    const known = await newProduct({ name: "Linen Trousers", garment_type: "Pants" });
    const exported = await call("admin", "GET", "/products/export.csv");
    expect(exported.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="products_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await exported.text();
    const header = csv.replace(/^\uFEFF/, "").split("\r\n")[0];
    expect(header).toBe(
      "GTIN,Name,Type,Description,Composition,Country of making,Washing,Bleaching,Drying,Ironing,Professional care,Repair and care services,Repair and care link,Recycled content (%)",
    );
    const line = csv.split("\r\n").find((l) => l.startsWith(known.gtin)) ?? "";
    expect(line).toBe(`${known.gtin},Linen Trousers,Pants,,100% Wool,IT,no-wash,,,,dry-clean-p,,,20`);

    const added = freshGtin();
    const file = [
      header,
      line.replace("Linen Trousers", "Linen Trousers II"),
      `${added},Silk Scarf,Accessories,,100% Silk,FR,hand-wash,,,,,,,`,
    ].join("\r\n");
    const before = await productsCount();
    const result = await json<ProductImportResult>(await call("admin", "POST", "/products/import", { csv: file }));
    expect(result).toEqual({ created: 1, updated: 1, message: "Imported: 1 product added, 1 product updated." });
    expect(await productsCount()).toBe(before + 1);
    const updated = (await json<{ product: Product }>(await call("admin", "GET", `/products/${known.id}`))).product;
    expect(updated).toMatchObject({ name: "Linen Trousers II", composition: [{ fibre: "Wool", percent: 100 }] });
    const listed = await json<{ products: Product[] }>(await call("admin", "GET", `/products?q=${added}`));
    expect(listed.products[0]).toMatchObject({
      name: "Silk Scarf",
      care: { washing: "hand-wash" },
      country_of_making: "FR",
    });
  });

  it("refuses a file with any bad row, naming each line, and imports nothing", async () => {
    const header = "GTIN,Name,Composition,Country of making";
    const good = `${freshGtin()},Good,100% Silk,FR`;
    const file = [
      header,
      good,
      "09520000000036,Bad check digit,,",
      `${freshGtin()},Bad sum,50% Silk,`,
      `${freshGtin()},Bad country,,XX`,
    ].join("\n");
    const before = await productsCount();
    const res = await call("admin", "POST", "/products/import", { csv: file });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; details: { problems: { message: string }[] } } };
    expect(body.error.message).toBe("Nothing was imported: the file has 3 problems.");
    expect(body.error.details.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^Line 3: GTIN: .*check digit/),
      "Line 4: Composition: The fibres' shares sum to 50%, not 100%.",
      "Line 5: The country of making is an ISO 3166 code of two letters, like FR or IT.",
    ]);
    expect(await productsCount()).toBe(before);
    expect((await call("admin", "POST", "/products/import", { csv: "" })).status).toBe(400);
  });
});

describe("programming with a product (issue #31)", () => {
  it("a tag programmed with a product carries the garment's Digital Link", async () => {
    const product = await newProduct();
    const programmed = await json<ProgrammedTag>(
      await call("admin", "POST", "/tags", { name: "Wool Coat", garment_type: "Jacket", product_id: product.id }),
      201,
    );
    const slug = programmed.tag.garment?.slug ?? "";
    expect(programmed.url).toBe(`${ORIGIN}/01/${product.gtin}/21/${slug}`);
    const row = await env.DB.prepare("select product_id from garments where short_slug = ?").bind(slug).first();
    expect(row).toEqual({ product_id: product.id });
    // Without a product, the tag keeps /t/<slug>.
    const plain = await json<ProgrammedTag>(
      await call("admin", "POST", "/tags", { name: "Coat", garment_type: "Jacket" }),
      201,
    );
    expect(plain.url).toBe(`${ORIGIN}/t/${plain.tag.garment?.slug}`);
  });

  it("refuses a product that does not exist, naming the field, and programs nothing", async () => {
    const before = (await env.DB.prepare("select count(*) as n from nfc_tags").first<{ n: number }>())?.n;
    const res = await call("admin", "POST", "/tags", { name: "Coat", garment_type: "Jacket", product_id: 99_999_999 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "Product: no product has the id 99999999.",
    );
    expect((await env.DB.prepare("select count(*) as n from nfc_tags").first<{ n: number }>())?.n).toBe(before);
  });

  it("a batch programmed with a product takes its name, and its encoder CSV holds Digital Links", async () => {
    const product = await newProduct({ name: "Cashmere Wrap", garment_type: "Accessories" });
    const batch = await json<TagBatch>(
      await call("admin", "POST", "/tag-batches", { batch_name: `Wraps ${product.id}` }),
      201,
    );
    const res = await call("admin", "POST", `/tag-batches/${batch.id}/program`, {
      garment_type: "Accessories",
      count: 3,
      product_id: product.id,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const rows = (await res.text())
      .split("\r\n")
      .slice(1)
      .filter(Boolean)
      .map((l) => l.split(","));
    expect(rows).toHaveLength(3);
    for (const [slug, url] of rows) expect(url).toBe(`${ORIGIN}/01/${product.gtin}/21/${slug}`);
    const names = await env.DB.prepare(
      "select distinct g.name, g.product_id from garments g join nfc_tags t on t.garment_id = g.id where t.batch_id = ?",
    )
      .bind(batch.id)
      .all();
    expect(names.results).toEqual([{ name: "Cashmere Wrap", product_id: product.id }]);
    const again = await (await call("admin", "GET", `/tag-batches/${batch.id}/encoder.csv`)).text();
    expect(again).toContain(`${ORIGIN}/01/${product.gtin}/21/${rows[0]?.[0]}`);
    // The batch's passports, one JSON-LD object per line.
    const jsonl = await call("admin", "GET", `/tag-batches/${batch.id}/passports.jsonl`);
    expect(jsonl.headers.get("Content-Type")).toBe("application/jsonl; charset=utf-8");
    const lines = (await jsonl.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.serialNumber)).toEqual(rows.map((r) => r[0]));
    expect(lines[0]).toMatchObject({ "@type": "IndividualProduct", gtin14: product.gtin, name: "Cashmere Wrap" });
  });
});

describe("passports as data (issue #31)", () => {
  it("a product's passports as JSON Lines hold no owner's data; one passport as JSON-LD", async () => {
    const product = await createProduct(db, {
      name: "Velvet Jacket",
      care: { washing: "no-wash" },
      recycled_percent: 5,
    });
    const owner = await createOwner(db, {
      profile: { first_name: "Zéphyrine", last_name: "Quillard", city_region: "Lyon" },
    });
    const owned = await createGarment(db, { ownerUserId: owner.userId, fields: { product_id: product.id } });
    const waiting = await createGarment(db, { fields: { product_id: product.id } });
    const res = await call("admin", "GET", `/products/${product.id}/passports.jsonl`);
    const text = await res.text();
    expect(text).not.toMatch(/Zéphyrine|Quillard|Lyon|@example/);
    const lines = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.serialNumber)).toEqual([owned.slug, waiting.slug]);
    expect(lines[0]).toMatchObject({
      "@context": "https://schema.org",
      "@id": `${ORIGIN}/01/${product.gtin}/21/${owned.slug}`,
      additionalProperty: expect.arrayContaining([
        { "@type": "PropertyValue", name: "Washing", value: "Do not wash" },
        { "@type": "PropertyValue", name: "Recycled content", value: 5, unitText: "%" },
        expect.objectContaining({ name: "Ownership", value: expect.stringMatching(/^In a private wardrobe/) }),
      ]),
    });
    const one = await exports.default.fetch(`${ORIGIN}/api/passport/${waiting.slug}`);
    expect(one.headers.get("Content-Type")).toBe("application/ld+json; charset=utf-8");
    expect(one.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(await one.json()).toMatchObject({ serialNumber: waiting.slug, name: "Velvet Jacket" });
    const productLd = await exports.default.fetch(`${ORIGIN}/api/product/${product.gtin}`);
    expect(await productLd.json()).toMatchObject({ "@type": "Product", gtin14: product.gtin });
    expect((await exports.default.fetch(`${ORIGIN}/api/passport/no-such-piece`)).status).toBe(404);
    expect((await exports.default.fetch(`${ORIGIN}/api/product/09520000000036`)).status).toBe(404);
    // Visitors and clients get no export.
    expect((await call("client", "GET", `/products/${product.id}/passports.jsonl`)).status).toBe(403);
  });

  it("the admin garment list shows each garment's Digital Link", async () => {
    const product = await createProduct(db, { name: "Digital Link Dress" });
    const garment = await createGarment(db, { fields: { product_id: product.id, name: "Digital Link Dress" } });
    const plain = await createGarment(db, { fields: { name: "Digital Link Dress" } });
    const page = await json<GarmentPage>(await call("admin", "GET", "/garments?status=all&q=digital%20link%20dress"));
    const link = (id: number) => page.garments.find((g) => g.id === id)?.digitalLink;
    expect(link(garment.id)).toBe(`${ORIGIN}/01/${product.gtin}/21/${garment.slug}`);
    expect(link(plain.id)).toBeNull();
  });
});
