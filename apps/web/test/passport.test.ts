/**
 * The passport and product pages' loaders (issue #31): a garment's passport says what its product
 * and the piece itself may say in public, and nothing of its owner; unknown or withdrawn pieces
 * and unknown GTINs are 404.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { garments } from "@releve/db/schema";
import {
  createGarment,
  createOwner,
  createProduct,
  setGarmentSecureTag,
  setGarmentTagStatus,
} from "@releve/db/testing/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as passportLoader } from "../app/features/passport/passport";
import { loader as productLoader } from "../app/features/passport/product";
import { loader as claimLoader } from "../app/features/wardrobe/claim";
import { args, outcome, routeContext } from "./route-support";

const db = getDb(env.DB);
const ORIGIN = "http://releve.test";

const passport = (slug: string) =>
  outcome(() => passportLoader(args(new Request(`${ORIGIN}/passport/${slug}`), routeContext(db), { slug })));
const productPage = (gtin: string) =>
  outcome(() => productLoader(args(new Request(`${ORIGIN}/product/${gtin}`), routeContext(db), { gtin })));

const productFields = {
  name: "Bias-Cut Silk Dress",
  garment_type: "Dress",
  description: "A bias-cut dress in silk charmeuse.",
  composition: [
    { fibre: "Elastane", percent: 8 },
    { fibre: "Silk", percent: 92 },
  ],
  country_of_making: "FR",
  care: { washing: "hand-wash", bleaching: "no-bleach", drying: "flat-dry", ironing: "iron-low" } as const,
  services_text: "Repairs at the atelier.",
  services_url: "https://atelier.example/repairs",
  recycled_percent: 12,
};

type PassportData = {
  view: {
    name: string;
    compositionText: string;
    country: string;
    care: { category: string; words: string }[];
    authenticity: string | null;
    ownership: { owned: boolean; since?: string | null };
    missing: boolean;
    itemLink: string;
  };
  jsonLd: string;
};

describe("the passport (issue #31)", () => {
  it("shows the product, the provenance and nothing of the owner", async () => {
    const product = await createProduct(db, productFields);
    const owner = await createOwner(db, {
      profile: { first_name: "Ottilie", last_name: "Zephyrine", city_region: "Lyon", bio: "Collector of hats" },
    });
    const garment = await createGarment(db, { ownerUserId: owner.userId, fields: { product_id: product.id } });
    await db
      .update(garments)
      .set({ claimed_at: new Date("2026-03-14T10:00:00Z"), programmed_at: new Date("2026-01-05T10:00:00Z") })
      .where(eq(garments.id, garment.id));
    const { status, body } = await passport(garment.slug);
    expect(status).toBe(200);
    const { view, jsonLd } = body as PassportData;
    expect(view).toMatchObject({
      name: "Bias-Cut Silk Dress",
      compositionText: "92% Silk, 8% Elastane",
      country: "France",
      authenticity: null,
      ownership: { owned: true, since: "March 2026" },
      missing: false,
      itemLink: `${ORIGIN}/01/${product.gtin}/21/${garment.slug}`,
    });
    expect(view.care).toEqual([
      { key: "washing", code: "hand-wash", category: "Washing", words: "Hand wash only, at 40 °C at most" },
      { key: "bleaching", code: "no-bleach", category: "Bleaching", words: "Do not bleach" },
      { key: "drying", code: "flat-dry", category: "Drying", words: "Dry flat" },
      { key: "ironing", code: "iron-low", category: "Ironing", words: "Iron at up to 110 °C, without steam" },
    ]);
    const everything = JSON.stringify(body);
    for (const personal of ["Ottilie", "Zephyrine", "Lyon", "Collector", owner.userId]) {
      expect(everything).not.toContain(personal);
    }
    expect(JSON.parse(jsonLd)).toMatchObject({
      "@context": "https://schema.org",
      "@type": "IndividualProduct",
      gtin14: product.gtin,
      serialNumber: garment.slug,
      hasGS1DigitalLink: `${ORIGIN}/01/${product.gtin}/21/${garment.slug}`,
      material: "92% Silk, 8% Elastane",
      countryOfOrigin: { "@type": "Country", name: "France" },
    });
  });

  it("says a piece is available to claim, a secure tag, and reported missing", async () => {
    const product = await createProduct(db);
    const garment = await createGarment(db, { fields: { product_id: product.id } });
    expect(((await passport(garment.slug)).body as PassportData).view.ownership).toEqual({ owned: false });
    await setGarmentSecureTag(db, garment.id, "04AABBCCDDEEFF", 2);
    expect(((await passport(garment.slug)).body as PassportData).view.authenticity).toBe("secure");
    await setGarmentTagStatus(db, garment.id, "lost");
    expect(((await passport(garment.slug)).body as PassportData).view.missing).toBe(true);
  });

  it("is 404 for an unknown slug, a garment without a product and a deactivated one", async () => {
    const product = await createProduct(db);
    const bare = await createGarment(db);
    const inactive = await createGarment(db, { active: false, fields: { product_id: product.id } });
    for (const slug of ["zz-unknown", bare.slug, inactive.slug, "NOT A SLUG"]) {
      expect((await passport(slug)).status, slug).toBe(404);
    }
  });

  it("escapes the JSON-LD so no text can close its script", async () => {
    const product = await createProduct(db, { name: "</script><script>alert(1)</script>" });
    const garment = await createGarment(db, { fields: { product_id: product.id } });
    const { jsonLd } = (await passport(garment.slug)).body as PassportData;
    expect(jsonLd).not.toContain("<");
    expect(JSON.parse(jsonLd).name).toBe("</script><script>alert(1)</script>");
  });
});

describe("the product page (issue #31)", () => {
  it("shows the model's facts, and 404s an unknown or malformed GTIN", async () => {
    const product = await createProduct(db, productFields);
    const { status, body } = await productPage(product.gtin);
    expect(status).toBe(200);
    expect((body as PassportData).view).toMatchObject({ name: "Bias-Cut Silk Dress", country: "France" });
    expect(JSON.parse((body as PassportData).jsonLd)).toMatchObject({ "@type": "Product", gtin14: product.gtin });
    expect((await productPage("09520000000012")).status).toBe(404);
    expect((await productPage("abc")).status).toBe(404);
  });
});

describe("'About this piece' on the claim page (issue #31)", () => {
  it("is offered for a piece with a passport, here one someone else owns", async () => {
    const product = await createProduct(db);
    const owner = await createOwner(db);
    const buyer = await createOwner(db);
    const owned = await createGarment(db, { ownerUserId: owner.userId, fields: { product_id: product.id } });
    const bare = await createGarment(db, { ownerUserId: owner.userId });
    const claimPage = (slug: string) =>
      outcome(() =>
        claimLoader(
          args(new Request(`${ORIGIN}/claim/${slug}`), routeContext(db, { userId: buyer.userId, email: "b@x.test" }), {
            slug,
          }),
        ),
      );
    const withPassport = await claimPage(owned.slug);
    expect(withPassport.status).toBe(409);
    expect(withPassport.body).toMatchObject({ passport: true, error: { title: "Garment Already Claimed" } });
    expect((await claimPage(bare.slug)).body).toMatchObject({ passport: false });
  });
});
