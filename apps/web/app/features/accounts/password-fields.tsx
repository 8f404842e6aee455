import { PASSWORD_MIN_LENGTH } from "@releve/core/accounts/auth-constants";
import { m } from "@releve/i18n/messages";
import { TextField } from "@releve/ui";

/** The password of a sign-in form. */
export function PasswordField({ error }: { error?: string }) {
  return (
    <TextField
      label={m.account_label_password()}
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
        hint={m.account_password_rules({ min: PASSWORD_MIN_LENGTH })}
        error={errors.password}
      />
      <TextField
        label={m.account_label_confirm_password()}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
