import type { Product, ProductInput } from "@releve/core/passport/contracts";
import { CARE_CATEGORIES, type CareCategory, countryName } from "@releve/core/passport/product-rules";

/** One composition row as typed: its key keeps React's row identity while rows come and go. */
export type FibreDraft = { key: number; fibre: string; percent: string };

/** 'New product' and 'Edit product' as typed. */
export type ProductDraft = {
  gtin: string;
  name: string;
  garment_type: string;
  description: string;
  fibres: FibreDraft[];
  country_of_making: string;
  care: Record<CareCategory, string>;
  services_text: string;
  services_url: string;
  recycled_percent: string;
};

let fibreKey = 0;
/** A new composition row, with a key no other row has. */
export const fibreRow = (fibre = "", percent = ""): FibreDraft => ({ key: ++fibreKey, fibre, percent });
const NO_CARE = Object.fromEntries(CARE_CATEGORIES.map((c) => [c, ""])) as Record<CareCategory, string>;

/** The form for a product (or a new one: one empty fibre row, no care given). */
export const productDraft = (p: Product | null): ProductDraft => ({
  gtin: p?.gtin ?? "",
  name: p?.name ?? "",
  garment_type: p?.garment_type ?? "",
  description: p?.description ?? "",
  fibres: p?.composition.length ? p.composition.map((f) => fibreRow(f.fibre, String(f.percent))) : [fibreRow()],
  country_of_making: p?.country_of_making ?? "",
  care: { ...NO_CARE, ...Object.fromEntries(Object.entries(p?.care ?? {}).map(([k, v]) => [k, v ?? ""])) },
  services_text: p?.services_text ?? "",
  services_url: p?.services_url ?? "",
  recycled_percent: p?.recycled_percent === null || p?.recycled_percent === undefined ? "" : String(p.recycled_percent),
});

/** A number as typed, or the text itself: the server names what is wrong with it. */
const numberOf = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : value.trim());

/** The draft as the API's body: blank fibre rows left out, every check left to the server. */
export const productBody = (d: ProductDraft): ProductInput => ({
  gtin: d.gtin.trim(),
  name: d.name,
  garment_type: (d.garment_type || null) as ProductInput["garment_type"],
  description: d.description || null,
  composition: d.fibres
    .filter((f) => f.fibre.trim() || f.percent.trim())
    .map((f) => ({ fibre: f.fibre, percent: numberOf(f.percent) as number })),
  country_of_making: d.country_of_making.trim() || null,
  care: Object.fromEntries(CARE_CATEGORIES.map((c) => [c, d.care[c] || null])),
  services_text: d.services_text || null,
  services_url: d.services_url || null,
  recycled_percent: d.recycled_percent.trim() === "" ? null : (numberOf(d.recycled_percent) as number),
});

/**
 * The composition's line under its rows: the shares' sum as typed (a share that is not a number
 * counts 0), and whether it is wrong (some fibre given, the sum not 100).
 */
export function compositionSum(fibres: readonly FibreDraft[]): { text: string; wrong: boolean } {
  const sum = fibres.reduce((total, f) => total + (Number.parseInt(f.percent, 10) || 0), 0);
  const anyFibre = fibres.some((f) => f.fibre.trim() || f.percent.trim());
  if (!anyFibre) return { text: "No fibres yet.", wrong: false };
  return {
    text: `The shares sum to ${sum}%${sum === 100 ? "." : ": they must sum to 100%."}`,
    wrong: sum !== 100,
  };
}

/** The country field's hint: the country a two-letter code names, or what to type. */
export function countryHint(typed: string): string {
  const country = typed.trim().toUpperCase();
  return country.length === 2 ? (countryName(country) ?? "Not an ISO 3166 code") : "Two letters, like FR or IT";
}
