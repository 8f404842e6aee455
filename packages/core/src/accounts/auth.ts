import { z } from "zod";
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

const newPassword = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine(isWellFormed, malformedMessage("Password"));

function passwordIsNotEmail(value: { email?: string; password: string }, ctx: z.RefinementCtx) {
  if (value.email && value.password.trim().toLowerCase() === value.email) {
    ctx.addIssue({ code: "custom", path: ["password"], message: "Password must not be your email address" });
  }
}

function passwordsMatch(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: AUTH_MESSAGES.passwordsDoNotMatch });
  }
}

export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX_LENGTH)
    .refine(isWellFormed, malformedMessage("Password")),
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

/** The first message per field, keyed by the form field's name. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
