import { z } from "zod";
import { type FieldProblem, type FieldRule, problemOf } from "../platform/field-problem";
import { GARMENT_SIZES, GARMENT_TYPES } from "../platform/garment-types";
import { text as ruledText } from "../platform/text-field";
import { TAG_MESSAGES } from "../tags/rules";

/**
 * An owner registering a piece (issue #19): the tap-to-register 'garment' step and the
 * /garment-registration form (spec part 2 §2, §5, §8). A pool garment (programmed without
 * details) takes what the owner types here; a stock garment keeps the brand's details.
 * Whitespace-only is missing. Validated on the server; the pages use the same choices.
 */

/** Tap registration's style choices (spec part 2 §5), stored in garments.style. */
export const REGISTRATION_STYLES = ["dress", "top", "jacket", "pants", "skirt"] as const;
/** Tap registration's sizes: XS to XL (the registration form goes on to XXL, GARMENT_SIZES). */
export const REGISTRATION_SIZES = ["XS", "S", "M", "L", "XL"] as const;

export const REGISTRATION_MESSAGES = {
  requiredFields: TAG_MESSAGES.requiredFields,
  success: "Garment Registered Successfully",
  failed: "Registration Failed",
  /** Spec part 2 §8, ownership conflict: someone else holds it; try again or contact support. */
  conflict: "This garment is already registered to someone else. Try again, or contact support if it is yours.",
  notPool: "This garment already has its details from Relevé: add it to your wardrobe as it is.",
  codeNotFound: "We could not find a garment with that chip id. Check the code on the label.",
  style: `The style is one of ${REGISTRATION_STYLES.join(", ")}.`,
  tapSize: `The size is one of ${REGISTRATION_SIZES.join(", ")}.`,
  formSize: `The size is one of ${GARMENT_SIZES.join(", ")}.`,
  garmentType: `The garment type is one of ${GARMENT_TYPES.join(", ")}.`,
  dateFormat: "The purchase date is a date like 2025-03-14.",
  dateFuture: "The purchase date cannot be in the future.",
} as const;

export const NAME_MAX = 120;
export const SKU_MAX = 64;
export const CHIP_CODE_MAX = 300;

/** A form value under the text rule (text.ts): absent or whitespace-only is "" (then refused or null by the field). */
const text = (label: string) => ruledText({ label, absentAsEmpty: true, end: "." });

/** The issues this module raises carry their code (a key of REGISTRATION_MESSAGES) for pages to say. */
export type RegistrationCode = Exclude<
  keyof typeof REGISTRATION_MESSAGES,
  "success" | "conflict" | "notPool" | "codeNotFound"
>;
const RULE_OF: Record<RegistrationCode, FieldRule> = {
  requiredFields: "required",
  failed: "invalid",
  style: "invalid",
  tapSize: "invalid",
  formSize: "invalid",
  garmentType: "invalid",
  dateFormat: "invalid",
  dateFuture: "future",
};
const refusal = (code: RegistrationCode) =>
  ({
    code: "custom",
    message: REGISTRATION_MESSAGES[code],
    params: { rule: RULE_OF[code], registration: code },
  }) as const;

const required = (max: number, label: string) =>
  ruledText({ label, absentAsEmpty: true, end: ".", max, tooLong: `${label} is at most ${max} characters.` }).transform(
    (v, ctx) => {
      if (v === "") ctx.addIssue(refusal("requiredFields"));
      return v;
    },
  );

const optional = (max: number, label: string) =>
  ruledText({ label, absentAsEmpty: true, end: ".", max, tooLong: `${label} is at most ${max} characters.` }).transform(
    (v) => (v === "" ? null : v),
  );

/** One of `choices`, exactly as the page offers it; `whenEmpty` decides a blank one. */
const choice = <T extends readonly [string, ...string[]]>(
  label: string,
  choices: T,
  code: RegistrationCode,
  whenEmpty: "required" | null,
) =>
  text(label).transform((v, ctx): T[number] | null => {
    if (v === "") {
      if (whenEmpty === "required") ctx.addIssue(refusal("requiredFields"));
      return null;
    }
    if (!(choices as readonly string[]).includes(v)) ctx.addIssue(refusal(code));
    return v as T[number];
  });

/**
 * The latest purchase date anyone can have today: the calendar date at UTC+14, the earliest
 * time zone, so an owner anywhere may give their own today.
 */
export function latestPurchaseDate(now = Date.now()): string {
  return new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD, a real calendar date, not in the future; blank is null. */
const purchaseDate = (now: () => number) =>
  text("The purchase date").transform((v, ctx) => {
    if (v === "") return null;
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    const date = match ? new Date(`${v}T00:00:00Z`) : null;
    if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== v || v < "1900-01-01") {
      ctx.addIssue(refusal("dateFormat"));
      return z.NEVER;
    }
    if (v > latestPurchaseDate(now())) {
      ctx.addIssue(refusal("dateFuture"));
      return z.NEVER;
    }
    return v;
  });

/** Tap registration's 'garment' step: name and style required; size XS–XL, SKU and purchase date optional. */
export const tapRegistrationSchema = (now: () => number = Date.now) =>
  z.object({
    name: required(NAME_MAX, "Name"),
    style: choice("The style", REGISTRATION_STYLES, "style", "required"),
    size: choice("The size", REGISTRATION_SIZES, "tapSize", null),
    sku: optional(SKU_MAX, "SKU"),
    purchase_date: purchaseDate(now),
  });
/** /garment-registration: name, garment type and chip id required (spec part 2 §5); size XS–XXL optional. */
export const GarmentRegistrationSchema = z.object({
  name: required(NAME_MAX, "Name"),
  garment_type: choice("The garment type", GARMENT_TYPES, "garmentType", "required"),
  chip_id: required(CHIP_CODE_MAX, "The chip id"),
  size: choice("The size", GARMENT_SIZES, "formSize", null),
});
export type RegistrationFieldErrors = Partial<Record<string, string>>;

/**
 * A refused form as the page shows it: one message on top ('Please fill in all required
 * fields' when anything required is missing, else the first problem) and one per field.
 */
export function registrationErrors(error: z.ZodError): {
  message: string;
  fields: RegistrationFieldErrors;
  /** The same, by code where this module raised it (the text rule's own refusals have none). */
  codes: { message?: RegistrationCode; fields: Partial<Record<string, RegistrationCode>> };
  /** Each field's problem by rule (platform/field-problem.ts), for the text rule's refusals. */
  problems: Record<string, FieldProblem>;
} {
  const fields: RegistrationFieldErrors = {};
  const codes: Partial<Record<string, RegistrationCode>> = {};
  const problems: Record<string, FieldProblem> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (key in fields) continue;
    fields[key] = issue.message;
    problems[key] = problemOf(issue);
    const code = issue.code === "custom" ? (issue.params?.registration as RegistrationCode | undefined) : undefined;
    if (code !== undefined) codes[key] = code;
  }
  const first = Object.keys(fields)[0];
  const said: RegistrationCode | undefined = Object.values(codes).includes("requiredFields")
    ? "requiredFields"
    : first === undefined
      ? "failed"
      : codes[first];
  const message =
    said === undefined ? (fields[first ?? ""] ?? REGISTRATION_MESSAGES.failed) : REGISTRATION_MESSAGES[said];
  return { message, fields, codes: { message: said, fields: codes }, problems };
}
