import type { z } from "zod";

/**
 * What is wrong with one field of a form, by code (issue #48, decision 0068): a page says it in
 * the reader's language from its rule and the field's name, never from the English sentence. The
 * English stays on the issue (`message`) for the API and its clients.
 */

/**
 * The rules, in words: required (missing or blank); too_long (past `max`, characters unless the
 * field says otherwise); too_short (fewer than `min`); control and malformed (the text rule,
 * text.ts: line breaks or control characters, `multiline` saying which; a lone UTF-16
 * surrogate); invalid (not in the field's format or among its choices: an email, a phone, a
 * date, an id, a handle); same_as_email (a password that is the account's address); mismatch (a
 * confirmation that differs from what it confirms); future (a date after today).
 */
const FIELD_RULES = [
  "required",
  "too_long",
  "too_short",
  "control",
  "malformed",
  "invalid",
  "same_as_email",
  "mismatch",
  "future",
] as const;
export type FieldRule = (typeof FIELD_RULES)[number];

export type FieldProblem = {
  rule: FieldRule;
  /** too_long: the most allowed. */
  max?: number;
  /** too_short: the fewest allowed. */
  min?: number;
  /** control: the field keeps line breaks (then only other control characters are refused). */
  multiline?: boolean;
  /** The English sentence ends with a full stop, as the API's messages of some rooms do. */
  end?: ".";
  /** The English the issue says (what the API answers). */
  english: string;
};

type ProblemParams = Omit<FieldProblem, "english">;

/** A refinement's issue, carrying its rule for pages beside the English for the API. */
export const fieldIssue = (rule: FieldRule, message: string, extra: Omit<ProblemParams, "rule"> = {}) =>
  ({ code: "custom", message, params: { rule, ...extra } }) as const;

/** The same, on another field than the one refined (an object's refinement). */
export const fieldIssueAt = (path: string, rule: FieldRule, message: string) => ({
  ...fieldIssue(rule, message),
  path: [path],
});

const RULES: ReadonlySet<string> = new Set(FIELD_RULES);

/**
 * One issue as a problem: our refinements carry their rule; zod's own checks are read by their
 * kind (a missing value, a minimum of one, a bound, a format, a choice).
 */
export function problemOf(issue: z.core.$ZodIssue): FieldProblem {
  const english = issue.message;
  switch (issue.code) {
    case "custom": {
      const params = issue.params ?? {};
      const rule = typeof params.rule === "string" && RULES.has(params.rule) ? (params.rule as FieldRule) : "invalid";
      const out: FieldProblem = { rule, english };
      if (typeof params.max === "number") out.max = params.max;
      if (typeof params.min === "number") out.min = params.min;
      if (params.multiline === true) out.multiline = true;
      if (params.end === ".") out.end = ".";
      return out;
    }
    case "invalid_type":
      return { rule: "required", english };
    case "too_small": {
      const min = Number(issue.minimum);
      return min <= 1 ? { rule: "required", english } : { rule: "too_short", min, english };
    }
    case "too_big":
      return { rule: "too_long", max: Number(issue.maximum), english };
    default:
      return { rule: "invalid", english };
  }
}

/** The first problem per field, keyed by the form field's name ("form" for the form as a whole). */
export function fieldProblems(error: z.ZodError): Record<string, FieldProblem> {
  const out: Record<string, FieldProblem> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= problemOf(issue);
  }
  return out;
}

/** The first English message per field (what the API answers), keyed like fieldProblems. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldProblems(error)).map(([key, problem]) => [key, problem.english]));
}
