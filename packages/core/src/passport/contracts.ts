/**
 * Products under `/api/admin/products` (issue #31): the body a product is created or edited with,
 * the list's query and the product as the remote shows it. Validated on the server; the admin
 * remote imports only the types. Every refusal names its field.
 */
import { z } from "zod";
import { ListQuerySchema } from "../platform/admin-api";
import { GARMENT_TYPES } from "../platform/garment-types";
import { idCursorParam } from "../platform/keyset";
import { normaliseUrl } from "../platform/normalise";
import { text } from "../platform/text-field";
import { gtinProblem } from "./gtin";
import {
  CARE_CATEGORIES,
  type Care,
  type CareCategory,
  careWords,
  compositionProblem,
  countryName,
  FIBRE_NAME_MAX,
  FIBRES_MAX,
  type Fibre,
  PRODUCT_IMPORT_MAX_CHARS,
  PRODUCT_MESSAGES,
} from "./product-rules";

const optionalText = (max: number, label: string, multiline = false) =>
  text({ label, max, tooLong: `${label} is at most ${max} characters.`, end: ".", multiline })
    .nullish()
    .transform((v) => (v ? v : null));

const gtin = text({
  label: "GTIN",
  required: "GTIN is required.",
  typeError: "GTIN is required.",
  max: 14,
  end: ".",
}).transform((value, ctx) => {
  const problem = gtinProblem(value);
  if (problem) {
    ctx.addIssue({ code: "custom", message: `GTIN: ${problem}.` });
    return z.NEVER;
  }
  return value;
});

const fibre = z.object({
  fibre: text({
    label: "Fibre",
    required: "Each fibre needs a name.",
    typeError: "Each fibre needs a name.",
    max: FIBRE_NAME_MAX,
    tooLong: `A fibre's name is at most ${FIBRE_NAME_MAX} characters.`,
    end: ".",
  }),
  percent: z.number({ error: "Composition: each fibre's share is a whole number from 1 to 100." }),
});

const composition = z
  .array(fibre, { error: "Composition is a list of fibres and their shares." })
  .max(FIBRES_MAX, `Composition: at most ${FIBRES_MAX} fibres.`)
  .default([])
  .transform((fibres: Fibre[], ctx) => {
    const problem = compositionProblem(fibres);
    if (problem) {
      ctx.addIssue({ code: "custom", message: `Composition: ${problem}` });
      return z.NEVER;
    }
    return fibres;
  });

const care = z
  .record(z.string(), z.string().nullable(), { error: "Care is one choice per category." })
  .default({})
  .transform((given, ctx): Care => {
    const out: Record<string, string | null> = {};
    for (const [category, code] of Object.entries(given)) {
      if (!(CARE_CATEGORIES as readonly string[]).includes(category)) {
        ctx.addIssue({ code: "custom", message: `Care: "${category}" is not a care category.` });
        return z.NEVER;
      }
      if (code !== null && code !== "" && careWords(category as CareCategory, code) === null) {
        ctx.addIssue({ code: "custom", message: `Care: "${code}" is not a ${category} choice.` });
        return z.NEVER;
      }
      out[category] = code || null;
    }
    return out as Care;
  });

const country = text({ label: "Country of making", max: 2, tooLong: PRODUCT_MESSAGES.country, end: "." })
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const code = value.toUpperCase();
    if (countryName(code) === null) {
      ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.country });
      return z.NEVER;
    }
    return code;
  });

const servicesUrl = text({ label: "Repair and care link", max: 500, end: "." })
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const url = normaliseUrl(value);
    if (url === null) {
      ctx.addIssue({ code: "custom", message: "Repair and care link must be a web address." });
      return z.NEVER;
    }
    return url;
  });

const recycled = z
  .number({ error: PRODUCT_MESSAGES.recycled })
  .int(PRODUCT_MESSAGES.recycled)
  .min(0, PRODUCT_MESSAGES.recycled)
  .max(100, PRODUCT_MESSAGES.recycled)
  .nullish()
  .transform((v) => v ?? null);

export const ProductBodySchema = z.object({
  gtin,
  name: text({
    label: "Name",
    required: "Name is required.",
    typeError: "Name is required.",
    max: 120,
    tooLong: "Name is at most 120 characters.",
    end: ".",
  }),
  garment_type: z
    .enum(GARMENT_TYPES, { error: `Type is one of ${GARMENT_TYPES.join(", ")}.` })
    .nullish()
    .transform((v) => v ?? null),
  description: optionalText(2000, "Description", true),
  composition,
  country_of_making: country,
  care,
  services_text: optionalText(500, "Repair and care services", true),
  services_url: servicesUrl,
  recycled_percent: recycled,
});

export type ProductInput = z.input<typeof ProductBodySchema>;
export type ProductFields = z.output<typeof ProductBodySchema>;

export const PRODUCT_PAGE_SIZE = 50;
export const ProductListQuerySchema = ListQuerySchema.extend({ before: idCursorParam });

/** A product as the admin remote lists and edits it, with how many garments are of it. */
export type Product = ProductFields & {
  id: number;
  photo: { url: string; width: number; height: number } | null;
  garments: number;
  created_at: number;
  updated_at: number;
};

/** A product CSV to import (`POST /api/admin/products/import`). */
export const ProductImportBodySchema = z.object({
  csv: text({
    label: "The CSV",
    required: "Choose a CSV file of products.",
    typeError: "Choose a CSV file of products.",
    max: PRODUCT_IMPORT_MAX_CHARS,
    tooLong: `A product file is at most ${PRODUCT_IMPORT_MAX_CHARS.toLocaleString("en-GB")} characters.`,
    end: ".",
    multiline: true,
  }),
});

/** `GET /products/next-gtin`: the configured prefix, whether it is GS1's test range (952), the next free GTIN (null when the prefix is full). */
export type NextGtin = { prefix: string; test: boolean; gtin: string | null };

export type ProductImportResult = { created: number; updated: number; message: string };

export type ProductPage = { products: Product[]; nextCursor: string | null };
