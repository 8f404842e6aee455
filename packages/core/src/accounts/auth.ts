import { z } from "zod";
import { fieldIssueAt } from "../platform/field-problem";
import { isWellFormed, malformedMessage, text } from "../platform/text-field";
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./auth-constants";

const email = text({
  label: "Email",
  typeError: "Email is required",
  required: "Email is required",
  max: 254,
  tooLong: "Email is too long",
})
  .pipe(z.email("Enter a valid email address"))
  .transform((value) => value.toLowerCase());

const name = (label: string) =>
  text({ label, typeError: `${label} is required`, required: `${label} is required`, max: 80 });

/** A password with a lone surrogate is refused by the text rule's words (text-field.ts). */
const wellFormedPassword = { message: malformedMessage("Password"), params: { rule: "malformed" } };

const newPassword = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine(isWellFormed, wellFormedPassword);

function passwordIsNotEmail(value: { email?: string; password: string }, ctx: z.RefinementCtx) {
  if (value.email && value.password.trim().toLowerCase() === value.email) {
    ctx.addIssue(fieldIssueAt("password", "same_as_email", "Password must not be your email address"));
  }
}

function passwordsMatch(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue(fieldIssueAt("confirmPassword", "mismatch", AUTH_MESSAGES.passwordsDoNotMatch));
  }
}

export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .refine(isWellFormed, wellFormedPassword),
});

export const SignupSchema = z
  .object({
    firstName: name("First name"),
    lastName: name("Last name"),
    email,
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .superRefine(passwordIsNotEmail)
  .superRefine(passwordsMatch);

export const ForgotPasswordSchema = z.object({ email });

export const ResetPasswordSchema = z
  .object({
    token: text({ label: "The reset link", required: AUTH_MESSAGES.tokenInvalid, max: 200 }),
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .superRefine(passwordsMatch);

export type FieldErrors = Record<string, string>;

/** The first English message per field, keyed by the form field's name (what the API answers). */
export { fieldMessages as fieldErrors } from "../platform/field-problem";
