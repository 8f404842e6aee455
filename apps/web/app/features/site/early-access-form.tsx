import { REFERRAL_LABELS, REFERRAL_SOURCES, type ReferralSource } from "@releve/core/site/early-access-constants";
import { m } from "@releve/i18n/messages";
import { useId } from "react";
import { ContactForm, type ContactFormField } from "../sharing/contact-form";
import type { EarlyAccessOutcome } from "./early-access.server";

type Failure = Extract<EarlyAccessOutcome, { ok: false }>;

// Said when the form renders, so in its reader's language.
const fields = (): ContactFormField[] => [
  { label: m.site_ea_field_full_name(), name: "full_name", autoComplete: "name", required: true },
  {
    label: m.site_ea_field_email(),
    name: "email",
    type: "email",
    autoComplete: "email",
    inputMode: "email",
    required: true,
  },
];

/** The referral choices in the page's language; the names of the networks are the same in every one. */
const REFERRAL_SAID: Partial<Record<ReferralSource, () => string>> = {
  friend: m.site_ea_referral_friend,
  "fashion-show": m.site_ea_referral_show,
  press: m.site_ea_referral_press,
  other: m.site_ea_referral_other,
};

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
  const selectId = useId();
  return (
    <ContactForm
      fields={fields()}
      values={failure?.values}
      errors={failure?.fieldErrors}
      alert={failure}
      heading={intent && <input type="hidden" name="intent" value={intent} />}
      submitLabel={submitLabel}
      pending={({ formData }) => formData?.get("intent") === (intent ?? null)}
      className="flex flex-col gap-5"
    >
      {withReferral && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={selectId} className="text-xs font-medium uppercase tracking-[0.16em] text-ink">
            {m.site_ea_referral()}
          </label>
          <select
            id={selectId}
            name="referral_source"
            defaultValue={failure?.values.referral_source ?? ""}
            className="min-h-11 w-full min-w-0 border border-ink/20 bg-white px-3 text-base text-ink outline-none focus:border-ink"
          >
            <option value="">{m.site_ea_referral_placeholder()}</option>
            {REFERRAL_SOURCES.map((source) => (
              <option key={source} value={source}>
                {REFERRAL_SAID[source]?.() ?? REFERRAL_LABELS[source]}
              </option>
            ))}
          </select>
        </div>
      )}
    </ContactForm>
  );
}
