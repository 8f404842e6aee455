import { z } from "zod";
import { type FieldProblem, fieldIssueAt } from "../platform/field-problem";
import { text } from "../platform/text-field";
import { REFERRAL_SOURCES } from "./early-access-constants";

export * from "./early-access-constants";

const required = (max: number, label: string) => text({ label, max, absentAsEmpty: true });

/**
 * The early-access form (and the blog's newsletter, which joins the same list with referral
 * 'other'). Emails are stored lower-cased: with the table's unique index and its
 * `email = lower(email)` check, that makes the duplicate check case-insensitive.
 */
export const EarlyAccessSchema = z
  .object({
    full_name: required(120, "Full name"),
    email: required(254, "Email").transform((v) => v.toLowerCase()),
    referral_source: z
      .enum([...REFERRAL_SOURCES, ""], { message: "Choose one of the listed options" })
      .default("")
      .transform((v) => (v === "" ? null : v)),
  })
  .superRefine((v, ctx) => {
    if (v.full_name === "") ctx.addIssue(fieldIssueAt("full_name", "required", "Full name is required"));
    if (v.email === "") ctx.addIssue(fieldIssueAt("email", "required", "Email is required"));
    else if (!z.email().safeParse(v.email).success)
      ctx.addIssue(fieldIssueAt("email", "invalid", "Enter a valid email address"));
  });
export type EarlyAccessInput = z.output<typeof EarlyAccessSchema>;

/** True when a required field is empty (the spec's one message for it then). */
export function isMissingRequired(problems: Record<string, FieldProblem>): boolean {
  return Object.values(problems).some((problem) => problem.rule === "required");
}
