/**
 * A form's field errors in the reader's language (issues #34, #48, decision 0068): core names what
 * is wrong with a field by its rule (packages/core platform/field-problem.ts); a page says it from
 * the rule and the field, through the form's table of fields. The English a schema writes is what
 * the API answers; the English messages say the same words, held to them by field-said.test.ts.
 */
import { type FieldProblem, type FieldRule, fieldProblems } from "@releve/core/platform/field-problem";
import { m } from "@releve/i18n/messages";
import type { z } from "zod";

/** A field's own sentence for a rule; `label` is the field's label in the reader's language. */
export type SayProblem = (problem: FieldProblem, label: string) => string;

/** One field as its form says its problems: its label, and its own sentence for some rules. */
export type FieldSaid = { readonly label?: () => string } & { readonly [R in FieldRule]?: SayProblem };

/** A form's fields by name ("form" for the form as a whole). */
export type FormSaid = Readonly<Record<string, FieldSaid>>;

/** The text rule's refusals and a bound, said the same way for every field, naming it by its label. */
function byRule(problem: FieldProblem, label: string): string | undefined {
  switch (problem.rule) {
    case "control":
      if (problem.end) return m.field_control_end({ label });
      return problem.multiline ? m.field_control_multiline({ label }) : m.field_control({ label });
    case "malformed":
      return problem.end ? m.field_malformed_end({ label }) : m.field_malformed({ label });
    case "too_long":
      if (problem.max === undefined) return m.field_too_long({ label });
      return problem.end
        ? m.field_is_at_most({ label, max: problem.max })
        : m.field_at_most({ label, max: problem.max });
    default:
      return undefined;
  }
}

/** "<label> is too long": the bound said without its figure, as some fields' English does. */
export const tooLongPlain: SayProblem = (_problem, label) => m.field_too_long({ label });

/**
 * A field kept in its normalised form (core platform/form-fields.ts normalisedField: a phone, a
 * handle, a web address): its label, its format's sentence, and its bound said plainly.
 */
export const normalisedFieldSaid = (label: () => string, invalid: () => string): FieldSaid => ({
  label,
  invalid,
  too_long: tooLongPlain,
});

/** One field's problem: its own sentence for the rule, else the rule's, else the API's English. */
export function sayProblem(field: FieldSaid | undefined, problem: FieldProblem): string {
  const label = field?.label?.() ?? "";
  const own = field?.[problem.rule];
  if (own) return own(problem, label);
  return (field?.label && byRule(problem, label)) || problem.english;
}

/** Every field's problem, said. */
export function sayProblems(form: FormSaid, problems: Readonly<Record<string, FieldProblem>>): Record<string, string> {
  return Object.fromEntries(Object.entries(problems).map(([name, problem]) => [name, sayProblem(form[name], problem)]));
}

/** A refused form's field errors, said: the first problem of each field. */
export const sayFieldErrors = (form: FormSaid, error: z.ZodError) => sayProblems(form, fieldProblems(error));
