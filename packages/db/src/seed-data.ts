import { gtinFor, TEST_GS1_COMPANY_PREFIX } from "@releve/core/passport/gtin";
import type { Care, Fibre } from "@releve/core/passport/product-rules";
import { URL_TEST_SAMPLE_SLUGS } from "@releve/core/qa/url-suite";
import type {
  NewAdminUser,
  NewBrandEvent,
  NewContact,
  NewGarment,
  NewInstagramPost,
  NewProduct,
  NewProfile,
  NewUser,
  NewWardrobeEvent,
} from "./schema";

export const BRAND_NAME = "Relevé";

export const demoRoles = ["owner", "visitor", "admin"] as const;
export type DemoRole = (typeof demoRoles)[number];

export const demoUserIds = {
  owner: "0a3419c2-f4ea-4a2a-bbeb-6ea4fe8a6938",
  visitor: "3df47925-e587-4f6d-a90a-01d4c566f8a7",
  admin: "f92ad385-ed09-4951-8271-5f5a512dcde0",
} as const satisfies Record<DemoRole, string>;

export const demoEmails = {
  owner: "owner@releve.local",
  visitor: "visitor@releve.local",
  admin: "admin@releve.local",
} as const satisfies Record<DemoRole, string>;

export const DEMO_PROFILE_ID = 1;
const VISITOR_PROFILE_ID = 2;
const DEMO_ADMIN_USER_ID = 1;

/** The spec's ten sample garments (part 2 §2); the URL test suite lists the same ones. */
export const sampleSlugs = URL_TEST_SAMPLE_SLUGS;
type SampleSlug = (typeof sampleSlugs)[number];

export const claimedSampleSlugs = ["cg-003", "sj-004", "vt-006", "lt-008"] as const;

// The spec's QA reset (part 2 §7, qa-reset-e2e) puts these back to unclaimed.
export const qaResetSlugs = ["mb-001", "ss-002"] as const;

/**
 * Beyond the spec's ten samples: a dozen pieces of the new collection, delivered and not yet
 * programmed or claimed, so the admin's 'Unclaimed / To Program' list pages (10 per page).
 */
export const STOCK_GARMENT_COUNT = 12;
const STOCK_KINDS = [
  ["Cashmere Overcoat", "Jacket", "coat", "Camel"],
  ["Pleated Wool Trousers", "Pants", "trousers", "Navy"],
  ["Bias-Cut Silk Dress", "Dress", "dress", "Ivory"],
  ["Poplin Shirt", "Shirt", "shirt", "White"],
] as const;

/**
 * A pre-encoded pool (issue #19): tags the brand programmed without details; the first owner
 * who taps one (or types its code on /garment-registration) names the piece.
 */
export const poolGarmentSlugs = ["po-023", "po-024"] as const;
const POOL_KINDS = ["Dress", "Jacket"] as const;

/**
 * The models behind the samples and the stock (issue #31): what each piece's passport says.
 * GTINs are numbered under TEST_GS1_COMPANY_PREFIX (GS1's 952: demonstrations only).
 */
type SampleProduct = {
  name: string;
  garmentType: string;
  description: string;
  composition: Fibre[];
  country: string;
  care: Care;
  recycled: number | null;
};
const gentle: Care = {
  washing: "no-wash",
  bleaching: "no-bleach",
  drying: "no-tumble",
  ironing: "iron-low",
  professional: "dry-clean-p",
};
const woolCare: Care = {
  washing: "hand-wash",
  bleaching: "no-bleach",
  drying: "flat-dry",
  ironing: "iron-medium",
  professional: "dry-clean-p",
};
const SAMPLE_PRODUCTS: readonly SampleProduct[] = [
  [
    "Merino Blazer",
    "Jacket",
    "Single-breasted blazer in fine merino, half-canvassed by hand.",
    [["Wool", 100]],
    "IT",
    woolCare,
    null,
  ],
  [
    "Silk Shirt",
    "Shirt",
    "A fluid shirt in silk crêpe de Chine, mother-of-pearl buttons.",
    [["Silk", 100]],
    "FR",
    gentle,
    null,
  ],
  [
    "Cashmere Gown",
    "Dress",
    "A floor-length gown knitted in two-ply cashmere.",
    [["Cashmere", 100]],
    "IT",
    woolCare,
    null,
  ],
  [
    "Suede Jacket",
    "Jacket",
    "A short jacket in goat suede, lined in cupro.",
    [["Goat suede", 100]],
    "ES",
    { ...gentle, ironing: "no-iron", professional: "no-dry-clean" },
    null,
  ],
  [
    "Heritage Bag",
    "Bag",
    "A structured bag in calf leather, saddle-stitched.",
    [["Calf leather", 100]],
    "FR",
    {
      washing: "no-wash",
      bleaching: "no-bleach",
      drying: "no-tumble",
      ironing: "no-iron",
      professional: "no-dry-clean",
    },
    null,
  ],
  [
    "Velvet Trousers",
    "Pants",
    "Straight trousers in cotton velvet.",
    [
      ["Cotton", 88],
      ["Silk", 12],
    ],
    "PT",
    {
      washing: "wash-30-mild",
      bleaching: "no-bleach",
      drying: "no-tumble",
      ironing: "iron-low",
      professional: "dry-clean-p",
    },
    null,
  ],
  [
    "Atelier Dress",
    "Dress",
    "A bias-cut slip dress in silk satin.",
    [
      ["Silk", 92],
      ["Elastane", 8],
    ],
    "FR",
    gentle,
    null,
  ],
  [
    "Leather Trench",
    "Jacket",
    "A belted trench in lamb nappa.",
    [["Lamb leather", 100]],
    "IT",
    { ...gentle, ironing: "no-iron", professional: "no-dry-clean" },
    null,
  ],
  ["Cashmere Scarf", "Accessories", "A long scarf in brushed cashmere.", [["Cashmere", 100]], "GB", woolCare, null],
  [
    "Pleated Skirt",
    "Dress",
    "A sunray-pleated skirt in recycled polyester georgette.",
    [["Polyester", 100]],
    "FR",
    {
      washing: "wash-30-very-mild",
      bleaching: "no-bleach",
      drying: "line-dry",
      ironing: "iron-low",
      professional: "dry-clean-p-mild",
    },
    100,
  ],
  [
    "Cashmere Overcoat",
    "Jacket",
    "A double-faced overcoat in wool and cashmere.",
    [
      ["Wool", 90],
      ["Cashmere", 10],
    ],
    "IT",
    woolCare,
    20,
  ],
  [
    "Pleated Wool Trousers",
    "Pants",
    "Pleated trousers in wool gabardine.",
    [
      ["Wool", 98],
      ["Elastane", 2],
    ],
    "PT",
    woolCare,
    null,
  ],
  ["Bias-Cut Silk Dress", "Dress", "A bias-cut dress in silk charmeuse.", [["Silk", 100]], "FR", gentle, null],
  [
    "Poplin Shirt",
    "Shirt",
    "A shirt in organic cotton poplin.",
    [["Cotton", 100]],
    "PT",
    {
      washing: "wash-40",
      bleaching: "bleach-oxygen",
      drying: "tumble-low",
      ironing: "iron-high",
      professional: "wet-clean",
    },
    30,
  ],
].map(([name, garmentType, description, fibres, country, care, recycled]) => ({
  name,
  garmentType,
  description,
  composition: (fibres as [string, number][]).map(([fibre, percent]) => ({ fibre, percent })),
  country,
  care,
  recycled,
})) as SampleProduct[];

/** The seed product's id for a garment name (the samples' and the stock's), or null. */
const productIdOf = (name: string) => {
  const index = SAMPLE_PRODUCTS.findIndex((p) => p.name === name);
  return index < 0 ? null : index + 1;
};

type SampleGarment = {
  slug: SampleSlug;
  name: string;
  garmentType: string;
  style: string | null;
  color: string;
  size: string;
  tagUuid: string;
  chipId: string;
  claimedDaysAgo: number | null;
  programmed: boolean;
};

const sampleGarments: readonly SampleGarment[] = [
  {
    slug: "mb-001",
    name: "Merino Blazer",
    garmentType: "Jacket",
    style: "jacket",
    color: "Charcoal",
    size: "M",
    tagUuid: "cc4c1afb-9919-436e-9889-efa89aca0afa",
    chipId: "RLV-JACKET-B24A-0001-E9AD",
    claimedDaysAgo: null,
    programmed: true,
  },
  {
    slug: "ss-002",
    name: "Silk Shirt",
    garmentType: "Shirt",
    style: "top",
    color: "Ivory",
    size: "S",
    tagUuid: "fb0bc640-6190-4208-b2cf-c1e2458a92a6",
    chipId: "RLV-SHIRT-B24A-0002-216B",
    claimedDaysAgo: null,
    programmed: true,
  },
  {
    slug: "cg-003",
    name: "Cashmere Gown",
    garmentType: "Dress",
    style: "dress",
    color: "Midnight Navy",
    size: "S",
    tagUuid: "3799d0a5-9786-4cdd-8e51-e75bd3e69738",
    chipId: "RLV-DRESS-B24A-0003-261B",
    claimedDaysAgo: 42,
    programmed: true,
  },
  {
    slug: "sj-004",
    name: "Suede Jacket",
    garmentType: "Jacket",
    style: "jacket",
    color: "Cognac",
    size: "M",
    tagUuid: "99589500-2a40-4f18-aecc-62686fb88cc7",
    chipId: "RLV-JACKET-B24A-0004-53EB",
    claimedDaysAgo: 30,
    programmed: true,
  },
  {
    slug: "hb-005",
    name: "Heritage Bag",
    garmentType: "Bag",
    style: null,
    color: "Noir",
    size: "One Size",
    tagUuid: "16e06cd6-770f-4ae7-ad8b-dc0fc8c881f5",
    chipId: "RLV-BAG-B24A-0005-D31A",
    claimedDaysAgo: null,
    programmed: true,
  },
  {
    slug: "vt-006",
    name: "Velvet Trousers",
    garmentType: "Pants",
    style: "pants",
    color: "Bordeaux",
    size: "M",
    tagUuid: "ca9dd9b9-4be3-4a4e-b731-e1730cf380c4",
    chipId: "RLV-PANTS-B24A-0006-E530",
    claimedDaysAgo: 21,
    programmed: true,
  },
  {
    slug: "ad-007",
    name: "Atelier Dress",
    garmentType: "Dress",
    style: "dress",
    color: "Blush",
    size: "XS",
    tagUuid: "548f04e5-dc01-4dc7-9204-20aa6047d60b",
    chipId: "RLV-DRESS-B24A-0007-F3A7",
    claimedDaysAgo: null,
    programmed: true,
  },
  {
    slug: "lt-008",
    name: "Leather Trench",
    garmentType: "Jacket",
    style: "jacket",
    color: "Espresso",
    size: "L",
    tagUuid: "877d307e-20cc-42db-b73d-cf20164707fa",
    chipId: "RLV-JACKET-B24A-0008-A209",
    claimedDaysAgo: 7,
    programmed: true,
  },
  {
    slug: "cs-009",
    name: "Cashmere Scarf",
    garmentType: "Accessories",
    style: null,
    color: "Camel",
    size: "One Size",
    tagUuid: "262c377f-aa06-443c-bd09-6d94695df473",
    chipId: "RLV-ACCESSORIES-B24A-0009-0A41",
    claimedDaysAgo: null,
    programmed: false,
  },
  {
    slug: "ps-010",
    name: "Pleated Skirt",
    garmentType: "Dress",
    style: "skirt",
    color: "Dove Grey",
    size: "S",
    tagUuid: "ef3d3f61-5520-4af8-bc94-aa416b5adf9e",
    chipId: "RLV-DRESS-B24A-0010-535E",
    claimedDaysAgo: null,
    programmed: false,
  },
];

type SeedUser = Omit<NewUser, "password_hash"> & { role: DemoRole };

export type SeedData = {
  users: SeedUser[];
  adminUsers: NewAdminUser[];
  wardrobeEvents: NewWardrobeEvent[];
  profiles: NewProfile[];
  products: NewProduct[];
  garments: NewGarment[];
  events: NewBrandEvent[];
  instagramPosts: NewInstagramPost[];
  contacts: NewContact[];
};

const DAY_MS = 24 * 60 * 60 * 1000;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export function buildSeedData(now: Date): SeedData {
  const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const daysAgo = (days: number) => daysFromNow(-days);
  const joined = daysAgo(60);

  const users: SeedUser[] = [
    {
      role: "owner",
      id: demoUserIds.owner,
      email: demoEmails.owner,
      first_name: "Camille",
      last_name: "Laurent",
      email_verified_at: joined,
      created_at: joined,
      updated_at: joined,
    },
    {
      role: "visitor",
      id: demoUserIds.visitor,
      email: demoEmails.visitor,
      first_name: "Jules",
      last_name: "Martin",
      email_verified_at: joined,
      created_at: joined,
      updated_at: joined,
    },
    {
      role: "admin",
      id: demoUserIds.admin,
      email: demoEmails.admin,
      first_name: "Ines",
      last_name: "Moreau",
      email_verified_at: joined,
      created_at: joined,
      updated_at: joined,
    },
  ];

  const adminUsers: NewAdminUser[] = [
    {
      id: DEMO_ADMIN_USER_ID,
      user_id: demoUserIds.admin,
      role: "admin",
      is_active: true,
      created_at: joined,
      updated_at: joined,
    },
  ];

  const wardrobeEvents: NewWardrobeEvent[] = [
    {
      id: 1,
      owner_user_id: demoUserIds.owner,
      name: "Fashion Week Soirée",
      description: "Evening reception after the autumn presentation.",
      location: "Palais de Tokyo, Paris",
      date: isoDate(daysFromNow(10)),
      is_active: true,
      created_at: daysAgo(20),
    },
    {
      id: 2,
      owner_user_id: demoUserIds.owner,
      name: "Gallery Opening in Le Marais",
      description: "Private view of a new ceramics exhibition.",
      location: "Le Marais, Paris",
      date: isoDate(daysAgo(14)),
      is_active: true,
      created_at: daysAgo(25),
    },
  ];

  const profiles: NewProfile[] = [
    {
      id: DEMO_PROFILE_ID,
      user_id: demoUserIds.owner,
      client_id: "34823ff2ca0645fc9f0914900266aa1c",
      first_name: "Camille",
      last_name: "Laurent",
      display_name: "Camille Laurent",
      email: demoEmails.owner,
      city_region: "Paris, Île-de-France",
      bio: "Creative director with a weakness for tailoring and quiet luxury.",
      mobile_phone: "+33 6 12 34 56 78",
      website: "https://camille-laurent.example",
      instagram: "camille.laurent",
      linkedin: "https://www.linkedin.com/in/camille-laurent-example",
      share_email: true,
      share_mobile: true,
      share_website: false,
      share_instagram: true,
      share_linkedin: false,
      nfc_sharing_enabled: true,
      profile_complete: true,
      onboarded_at: joined,
      created_at: joined,
      updated_at: joined,
    },
    {
      id: VISITOR_PROFILE_ID,
      user_id: demoUserIds.visitor,
      client_id: "26905fd7dc77450e8078ae824efd9d4b",
      first_name: "Jules",
      last_name: "Martin",
      display_name: "Jules Martin",
      email: demoEmails.visitor,
      city_region: "Lyon, Auvergne-Rhône-Alpes",
      bio: "Architect, collector of vintage watches.",
      instagram: "jules.martin",
      share_email: true,
      share_instagram: true,
      nfc_sharing_enabled: true,
      profile_complete: true,
      onboarded_at: joined,
      created_at: joined,
      updated_at: joined,
    },
  ];

  const garments: NewGarment[] = sampleGarments.map((g, index) => {
    const code = g.slug.slice(0, 2).toUpperCase();
    const serial = g.slug.slice(3);
    const claimedAt = g.claimedDaysAgo === null ? null : daysAgo(g.claimedDaysAgo);
    return {
      id: index + 1,
      name: g.name,
      title: g.name,
      brand: BRAND_NAME,
      garment_type: g.garmentType,
      color: g.color,
      size: g.size,
      sku: `RLV-${code}-${serial}`,
      style: g.style,
      status: claimedAt ? "claimed" : "unclaimed",
      tag_uuid: g.tagUuid,
      short_slug: g.slug,
      nfc_chip_id: g.chipId,
      owner_user_id: claimedAt ? demoUserIds.owner : null,
      owner_profile_id: claimedAt ? DEMO_PROFILE_ID : null,
      ownership_status: claimedAt ? "active" : null,
      is_active: true,
      claimed_at: claimedAt,
      purchase_date: claimedAt ? isoDate(claimedAt) : null,
      created_at: daysAgo(90),
      programmed_at: g.programmed ? daysAgo(90) : null,
      programmed_by_admin_id: g.programmed ? DEMO_ADMIN_USER_ID : null,
      product_id: productIdOf(g.name),
    };
  });

  for (let i = 0; i < STOCK_GARMENT_COUNT; i++) {
    const id = sampleGarments.length + 1 + i;
    const serial = String(id).padStart(3, "0");
    const [name, garmentType, style, color] = STOCK_KINDS[i % STOCK_KINDS.length] as (typeof STOCK_KINDS)[number];
    garments.push({
      id,
      name,
      title: name,
      brand: BRAND_NAME,
      garment_type: garmentType,
      color,
      size: ["S", "M", "L"][i % 3] as string,
      sku: `RLV-AW-${serial}`,
      style,
      status: "unclaimed",
      tag_uuid: `5e1ec7ed-2026-4a00-8000-000000000${serial}`,
      short_slug: `aw-${serial}`,
      nfc_chip_id: `RLV-${garmentType.toUpperCase()}-AW26-${serial}-0000`,
      is_active: true,
      created_at: daysAgo(3),
      product_id: productIdOf(name),
    });
  }

  poolGarmentSlugs.forEach((slug, i) => {
    const id = garments.length + 1;
    const garmentType = POOL_KINDS[i % POOL_KINDS.length] as (typeof POOL_KINDS)[number];
    garments.push({
      id,
      // Name, size, colour and the rest are the owner's to give.
      brand: BRAND_NAME,
      garment_type: garmentType,
      status: "unclaimed",
      pool: true,
      tag_uuid: `9001ed00-2026-4a00-8000-000000000${String(id).padStart(3, "0")}`,
      short_slug: slug,
      nfc_chip_id: `RLV-${garmentType.toUpperCase()}-PL26-${String(id).padStart(3, "0")}-0000`,
      is_active: true,
      created_at: daysAgo(2),
      programmed_at: daysAgo(2),
      programmed_by_admin_id: DEMO_ADMIN_USER_ID,
    });
  });

  const events: NewBrandEvent[] = [
    {
      id: 1,
      name: `${BRAND_NAME} Atelier Preview`,
      datetime: daysFromNow(21),
      is_active: true,
      created_at: daysAgo(5),
    },
  ];

  const captions = [
    "The Merino Blazer, cut and finished by hand in our Paris atelier.",
    "Silk, light and ivory: a shirt for long summer evenings.",
    "Backstage at the autumn presentation.",
    "Every piece carries its own story, one tap away.",
    "Cognac suede, softened over weeks of careful work.",
    "Details that stay with you: the Heritage Bag.",
  ];
  const instagramPosts: NewInstagramPost[] = captions.map((caption, index) => ({
    id: index + 1,
    image_url: `/images/instagram/${index + 1}.jpg`,
    caption,
    permalink: null,
    is_active: true,
    display_order: index,
    created_at: daysAgo(30 - index),
    updated_at: daysAgo(30 - index),
  }));

  // People who tapped the owner's pieces and left their details (the demo's connections).
  const garmentId = (slug: string) => sampleGarments.findIndex((g) => g.slug === slug) + 1;
  const contacts: NewContact[] = [
    {
      owner_user_id: demoUserIds.owner,
      garment_id: garmentId("cg-003"),
      wardrobe_event_id: 2,
      first_name: "Hélène",
      last_name: "Dubois",
      email: "helene.dubois@example.com",
      phone: "+33611223344",
      instagram: "helene.atelier",
      notes: "Loved the drape of the gown; would like to talk about a commission.",
      tag_uuid: "cg-003",
      contact_source: "nfc_share",
      created_at: daysAgo(14),
    },
    {
      owner_user_id: demoUserIds.owner,
      garment_id: garmentId("cg-003"),
      first_name: "Marco",
      last_name: "Rossi",
      email: "marco.rossi@example.com",
      linkedin: "https://www.linkedin.com/in/marco-rossi-example",
      tag_uuid: "cg-003",
      contact_source: "nfc_share",
      contacted_at: daysAgo(2),
      contact_notes: "Sent the autumn lookbook.",
      created_at: daysAgo(3),
    },
    {
      owner_user_id: demoUserIds.owner,
      garment_id: garmentId("sj-004"),
      first_name: "Aiko",
      last_name: "Tanaka",
      phone: "+81312345678",
      tag_uuid: "sj-004",
      contact_source: "nfc_share",
      created_at: daysAgo(1),
    },
  ];

  const products: NewProduct[] = SAMPLE_PRODUCTS.map((p, index) => ({
    id: index + 1,
    gtin: gtinFor(TEST_GS1_COMPANY_PREFIX, index + 1) ?? "",
    name: p.name,
    garment_type: p.garmentType,
    description: p.description,
    composition: p.composition,
    country_of_making: p.country,
    care: p.care,
    services_text: "Repairs, re-dyeing and care at the Paris atelier, for the life of the piece.",
    services_url: "https://releve.example.com/atelier",
    recycled_percent: p.recycled,
    created_at: daysAgo(120),
    updated_at: daysAgo(120),
  }));

  return { users, adminUsers, wardrobeEvents, profiles, products, garments, events, instagramPosts, contacts };
}
