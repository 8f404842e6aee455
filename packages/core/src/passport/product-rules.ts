/**
 * A product (a model the brand makes; issue #31): its care as the ISO 3758 symbols (one choice
 * in each of the five categories, in the standard's order, always shown with words), its fibre
 * composition, its country of making and its recycled content. The texts and checks shared by
 * the admin API, the admin remote and the passport page; no zod here (the remote imports it).
 * Care wording follows the GINETEX tables aligned with ISO 3758:2012/2023.
 */

export const CARE_CATEGORIES = ["washing", "bleaching", "drying", "ironing", "professional"] as const;
export type CareCategory = (typeof CARE_CATEGORIES)[number];

/** The category's heading, and its choices: a code and the words that go with the symbol. */
export const CARE_SYMBOLS = {
  washing: {
    label: "Washing",
    choices: {
      "wash-95": "Machine wash at 95 °C",
      "wash-70": "Machine wash at 70 °C",
      "wash-60": "Machine wash at 60 °C",
      "wash-60-mild": "Machine wash at 60 °C, mild",
      "wash-50-mild": "Machine wash at 50 °C, mild",
      "wash-40": "Machine wash at 40 °C",
      "wash-40-mild": "Machine wash at 40 °C, mild",
      "wash-40-very-mild": "Machine wash at 40 °C, very mild",
      "wash-30": "Machine wash at 30 °C",
      "wash-30-mild": "Machine wash at 30 °C, mild",
      "wash-30-very-mild": "Machine wash at 30 °C, very mild",
      "hand-wash": "Hand wash only, at 40 °C at most",
      "no-wash": "Do not wash",
    },
  },
  bleaching: {
    label: "Bleaching",
    choices: {
      "bleach-any": "Any bleach",
      "bleach-oxygen": "Oxygen bleach only, no chlorine",
      "no-bleach": "Do not bleach",
    },
  },
  drying: {
    label: "Drying",
    choices: {
      "tumble-normal": "Tumble dry, normal heat",
      "tumble-low": "Tumble dry, low heat",
      "no-tumble": "Do not tumble dry",
      "line-dry": "Line dry",
      "drip-line-dry": "Drip dry on a line",
      "flat-dry": "Dry flat",
      "drip-flat-dry": "Drip dry flat",
      "line-dry-shade": "Line dry in the shade",
      "flat-dry-shade": "Dry flat in the shade",
    },
  },
  ironing: {
    label: "Ironing",
    choices: {
      "iron-high": "Iron at up to 200 °C",
      "iron-medium": "Iron at up to 150 °C",
      "iron-low": "Iron at up to 110 °C, without steam",
      "no-iron": "Do not iron",
    },
  },
  professional: {
    label: "Professional care",
    choices: {
      "dry-clean-p": "Professional dry clean (P)",
      "dry-clean-p-mild": "Professional dry clean (P), mild",
      "dry-clean-f": "Professional dry clean in hydrocarbons (F)",
      "dry-clean-f-mild": "Professional dry clean in hydrocarbons (F), mild",
      "wet-clean": "Professional wet clean (W)",
      "wet-clean-mild": "Professional wet clean (W), mild",
      "wet-clean-very-mild": "Professional wet clean (W), very mild",
      "no-dry-clean": "Do not dry clean",
    },
  },
} as const satisfies Record<CareCategory, { label: string; choices: Record<string, string> }>;

type CareCode<C extends CareCategory = CareCategory> = keyof (typeof CARE_SYMBOLS)[C]["choices"] & string;
/** A product's care: one choice per category, or none given for it. */
export type Care = { [C in CareCategory]?: CareCode<C> | null };

/** The words for a care choice, or null for a code the category does not have. */
export function careWords(category: CareCategory, code: string): string | null {
  const choices: Record<string, string> = CARE_SYMBOLS[category].choices;
  return Object.hasOwn(choices, code) ? (choices[code] ?? null) : null;
}

/** One fibre and its share; a composition's shares sum to 100. */
export type Fibre = { fibre: string; percent: number };

export const FIBRES_MAX = 10;
export const FIBRE_NAME_MAX = 40;

/** Why a composition is refused, or null when it holds (empty: not given yet). */
export function compositionProblem(fibres: Fibre[]): string | null {
  if (fibres.length === 0) return null;
  if (fibres.length > FIBRES_MAX) return `A composition has at most ${FIBRES_MAX} fibres.`;
  const names = new Set<string>();
  for (const { fibre, percent } of fibres) {
    const name = fibre.trim().toLowerCase();
    if (!name) return "Each fibre needs a name.";
    if (names.has(name)) return `${fibre} is listed twice.`;
    names.add(name);
    if (!Number.isInteger(percent) || percent < 1 || percent > 100)
      return `${fibre}'s share is a whole number from 1 to 100.`;
  }
  const sum = fibres.reduce((total, { percent }) => total + percent, 0);
  return sum === 100 ? null : `The fibres' shares sum to ${sum}%, not 100%.`;
}

/** "92% Silk, 8% Elastane": the composition as a label reads, largest share first. */
export const compositionText = (fibres: Fibre[]) =>
  [...fibres]
    .sort((a, b) => b.percent - a.percent)
    .map(({ fibre, percent }) => `${percent}% ${fibre}`)
    .join(", ");

// Codes Intl knows as regions that are not countries (ISO 3166 user-assigned and reserved codes).
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "QO", "XA", "XB", "ZZ"]);
let regionNames: Intl.DisplayNames | undefined;

/** The English name of an ISO 3166-1 alpha-2 country code, or null when it is not one. */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return null;
  regionNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  return regionNames.of(code) ?? null;
}

/** A product CSV import's limits (a season's catalogue, well inside one request). */
export const PRODUCT_IMPORT_MAX_ROWS = 1000;
export const PRODUCT_IMPORT_MAX_CHARS = 1_000_000;

/** Spec-free texts of the Products screen and API (issue #31). */
export const PRODUCT_MESSAGES = {
  gtinTaken: "A product with this GTIN already exists.",
  gtinInUse: "It cannot change once garments of this product exist: their tags carry it.",
  notFound: "Product not found.",
  noPassport: "This piece has no passport.",
  noProduct: "No product has this GTIN.",
  country: "The country of making is an ISO 3166 code of two letters, like FR or IT.",
  recycled: "Recycled content is a whole percentage from 0 to 100.",
} as const;

const products = (n: number) => `${n} product${n === 1 ? "" : "s"}`;
/** A product CSV import's outcome, as the screen says it. */
export const importDone = (r: { created: number; updated: number }) =>
  `Imported: ${products(r.created)} added, ${products(r.updated)} updated.`;
/** A refused import's headline; each problem follows with its line. */
export const importRefusal = (count: number) =>
  `Nothing was imported: the file has ${count} problem${count === 1 ? "" : "s"}.`;
