import { CONTACT_NOTES_MAX } from "@releve/core/crm/rules";
import { buttonClass, FormAlert } from "@releve/ui";
import { Form } from "react-router";
import { SubmitButton } from "../../components/submit-button";
import { formatDay } from "./crm-format";

/**
 * The owner's 'Mark Contacted' with optional notes (spec part 2 §2), folded in a disclosure that
 * opens by itself to show an error. A plain POST form; `intent` for actions that serve several.
 */
type MarkContactedProps = {
  contactId: number;
  error?: string | null;
  intent?: string;
  action?: string;
  /** The form's accessible name, where a page lists several. */
  label?: string;
};

/** 'Contacted {date}' once the owner has marked the contact, else the form to mark it. */
export function ContactStatus({ contactedAt, ...mark }: MarkContactedProps & { contactedAt: Date | number | null }) {
  if (!contactedAt) return <MarkContacted {...mark} />;
  return (
    <span className="border border-gold/40 px-2 py-0.5 text-xs text-gold">Contacted {formatDay(contactedAt)}</span>
  );
}

export function MarkContacted({ contactId, error, intent, action, label }: MarkContactedProps) {
  return (
    <details className="w-full sm:w-auto" open={error ? true : undefined}>
      <summary className={buttonClass("secondary", "cursor-pointer list-none")}>Mark Contacted</summary>
      <Form method="post" action={action} className="mt-3 flex flex-col gap-2" aria-label={label}>
        {intent && <input type="hidden" name="intent" value={intent} />}
        <input type="hidden" name="contactId" value={contactId} />
        <label htmlFor={`notes-${contactId}`} className="text-xs uppercase tracking-[0.16em]">
          Notes (optional)
        </label>
        <textarea
          id={`notes-${contactId}`}
          name="notes"
          rows={2}
          maxLength={CONTACT_NOTES_MAX}
          className="border border-ink/20 px-3 py-2 text-base outline-none focus:border-ink"
        />
        {error && <FormAlert>{error}</FormAlert>}
        <SubmitButton
          busyLabel="Saving..."
          pending={({ formData }) => formData?.get("contactId") === String(contactId)}
        >
          Save
        </SubmitButton>
      </Form>
    </details>
  );
}
