import { isGtin14, TEST_GS1_COMPANY_PREFIX } from "@releve/core/passport/gtin";
import { CARE_CATEGORIES, careWords, compositionProblem, countryName } from "@releve/core/passport/product-rules";
import { describe, expect, it } from "vitest";
import {
  BRAND_NAME,
  buildSeedData,
  claimedSampleSlugs,
  DEMO_PROFILE_ID,
  demoEmails,
  demoUserIds,
  poolGarmentSlugs,
  qaResetSlugs,
  STOCK_GARMENT_COUNT,
  sampleSlugs,
} from "./seed-data";

const now = new Date("2026-03-15T12:00:00.000Z");
const data = buildSeedData(now);
const garmentTypes = ["Shirt", "Pants", "Dress", "Jacket", "Shoes", "Accessories", "Bag", "Hat"];
const sizes = ["XS", "S", "M", "L", "XL", "XXL", "One Size"];

const expectUnique = (values: unknown[]) => {
  expect(values.every((value) => typeof value === "string" && value.length > 0)).toBe(true);
  expect(new Set(values).size).toBe(values.length);
};

const samples = data.garments.slice(0, 10);
const stock = data.garments.slice(10, 10 + STOCK_GARMENT_COUNT);
const pool = data.garments.slice(10 + STOCK_GARMENT_COUNT);

describe("pool garments", () => {
  it("are programmed, unclaimed and without the details their owner gives", () => {
    expect(pool.map((g) => g.short_slug)).toEqual([...poolGarmentSlugs]);
    for (const g of pool) {
      expect(g).toMatchObject({ pool: true, status: "unclaimed", is_active: true, brand: BRAND_NAME });
      expect([g.name, g.title, g.size, g.color, g.sku].map((v) => v ?? null)).toEqual([null, null, null, null, null]);
      expect(garmentTypes).toContain(g.garment_type);
      expect(g.programmed_at).toBeInstanceOf(Date);
    }
  });
});

describe("sample garments", () => {
  it("are exactly the ten spec slugs, in order, then the unprogrammed stock", () => {
    expect(samples.map((g) => g.short_slug)).toEqual([
      "mb-001",
      "ss-002",
      "cg-003",
      "sj-004",
      "hb-005",
      "vt-006",
      "ad-007",
      "lt-008",
      "cs-009",
      "ps-010",
    ]);
    expect([...sampleSlugs]).toEqual(samples.map((g) => g.short_slug));
    expect(stock).toHaveLength(STOCK_GARMENT_COUNT);
    for (const g of stock) {
      expect(g.short_slug).toMatch(/^aw-0\d\d$/);
      expect(g).toMatchObject({ status: "unclaimed", brand: BRAND_NAME });
      expect(g.owner_user_id ?? null).toBeNull();
      expect(g.programmed_at ?? null).toBeNull();
      expect(garmentTypes).toContain(g.garment_type);
      expect(g.tag_uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(g.nfc_chip_id?.split("-").length).toBeGreaterThanOrEqual(5);
    }
  });

  it("has exactly cg-003, sj-004, vt-006 and lt-008 claimed", () => {
    const claimed = data.garments.filter((g) => g.status === "claimed").map((g) => g.short_slug);
    expect(claimed).toEqual(["cg-003", "sj-004", "vt-006", "lt-008"]);
    expect(claimed).toEqual([...claimedSampleSlugs]);
  });

  it("keeps the QA reset slugs unclaimed", () => {
    expect([...qaResetSlugs]).toEqual(["mb-001", "ss-002"]);
    for (const slug of qaResetSlugs) {
      const garment = data.garments.find((g) => g.short_slug === slug);
      expect(garment?.status).toBe("unclaimed");
    }
  });

  it("has unique ids, slugs, skus, chip ids and tag uuids", () => {
    expect(new Set(data.garments.map((g) => g.id)).size).toBe(10 + STOCK_GARMENT_COUNT + poolGarmentSlugs.length);
    expectUnique(data.garments.map((g) => g.short_slug));
    // A pool garment has no SKU until its owner gives one.
    expectUnique(data.garments.filter((g) => !g.pool).map((g) => g.sku));
    expectUnique(data.garments.map((g) => g.nfc_chip_id));
    expectUnique(data.garments.map((g) => g.tag_uuid));
  });

  it("gives every claimed garment the demo owner and a claim date, and unclaimed ones neither", () => {
    for (const g of data.garments) {
      if (g.status === "claimed") {
        expect(g.owner_user_id).toBe(demoUserIds.owner);
        expect(g.owner_profile_id).toBe(DEMO_PROFILE_ID);
        expect(g.claimed_at).toBeInstanceOf(Date);
        expect((g.claimed_at as Date).getTime()).toBeLessThan(now.getTime());
        expect(g.ownership_status).toBe("active");
        expect(g.purchase_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      } else {
        expect(g.owner_user_id ?? null).toBeNull();
        expect(g.owner_profile_id ?? null).toBeNull();
        expect(g.claimed_at ?? null).toBeNull();
      }
    }
  });

  it("looks like real Relevé stock", () => {
    for (const g of samples) {
      const [letters, serial] = g.short_slug.split("-");
      expect(g.brand).toBe(BRAND_NAME);
      expect(g.is_active).toBe(true);
      expect(garmentTypes).toContain(g.garment_type);
      expect(sizes).toContain(g.size);
      expect(g.sku).toBe(`RLV-${letters?.toUpperCase()}-${serial}`);
      expect(g.tag_uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(g.nfc_chip_id?.startsWith("RLV-")).toBe(true);
      expect(g.nfc_chip_id?.split("-").length).toBeGreaterThanOrEqual(5);
      const initials = (g.name ?? "")
        .split(" ")
        .map((word) => word[0]?.toLowerCase())
        .join("");
      expect(initials).toBe(letters);
    }
  });

  it("uses One Size exactly for bags and accessories", () => {
    for (const g of data.garments) {
      const oneSize = g.garment_type === "Bag" || g.garment_type === "Accessories";
      expect(g.size === "One Size").toBe(oneSize);
    }
  });
});

describe("demo accounts", () => {
  it("are the owner, visitor and admin, verified, with lower-case emails", () => {
    expect(data.users.map((u) => [u.role, u.email, u.first_name, u.last_name])).toEqual([
      ["owner", "owner@releve.local", "Camille", "Laurent"],
      ["visitor", "visitor@releve.local", "Jules", "Martin"],
      ["admin", "admin@releve.local", "Ines", "Moreau"],
    ]);
    for (const u of data.users) {
      expect(u.email).toBe(u.email.toLowerCase());
      expect(u.email_verified_at).toBeInstanceOf(Date);
      expect(u.id).toBe(demoUserIds[u.role]);
    }
    expect(Object.values(demoEmails)).toEqual(data.users.map((u) => u.email));
  });

  it("gives the owner the demo profile (id 1), sharing email, mobile and Instagram", () => {
    const owner = data.profiles.find((p) => p.user_id === demoUserIds.owner);
    expect(owner).toMatchObject({
      id: 1,
      first_name: "Camille",
      last_name: "Laurent",
      share_email: true,
      share_mobile: true,
      share_instagram: true,
      nfc_sharing_enabled: true,
      profile_complete: true,
    });
    expect(owner?.client_id).toMatch(/^[0-9a-f]{32}$/);
    for (const field of ["city_region", "bio", "mobile_phone", "instagram", "linkedin", "website"] as const) {
      expect(owner?.[field]).toBeTruthy();
    }
  });

  it("gives the visitor a profile and the admin an active admin row", () => {
    expect(data.profiles.some((p) => p.user_id === demoUserIds.visitor)).toBe(true);
    expect(data.profiles.some((p) => p.user_id === demoUserIds.admin)).toBe(false);
    expectUnique(data.profiles.map((p) => p.client_id));
    expect(data.adminUsers).toEqual([
      expect.objectContaining({ user_id: demoUserIds.admin, role: "admin", is_active: true }),
    ]);
  });
});

describe("other seed content", () => {
  it("has instagram posts ordered 0..n with local images", () => {
    expect(data.instagramPosts.length).toBeGreaterThanOrEqual(3);
    data.instagramPosts.forEach((post, index) => {
      expect(post.display_order).toBe(index);
      expect(post.image_url).toBe(`/images/instagram/${index + 1}.jpg`);
    });
  });

  it("has one active brand event and the owner's wardrobe events", () => {
    expect(data.events).toHaveLength(1);
    expect(data.events[0]?.is_active).toBe(true);
    expect(data.wardrobeEvents.length).toBeGreaterThanOrEqual(2);
    for (const event of data.wardrobeEvents) {
      expect(event.owner_user_id).toBe(demoUserIds.owner);
      expect(event.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe("products (issue #31)", () => {
  it("are valid models under the test company prefix, one behind every sample and stock piece", () => {
    expectUnique(data.products.map((p) => p.gtin));
    for (const product of data.products) {
      expect(isGtin14(product.gtin), product.name).toBe(true);
      expect(product.gtin.slice(1, 1 + TEST_GS1_COMPANY_PREFIX.length)).toBe(TEST_GS1_COMPANY_PREFIX);
      expect(compositionProblem(product.composition ?? []), product.name).toBeNull();
      expect(product.composition?.length).toBeGreaterThan(0);
      expect(countryName(product.country_of_making ?? "")).not.toBeNull();
      for (const category of CARE_CATEGORIES) {
        const code = product.care?.[category];
        expect(code && careWords(category, code), `${product.name} ${category}`).toBeTruthy();
      }
    }
    const ids = new Set(data.products.map((p) => p.id));
    for (const garment of [...samples, ...stock]) {
      expect(ids.has(garment.product_id ?? -1), garment.short_slug).toBe(true);
      const product = data.products.find((p) => p.id === garment.product_id);
      expect(product?.name).toBe(garment.name);
    }
    // The pool's pieces are named by their first owner: no model yet.
    for (const garment of pool) expect(garment.product_id ?? null).toBeNull();
  });
});
