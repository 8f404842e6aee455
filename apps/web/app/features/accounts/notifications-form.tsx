import { ALERT_FREQUENCIES, type AlertFrequency } from "@releve/core/crm/alerts";
import { m } from "@releve/i18n/messages";
import { Form } from "react-router";
import { SubmitButton } from "../../components/submit-button";

/** Each frequency as core's ALERT_FREQUENCY_LABELS says it, in the page's language. */
const FREQUENCY_WORDS: Record<AlertFrequency, { label: () => string; description: () => string }> = {
  each: { label: () => m.account_alert_each(), description: () => m.account_alert_each_detail() },
  daily: { label: () => m.account_alert_daily(), description: () => m.account_alert_daily_detail() },
  off: { label: () => m.account_alert_off(), description: () => m.account_alert_off_detail() },
};

/** The profile page's 'Notifications' (issue #33): how often the owner hears of new connections. */
export function NotificationsForm({ frequency, error }: { frequency: AlertFrequency; error?: string }) {
  return (
    <Form method="post" className="flex min-w-0 flex-col gap-5" aria-labelledby="notifications-title">
      <input type="hidden" name="intent" value="notifications" />
      <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={error ? "notifications-error" : undefined}>
        <legend id="notifications-title" className="mb-2 font-display text-xl">
          {m.account_notifications()}
        </legend>
        <p className="text-sm text-stone">{m.account_notifications_lead()}</p>
        {ALERT_FREQUENCIES.map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-start gap-3 border border-ink/10 bg-white p-4 has-[:checked]:border-ink"
          >
            <input
              type="radio"
              name="alert_frequency"
              value={value}
              defaultChecked={frequency === value}
              className="mt-1 size-4 accent-ink"
            />
            <span className="flex flex-col text-sm">
              <span>{FREQUENCY_WORDS[value].label()}</span>
              <span className="text-xs text-stone">{FREQUENCY_WORDS[value].description()}</span>
            </span>
          </label>
        ))}
        {error && (
          <p id="notifications-error" role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </fieldset>
      <SubmitButton
        busyLabel={m.account_saving()}
        variant="secondary"
        pending={(n) => n.formData?.get("intent") === "notifications"}
        className="w-full sm:w-auto sm:self-start"
      >
        {m.account_save_notifications()}
      </SubmitButton>
    </Form>
  );
}
