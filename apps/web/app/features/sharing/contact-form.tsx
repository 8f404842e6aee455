import { m } from "@releve/i18n/messages";
import { FormAlert, TextAreaField, TextField, type TextFieldProps } from "@releve/ui";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Honeypot } from "../../components/honeypot";
import { type PendingNavigation, SubmitButton } from "../../components/submit-button";

export type ContactFormField = Pick<
  TextFieldProps,
  "label" | "name" | "type" | "autoComplete" | "inputMode" | "required" | "maxLength"
> & { multiline?: boolean };

/** What an action answers when a visitor's form is refused: its message, the field errors, what was typed. */
export type ContactFormFailure = {
  formError?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
};

/**
 * A visitor's details form (the share page's, the contact card's, early access): its fields
 * refilled after a refusal with their errors, one message above them, a submit button that says
 * 'Sending...'. A plain POST, so it works on a page without script (decision 0020). Every one is
 * public, so every one carries the honeypot its action checks (HONEYPOT_FIELD).
 */
export function ContactForm({
  fields,
  values = {},
  errors = {},
  alert,
  heading,
  children,
  submitLabel,
  submitClassName,
  pending,
  action,
  className,
}: {
  fields: ContactFormField[];
  values?: Record<string, string>;
  errors?: Record<string, string>;
  alert?: { title?: string; message: string } | null;
  /** Above the message: a title, a hidden field. */
  heading?: ReactNode;
  /** Between the fields and the button. */
  children?: ReactNode;
  submitLabel: string;
  submitClassName?: string;
  pending?: (navigation: PendingNavigation) => boolean;
  action?: string;
  className: string;
}) {
  // Issue #49: without an alert to take the focus, the first field in error takes it (this form
  // is often on a page sent as plain HTML, where only the attribute can).
  const firstInError = alert ? undefined : fields.find((field) => errors[field.name])?.name;
  return (
    <Form method="post" action={action} className={className} noValidate>
      {heading}
      <Honeypot />
      {alert && <FormAlert title={alert.title}>{alert.message}</FormAlert>}
      {fields.map(({ multiline, ...field }) =>
        multiline ? (
          <TextAreaField
            key={field.name}
            label={field.label}
            name={field.name}
            maxLength={field.maxLength}
            defaultValue={values[field.name] ?? ""}
            error={errors[field.name]}
            // The field the refusal names is what to fix next (issue #49).
            autoFocus={field.name === firstInError}
          />
        ) : (
          <TextField
            key={field.name}
            {...field}
            defaultValue={values[field.name] ?? ""}
            error={errors[field.name]}
            // The field the refusal names is what to fix next (issue #49).
            autoFocus={field.name === firstInError}
          />
        ),
      )}
      {children}
      <SubmitButton busyLabel={m.site_sending()} pending={pending} className={submitClassName}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
