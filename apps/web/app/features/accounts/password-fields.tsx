import { PASSWORD_RULES } from "@releve/core/accounts/auth-constants";
import { TextField } from "@releve/ui";

/** The password of a sign-in form. */
export function PasswordField({ error }: { error?: string }) {
  return (
    <TextField
      label="Password"
      name="password"
      type="password"
      autoComplete="current-password"
      required
      error={error}
    />
  );
}

/** A new password, with the rules under it, and its confirmation (sign-up, reset). */
export function NewPasswordFields({
  label,
  minLength,
  errors,
}: {
  label: string;
  minLength?: number;
  errors: Partial<Record<"password" | "confirmPassword", string>>;
}) {
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={minLength}
        hint={PASSWORD_RULES}
        error={errors.password}
      />
      <TextField
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
