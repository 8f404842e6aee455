/**
 * The passport's public view (issue #31): what a product and one garment of it say to anyone,
 * shaped for the passport and product pages and their schema.org JSON-LD. Nothing of any owner
 * is read here (packages/db passport/queries.ts selects none), so nothing of one can be shown.
 */
import { formatDigitalLink } from "@releve/core/passport/digital-link";
import {
  CARE_CATEGORIES,
  CARE_SYMBOLS,
  careWords,
  compositionText,
  countryName,
  type Fibre,
} from "@releve/core/passport/product-rules";
import type { ProductValues } from "@releve/db/passport/commands";
import type { PassportRow, ProductRow } from "@releve/db/passport/queries";

const BRAND = "Relevé";
// Months as a label prints them; UTC, the dates' own zone (stored as UTC instants).
const monthYear = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" });

export type ProductView = {
  name: string;
  gtin: string;
  type: string | null;
  description: string | null;
  composition: Fibre[];
  compositionText: string | null;
  country: string | null;
  care: { category: string; words: string }[];
  services: { text: string | null; url: string | null } | null;
  recycledPercent: number | null;
  digitalLink: string;
};

// What a product says in public: every field an admin gives it.
type ProductFields = Pick<ProductRow, keyof ProductValues>;

export function productView(row: ProductFields, origin: string): ProductView {
  const care = CARE_CATEGORIES.flatMap((category) => {
    const code = row.care[category];
    const words = code ? careWords(category, code) : null;
    return words ? [{ category: CARE_SYMBOLS[category].label, words }] : [];
  });
  return {
    name: row.name,
    gtin: row.gtin,
    type: row.garment_type,
    description: row.description,
    composition: row.composition,
    compositionText: row.composition.length ? compositionText(row.composition) : null,
    country: row.country_of_making ? countryName(row.country_of_making) : null,
    care,
    services: row.services_text || row.services_url ? { text: row.services_text, url: row.services_url } : null,
    recycledPercent: row.recycled_percent,
    digitalLink: formatDigitalLink(origin, { gtin: row.gtin }),
  };
}

export type PassportView = ProductView & {
  slug: string;
  itemLink: string;
  /** 'verified': this browser's verified tap of a secure tag; 'secure': an NTAG 424 DNA; null: a plain tag. */
  authenticity: "verified" | "secure" | null;
  programmed: string | null;
  /** 'In a private wardrobe since …', or available to claim. */
  ownership: { owned: true; since: string | null } | { owned: false };
  missing: boolean;
};

export function passportView(row: PassportRow, origin: string, verifiedHere: boolean): PassportView {
  const secure = row.sun_key_version !== null;
  return {
    ...productView(row, origin),
    slug: row.slug,
    itemLink: formatDigitalLink(origin, { gtin: row.gtin, serial: row.slug }),
    authenticity: secure ? (verifiedHere ? "verified" : "secure") : null,
    programmed: row.programmed_at ? monthYear.format(row.programmed_at) : null,
    ownership:
      row.garment_status === "claimed"
        ? { owned: true, since: row.claimed_at ? monthYear.format(row.claimed_at) : null }
        : { owned: false },
    missing: row.tag_status === "lost" || row.tag_status === "stolen",
  };
}

/** schema.org JSON-LD for a product, or (with a serial) one piece of it: public data only. */
export function productJsonLd(view: ProductView | PassportView): Record<string, unknown> {
  const item = "slug" in view;
  return {
    "@context": "https://schema.org",
    "@type": item ? "IndividualProduct" : "Product",
    name: view.name,
    ...(view.description && { description: view.description }),
    gtin14: view.gtin,
    ...(item && { serialNumber: view.slug }),
    hasGS1DigitalLink: item ? view.itemLink : view.digitalLink,
    brand: { "@type": "Brand", name: BRAND },
    ...(view.type && { category: view.type }),
    ...(view.compositionText && { material: view.compositionText }),
    ...(view.country && { countryOfOrigin: { "@type": "Country", name: view.country } }),
  };
}

/** JSON for a <script> element: `<` escaped, so no text can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");
