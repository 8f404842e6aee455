/**
 * The passport's public view (issue #31): what a product and one garment of it say to anyone,
 * shaped for the passport and product pages and their schema.org JSON-LD. Nothing of any owner
 * is read here (packages/db passport/queries.ts selects none), so nothing of one can be shown.
 */
import { formatDigitalLink } from "@releve/core/passport/digital-link";
import {
  CARE_CATEGORIES,
  CARE_SYMBOLS,
  type CareCategory,
  careWords,
  compositionText,
  countryName,
  type Fibre,
} from "@releve/core/passport/product-rules";
import { photoUrl } from "@releve/core/wardrobe/photo";
import type { ProductValues } from "@releve/db/passport/commands";
import type { PassportRow, ProductRow } from "@releve/db/passport/queries";
import { BASE_LOCALE, formatMonth, intlLocale, type Locale } from "@releve/i18n";
import { m } from "@releve/i18n/messages";

const BRAND = "Relevé";

/**
 * The view's words are in `locale` (issue #34): the pages pass the reader's; the JSON-LD and the
 * API keep the base language (English, the spec's and the standards' words). Months are UTC,
 * the dates' own zone (stored as UTC instants).
 */
type Say = (inputs: Record<string, never>, options: { locale: Locale }) => string;

/** Each care heading and choice (core's CARE_SYMBOLS, GINETEX wording) as its message. */
const CARE_SAID: Record<string, Say> = {
  washing: m.passport_care_washing,
  bleaching: m.passport_care_bleaching,
  drying: m.passport_care_drying,
  ironing: m.passport_care_ironing,
  professional: m.passport_care_professional,
  "wash-95": m.passport_care_wash_95,
  "wash-70": m.passport_care_wash_70,
  "wash-60": m.passport_care_wash_60,
  "wash-60-mild": m.passport_care_wash_60_mild,
  "wash-50-mild": m.passport_care_wash_50_mild,
  "wash-40": m.passport_care_wash_40,
  "wash-40-mild": m.passport_care_wash_40_mild,
  "wash-40-very-mild": m.passport_care_wash_40_very_mild,
  "wash-30": m.passport_care_wash_30,
  "wash-30-mild": m.passport_care_wash_30_mild,
  "wash-30-very-mild": m.passport_care_wash_30_very_mild,
  "hand-wash": m.passport_care_hand_wash,
  "no-wash": m.passport_care_no_wash,
  "bleach-any": m.passport_care_bleach_any,
  "bleach-oxygen": m.passport_care_bleach_oxygen,
  "no-bleach": m.passport_care_no_bleach,
  "tumble-normal": m.passport_care_tumble_normal,
  "tumble-low": m.passport_care_tumble_low,
  "no-tumble": m.passport_care_no_tumble,
  "line-dry": m.passport_care_line_dry,
  "drip-line-dry": m.passport_care_drip_line_dry,
  "flat-dry": m.passport_care_flat_dry,
  "drip-flat-dry": m.passport_care_drip_flat_dry,
  "line-dry-shade": m.passport_care_line_dry_shade,
  "flat-dry-shade": m.passport_care_flat_dry_shade,
  "iron-high": m.passport_care_iron_high,
  "iron-medium": m.passport_care_iron_medium,
  "iron-low": m.passport_care_iron_low,
  "no-iron": m.passport_care_no_iron,
  "dry-clean-p": m.passport_care_dry_clean_p,
  "dry-clean-p-mild": m.passport_care_dry_clean_p_mild,
  "dry-clean-f": m.passport_care_dry_clean_f,
  "dry-clean-f-mild": m.passport_care_dry_clean_f_mild,
  "wet-clean": m.passport_care_wet_clean,
  "wet-clean-mild": m.passport_care_wet_clean_mild,
  "wet-clean-very-mild": m.passport_care_wet_clean_very_mild,
  "no-dry-clean": m.passport_care_no_dry_clean,
};

/** Core's English words for a care heading or choice, in `locale` (core's own when a code has no message). */
const careSaid = (key: string, english: string, locale: Locale) =>
  locale === BASE_LOCALE ? english : (CARE_SAID[key]?.({}, { locale }) ?? english);

const regionNames = new Map<Locale, Intl.DisplayNames>();
/** A country's name in `locale`: core's English name, or Intl's in another language. */
function countryIn(code: string, locale: Locale): string | null {
  const english = countryName(code);
  if (!english || locale === BASE_LOCALE) return english;
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([intlLocale(locale)], { type: "region", fallback: "none" });
    regionNames.set(locale, names);
  }
  return names.of(code) ?? english;
}

export type ProductView = {
  name: string;
  gtin: string;
  type: string | null;
  description: string | null;
  composition: Fibre[];
  compositionText: string | null;
  country: string | null;
  /** Each category given: its key and choice code (the symbol drawn), its heading and its words. */
  care: { key: CareCategory; code: string; category: string; words: string }[];
  services: { text: string | null; url: string | null } | null;
  recycledPercent: number | null;
  /** The brand's product photo, served from /photos (public). */
  photo: { url: string; width: number; height: number } | null;
  digitalLink: string;
};

// What a product says in public: every field an admin gives it, and its photo.
type ProductFields = Pick<ProductRow, keyof ProductValues | "photo_key" | "photo_width" | "photo_height">;

export function productView(row: ProductFields, origin: string, locale: Locale = BASE_LOCALE): ProductView {
  const care = CARE_CATEGORIES.flatMap((category) => {
    const code = row.care[category];
    const words = code ? careWords(category, code) : null;
    return words && code
      ? [
          {
            key: category,
            code,
            category: careSaid(category, CARE_SYMBOLS[category].label, locale),
            words: careSaid(code, words, locale),
          },
        ]
      : [];
  });
  return {
    name: row.name,
    gtin: row.gtin,
    type: row.garment_type,
    description: row.description,
    composition: row.composition,
    compositionText: row.composition.length ? compositionText(row.composition) : null,
    country: row.country_of_making ? countryIn(row.country_of_making, locale) : null,
    care,
    services: row.services_text || row.services_url ? { text: row.services_text, url: row.services_url } : null,
    recycledPercent: row.recycled_percent,
    photo:
      row.photo_key && row.photo_width && row.photo_height
        ? { url: photoUrl(row.photo_key), width: row.photo_width, height: row.photo_height }
        : null,
    digitalLink: formatDigitalLink(origin, { gtin: row.gtin }),
  };
}

export type PassportView = ProductView & {
  slug: string;
  itemLink: string;
  /** 'verified': this browser's verified tap of a secure tag; 'secure': an NTAG 424 DNA; null: a plain tag. */
  authenticity: "verified" | "secure" | null;
  programmed: string | null;
  /** The month its tag was programmed, as an ISO date (`2026-03`), for machines. */
  programmedMonth: string | null;
  /** 'In a private wardrobe since …', or available to claim. */
  ownership: { owned: true; since: string | null } | { owned: false };
  /** How many owners it has had (issue #32): never who. */
  owners: number;
  /** The month and year of each change of hands after the first owner's, oldest first. */
  changes: string[];
  missing: boolean;
};

/** `changes`: when it changed hands (ownershipChanges); without them, no change months are shown. */
export function passportView(
  row: PassportRow,
  origin: string,
  verifiedHere: boolean,
  changes: Date[] = [],
  locale: Locale = BASE_LOCALE,
): PassportView {
  const secure = row.sun_key_version !== null;
  const month = (at: Date) => formatMonth(locale, at);
  return {
    ...productView(row, origin, locale),
    slug: row.slug,
    itemLink: formatDigitalLink(origin, { gtin: row.gtin, serial: row.slug }),
    authenticity: secure ? (verifiedHere ? "verified" : "secure") : null,
    programmed: row.programmed_at ? month(row.programmed_at) : null,
    programmedMonth: row.programmed_at ? row.programmed_at.toISOString().slice(0, 7) : null,
    ownership:
      row.garment_status === "claimed"
        ? { owned: true, since: row.claimed_at ? month(row.claimed_at) : null }
        : { owned: false },
    owners: row.owners,
    changes: changes.map(month),
    missing: row.tag_status === "lost" || row.tag_status === "stolen",
  };
}

const property = (name: string, value: string | number, extra: Record<string, string> = {}) => ({
  "@type": "PropertyValue",
  name,
  value,
  ...extra,
});

/**
 * schema.org JSON-LD for a product, or (with a serial) one piece of it: public data only. Care,
 * recycled content, repair services and (for a piece) its provenance go in `additionalProperty`.
 */
export function productJsonLd(view: ProductView | PassportView, origin: string): Record<string, unknown> {
  const item = "slug" in view;
  const properties = [
    ...view.care.map((c) => property(c.category, c.words)),
    ...(view.recycledPercent === null ? [] : [property("Recycled content", view.recycledPercent, { unitText: "%" })]),
    ...(view.services
      ? [
          property("Repair and care services", view.services.text ?? view.services.url ?? "", {
            ...(view.services.url && { url: view.services.url }),
          }),
        ]
      : []),
    ...(item
      ? [
          property(
            "Ownership",
            view.ownership.owned
              ? `In a private wardrobe${view.ownership.since ? ` since ${view.ownership.since}` : ""}`
              : "Available to claim",
          ),
          ...(view.owners > 0 ? [property("Owners", view.owners)] : []),
          ...(view.missing ? [property("Reported missing", "Yes")] : []),
          ...(view.authenticity ? [property("Authenticity", "Secure tag (NTAG 424 DNA)")] : []),
        ]
      : []),
  ];
  return {
    "@context": "https://schema.org",
    "@type": item ? "IndividualProduct" : "Product",
    "@id": item ? view.itemLink : view.digitalLink,
    name: view.name,
    ...(view.description && { description: view.description }),
    gtin14: view.gtin,
    ...(item && { serialNumber: view.slug }),
    hasGS1DigitalLink: item ? view.itemLink : view.digitalLink,
    brand: { "@type": "Brand", name: BRAND },
    ...(view.type && { category: view.type }),
    ...(view.photo && { image: `${origin}${view.photo.url}` }),
    ...(view.compositionText && { material: view.compositionText }),
    ...(view.country && { countryOfOrigin: { "@type": "Country", name: view.country } }),
    ...(item && view.programmedMonth && { productionDate: view.programmedMonth }),
    ...(properties.length && { additionalProperty: properties }),
  };
}

/** JSON for a <script> element: `<` escaped, so no text can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");
