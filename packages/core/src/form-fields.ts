import { z } from "zod";
import { parseId } from "./input-limits";

/** A row id from a form, query or JSON body, through the one strict parser; `message` when it is not one. */
export const idField = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });

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
