import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, type AlertFrequency } from "@releve/core/crm/alerts";
import { Form } from "react-router";
import { SubmitButton } from "../../components/submit-button";

/** The profile page's 'Notifications' (issue #33): how often the owner hears of new connections. */
export function NotificationsForm({ frequency, error }: { frequency: AlertFrequency; error?: string }) {
  return (
    <Form method="post" className="flex min-w-0 flex-col gap-5" aria-labelledby="notifications-title">
      <input type="hidden" name="intent" value="notifications" />
      <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={error ? "notifications-error" : undefined}>
        <legend id="notifications-title" className="mb-2 font-display text-xl">
          Notifications
        </legend>
        <p className="text-sm text-stone">
          A mail when someone leaves you their details or asks for one of your pieces.
        </p>
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
              <span>{ALERT_FREQUENCY_LABELS[value].label}</span>
              <span className="text-xs text-stone">{ALERT_FREQUENCY_LABELS[value].description}</span>
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
        busyLabel="Saving..."
        variant="secondary"
        pending={(n) => n.formData?.get("intent") === "notifications"}
        className="w-full sm:w-auto sm:self-start"
      >
        Save Notifications
      </SubmitButton>
    </Form>
  );
}
