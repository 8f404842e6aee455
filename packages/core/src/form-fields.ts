import { z } from "zod";

/** An optional free-text field: trimmed, bounded, empty becomes null. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .default("")
    .transform((v) => (v === "" ? null : v));

/** An optional field kept only in its normalised form; a value that will not normalise is an error. */
export const normalisedField = (label: string, normalise: (raw: string) => string | null, message: string) =>
  z
    .string()
    .max(300, `${label} is too long`)
    .default("")
    .transform((raw, ctx) => {
      if (raw.trim() === "") return null;
      const value = normalise(raw);
      if (value === null) ctx.addIssue({ code: "custom", message });
      return value;
    });
