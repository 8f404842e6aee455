import { CONTACT_NOTES_MAX } from "@releve/core/crm/rules";
import { m } from "@releve/i18n/messages";
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

/** The notes form's accessible name, where a page lists several ('Notes on Ana'). */
type NotesLabel = { notesLabel?: string };

/**
 * 'Contacted {date}' once the owner has marked the contact, with 'Edit notes' (intent
 * 'update-notes': the date stays; spec part 2 §8 'Contact Updated'); else the form to mark it.
 */
export function ContactStatus({
  contactedAt,
  notes,
  editError,
  notesLabel,
  ...mark
}: MarkContactedProps &
  NotesLabel & { contactedAt: Date | number | null; notes?: string | null; editError?: string | null }) {
  if (!contactedAt) return <MarkContacted {...mark} />;
  return (
    <div className="flex w-full flex-col items-start gap-2 sm:w-auto sm:items-end">
      <span className="border border-gold/40 px-2 py-0.5 text-xs text-gold">
        {m.crm_contacted_on({ date: formatDay(contactedAt) })}
      </span>
      <details className="w-full sm:w-auto" open={editError ? true : undefined}>
        <summary className="cursor-pointer text-xs underline underline-offset-4">{m.crm_edit_notes()}</summary>
        <Form method="post" action={mark.action} className="mt-3 flex flex-col gap-2" aria-label={notesLabel}>
          <input type="hidden" name="intent" value="update-notes" />
          <input type="hidden" name="contactId" value={mark.contactId} />
          <label htmlFor={`edit-notes-${mark.contactId}`} className="text-xs uppercase tracking-[0.16em]">
            {m.crm_your_notes_label()}
          </label>
          <textarea
            id={`edit-notes-${mark.contactId}`}
            name="notes"
            rows={2}
            maxLength={CONTACT_NOTES_MAX}
            defaultValue={notes ?? ""}
            className="border border-ink/20 px-3 py-2 text-base outline-none focus:border-ink"
          />
          {editError && <FormAlert>{editError}</FormAlert>}
          <SubmitButton
            variant="secondary"
            busyLabel={m.crm_saving()}
            pending={({ formData }) =>
              formData?.get("intent") === "update-notes" && formData?.get("contactId") === String(mark.contactId)
            }
          >
            {m.crm_save_notes()}
          </SubmitButton>
        </Form>
      </details>
    </div>
  );
}

function MarkContacted({ contactId, error, intent, action, label }: MarkContactedProps) {
  return (
    <details className="w-full sm:w-auto" open={error ? true : undefined}>
      <summary className={buttonClass("secondary", "cursor-pointer list-none")}>{m.crm_mark_contacted()}</summary>
      <Form method="post" action={action} className="mt-3 flex flex-col gap-2" aria-label={label}>
        {intent && <input type="hidden" name="intent" value={intent} />}
        <input type="hidden" name="contactId" value={contactId} />
        <label htmlFor={`notes-${contactId}`} className="text-xs uppercase tracking-[0.16em]">
          {m.crm_notes_optional()}
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
          busyLabel={m.crm_saving()}
          pending={({ formData }) => formData?.get("contactId") === String(contactId)}
        >
          {m.crm_save()}
        </SubmitButton>
      </Form>
    </details>
  );
}
