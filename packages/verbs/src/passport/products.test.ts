/**
 * passport/create-product, update-product and import-products (issue #31; issue #48), with the
 * real bindings: each change leaves one event naming the product; a refusal records nothing.
 */
import { env } from "cloudflare:workers";
import { gtinFor } from "@releve/core/passport/gtin";
import { getDb } from "@releve/db";
import type { ProductValues } from "@releve/db/passport/commands";
import { getProduct } from "@releve/db/passport/queries";
import { listEvents } from "@releve/db/platform/events";
import { createGarment, createProduct as storedProduct } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { staffMember } from "../testing/pieces";
import { createProduct } from "./create-product";
import { importProducts } from "./import-products";
import { updateProduct } from "./update-product";

const db = getDb(env.DB);
let reference = Math.floor(Math.random() * 900_000);

function values(fields: Partial<ProductValues> = {}): ProductValues {
  reference += 1;
  const gtin = gtinFor("952997", reference);
  if (!gtin) throw new Error("no test GTIN");
  return { gtin, name: "Verb Coat", ...fields };
}

const staff = () => staffMember(db);

describe("passport/create-product", () => {
  it("adds a product with one event naming it", async () => {
    const { effects, audit } = await staff();
    const created = await createProduct(effects, { staff: audit, values: values() });
    if (created.code !== "created") throw new Error(created.code);
    const [event] = await listEvents(db, { limit: 1, types: ["product.created"] });
    expect(event).toMatchObject({
      productId: created.productId,
      actorKind: "admin",
      actorId: audit.userId,
      payload: { productId: created.productId },
    });
  });

  it("answers gtin_taken for a GTIN already used, recording nothing", async () => {
    const { effects, audit } = await staff();
    const taken = await storedProduct(db);
    const before = await listEvents(db, { limit: 100 });
    expect(await createProduct(effects, { staff: audit, values: values({ gtin: taken.gtin }) })).toEqual({
      code: "gtin_taken",
    });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });
});

describe("passport/update-product", () => {
  it("replaces a product's fields with one event naming it", async () => {
    const { effects, audit } = await staff();
    const made = await storedProduct(db);
    const before = await getProduct(db, made.id);
    if (!before) throw new Error("no product");
    expect(
      await updateProduct(effects, { staff: audit, before, values: values({ gtin: made.gtin, name: "Renamed" }) }),
    ).toEqual({ code: "updated" });
    const [event] = await listEvents(db, { limit: 1, types: ["product.updated"] });
    expect(event).toMatchObject({ productId: made.id, payload: {} });
  });

  it("answers gtin_in_use for a GTIN on garments' tags, recording nothing", async () => {
    const { effects, audit } = await staff();
    const made = await storedProduct(db);
    await createGarment(db, { fields: { product_id: made.id } });
    const before = await getProduct(db, made.id);
    if (!before) throw new Error("no product");
    const events = await listEvents(db, { limit: 100 });
    expect(await updateProduct(effects, { staff: audit, before, values: values() })).toEqual({ code: "gtin_in_use" });
    expect(await listEvents(db, { limit: 100 })).toEqual(events);
  });
});

describe("passport/import-products", () => {
  it("adds new GTINs and replaces known ones with one event counting them", async () => {
    const { effects, audit } = await staff();
    const known = await storedProduct(db);
    const rows = [values(), values(), values({ gtin: known.gtin, name: "Imported" })];
    expect(await importProducts(effects, { staff: audit, rows })).toEqual({ code: "imported", created: 2, updated: 1 });
    const [event] = await listEvents(db, { limit: 1, types: ["products.imported"] });
    expect(event).toMatchObject({ productId: null, actorId: audit.userId, payload: { created: 2, updated: 1 } });
    expect((await getProduct(db, known.id))?.name).toBe("Imported");
  });
});
