import { z } from "zod";
import { fieldIssue } from "./field-problem";
import { SEARCH_MAX_LENGTH } from "./input-limits";
import { cleanText, type TextOptions, textLength, textProblemMessage } from "./text";

export type TextFieldOptions = TextOptions & {
  /** The field as messages name it: "First name". */
  label: string;
  /** The most characters (code points) once cleaned. */
  max?: number;
  /** Past `max`; else "<label> must be at most <max> characters". */
  tooLong?: string;
  /** The field must not be empty once cleaned, and says this when it is. */
  required?: string;
  /** What a value that is not a string says (an absent field included, unless `absentAsEmpty`); else `required`'s words. */
  typeError?: string;
  /** An absent field reads as "" (then `required` decides). */
  absentAsEmpty?: boolean;
  /** Replaces the rule's message for a lone surrogate. */
  malformed?: string;
  /** Appended to the rule's own messages: "." where the API's messages end with one. */
  end?: "." | "";
};

/**
 * A text field of a form or JSON body, under the one text rule (./text.ts, decision 0042):
 * well-formed, no control characters (TAB and LF kept where `multiline`), NFC, trimmed, at most
 * `max` characters counted as code points. Outputs the cleaned string.
 */
export function text(options: TextFieldOptions & { absentAsEmpty: true }): ReturnType<typeof orEmpty>;
export function text(options: TextFieldOptions): ReturnType<typeof asGiven>;
export function text(options: TextFieldOptions) {
  return options.absentAsEmpty ? orEmpty(options) : asGiven(options);
}

/** Not a string (an absent field included) says `typeError`, else what a blank required field says. */
const stringOf = (options: TextFieldOptions) => {
  const error = options.typeError ?? options.required;
  return z.string(error === undefined ? undefined : { error });
};
const asGiven = (options: TextFieldOptions) => stringOf(options).transform(underRule(options));
const orEmpty = (options: TextFieldOptions) => stringOf(options).default("").transform(underRule(options));

function underRule(options: TextFieldOptions) {
  const { label, max, required, end = "" } = options;
  return (raw: string, ctx: z.core.$RefinementCtx<string>): string => {
    const cleaned = cleanText(raw, options);
    if (!cleaned.ok) {
      const message =
        cleaned.problem === "malformed" && options.malformed !== undefined
          ? options.malformed
          : `${textProblemMessage(cleaned.problem, label, options)}${end}`;
      ctx.addIssue(
        fieldIssue(cleaned.problem, message, {
          ...(options.multiline ? { multiline: true } : {}),
          ...(end === "." ? { end } : {}),
        }),
      );
      return z.NEVER;
    }
    const value = cleaned.value;
    if (required !== undefined && value === "") {
      ctx.addIssue(fieldIssue("required", required));
      return z.NEVER;
    }
    if (max !== undefined && textLength(value) > max) {
      const message = options.tooLong ?? `${label} must be at most ${max} characters${end}`;
      ctx.addIssue(fieldIssue("too_long", message, { max, ...(end === "." ? { end } : {}) }));
      return z.NEVER;
    }
    return value;
  };
}

/**
 * A secret (a password) is taken exactly as typed: not trimmed, normalised or checked for
 * control characters (its hash was made of the raw string), but it must be well-formed, or two
 * different inputs would hash alike (TextEncoder writes U+FFFD for any lone surrogate).
 */
export const isWellFormed = (value: string) => value.isWellFormed();
export const malformedMessage = (label: string) => textProblemMessage("malformed", label);

/** The admin API's optional search term (`q`): any term up to SEARCH_MAX_LENGTH characters, in any script. */
export const adminSearchText = () =>
  text({
    label: "Search",
    max: SEARCH_MAX_LENGTH,
    tooLong: `Search is at most ${SEARCH_MAX_LENGTH} characters.`,
    end: ".",
  }).optional();
