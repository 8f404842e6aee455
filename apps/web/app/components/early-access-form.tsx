import { REFERRAL_LABELS, REFERRAL_SOURCES } from "@releve/core/early-access-constants";
import { Button, FormAlert, TextField } from "@releve/ui";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import type { EarlyAccessOutcome } from "../lib/early-access.server";

type Failure = Extract<EarlyAccessOutcome, { ok: false }>;

/**
 * The early-access form; the blog's newsletter uses it without the referral question (its
 * entries are filed as 'other'). A plain POST, so it works before any script has loaded.
 */
export function EarlyAccessForm({
  failure,
  submitLabel,
  intent,
  withReferral = true,
}: {
  failure: Failure | null;
  submitLabel: string;
  intent?: string;
  withReferral?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === (intent ?? null);
  const selectId = useId();
  const errors = failure?.fieldErrors ?? {};
  const v = (name: keyof Failure["values"]) => failure?.values[name] ?? "";
  return (
    <Form method="post" noValidate className="flex flex-col gap-5">
      {intent && <input type="hidden" name="intent" value={intent} />}
      {failure && <FormAlert title={failure.title}>{failure.message}</FormAlert>}
      <TextField
        label="Full name *"
        name="full_name"
        autoComplete="name"
        required
        defaultValue={v("full_name")}
        error={errors.full_name}
      />
      <TextField
        label="Email *"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        defaultValue={v("email")}
        error={errors.email}
      />
      {withReferral && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={selectId} className="text-xs font-medium uppercase tracking-[0.16em] text-ink">
            How did you hear about us? (optional)
          </label>
          <select
            id={selectId}
            name="referral_source"
            defaultValue={v("referral_source")}
            className="min-h-11 w-full min-w-0 border border-ink/20 bg-white px-3 text-base text-ink outline-none focus:border-ink"
          >
            <option value="">Select an option</option>
            {REFERRAL_SOURCES.map((source) => (
              <option key={source} value={source}>
                {REFERRAL_LABELS[source]}
              </option>
            ))}
          </select>
        </div>
      )}
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? "Sending..." : submitLabel}
      </Button>
    </Form>
  );
}
