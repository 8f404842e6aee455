import { z } from "zod";
import { fieldIssue } from "./field-problem";
import { parseId } from "./input-limits";
import { text } from "./text-field";

/** A row id from a form, query or JSON body, through the one strict parser; `message` when it is not one. */
export const idField = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue(fieldIssue("invalid", message));
      return z.NEVER;
    }
    return id;
  });

/** An optional free-text field under the text rule (text.ts), bounded; empty becomes null. */
export const optionalText = (max: number, label: string, options: { multiline?: boolean } = {}) =>
  text({ label, max, absentAsEmpty: true, ...options }).transform((v) => (v === "" ? null : v));

/** An optional field kept only in its normalised form; a value that will not normalise is an error. */
export const normalisedField = (label: string, normalise: (raw: string) => string | null, message: string) =>
  text({ label, max: 300, tooLong: `${label} is too long`, absentAsEmpty: true }).transform((raw, ctx) => {
    if (raw === "") return null;
    const value = normalise(raw);
    if (value === null) ctx.addIssue(fieldIssue("invalid", message));
    return value;
  });
