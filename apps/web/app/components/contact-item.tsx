import { CONTACT_NOTES_MAX, contactName } from "@releve/core/crm";
import { Button, buttonClass, FormAlert } from "@releve/ui";
import { Form, useLocation, useNavigation } from "react-router";
import type { OwnerContact } from "../lib/contacts.server";
import type { CrmActionData } from "../lib/crm-actions.server";

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * One contact of the owner's lists: who, how to reach them, where they met, and either the
 * 'Contacted {date}' badge or 'Mark Contacted' with optional notes (a plain POST form).
 */
export function ContactItem({
  contact: c,
  actionData,
  showEvent = true,
}: {
  contact: OwnerContact;
  actionData?: CrmActionData;
  showEvent?: boolean;
}) {
  const navigation = useNavigation();
  // Post back to this exact list (filters included); spelled out so server and client agree on it.
  const location = useLocation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("contactId") === String(c.id);
  const name = contactName(c);
  const error = actionData?.intent === "mark-contacted" && actionData.contactId === c.id ? actionData.error : null;
  const where = [showEvent ? c.event_name : null, c.garment_name].filter(Boolean).join(" · ");
  return (
    <article aria-label={name} className="border border-ink/10 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-display text-lg">{name}</h3>
          <p className="break-words text-sm text-stone">
            {[c.email, c.phone].filter(Boolean).join(" · ") || "No email or phone"}
          </p>
          {(c.instagram || c.linkedin) && (
            <p className="break-words text-sm text-stone">
              {[c.instagram ? `@${c.instagram.replace(/^@/, "")}` : null, c.linkedin].filter(Boolean).join(" · ")}
            </p>
          )}
          <p className="text-xs text-stone">
            {where ? `${where} · ` : ""}Connected {day.format(c.created_at)}
          </p>
        </div>
        {c.contacted_at ? (
          <span className="border border-gold/40 px-2 py-0.5 text-xs text-gold">
            Contacted {day.format(c.contacted_at)}
          </span>
        ) : (
          <details className="w-full sm:w-auto" open={error ? true : undefined}>
            <summary className={buttonClass("secondary", "cursor-pointer list-none")}>Mark Contacted</summary>
            <Form
              method="post"
              action={`${location.pathname}${location.search}`}
              className="mt-3 flex flex-col gap-2"
              aria-label={`Mark ${name} as contacted`}
            >
              <input type="hidden" name="intent" value="mark-contacted" />
              <input type="hidden" name="contactId" value={c.id} />
              <label htmlFor={`notes-${c.id}`} className="text-xs uppercase tracking-[0.16em]">
                Notes (optional)
              </label>
              <textarea
                id={`notes-${c.id}`}
                name="notes"
                rows={2}
                maxLength={CONTACT_NOTES_MAX}
                className="border border-ink/20 px-3 py-2 text-base outline-none focus:border-ink"
              />
              {error && <FormAlert>{error}</FormAlert>}
              <Button type="submit" disabled={busy} aria-busy={busy}>
                {busy ? "Saving..." : "Save"}
              </Button>
            </Form>
          </details>
        )}
      </div>
      {c.notes && (
        <p className="mt-3 whitespace-pre-line break-words text-sm">
          <span className="text-stone">Their note: </span>
          {c.notes}
        </p>
      )}
      {c.contact_notes && (
        <p className="mt-2 whitespace-pre-line break-words text-sm">
          <span className="text-stone">Your notes: </span>
          {c.contact_notes}
        </p>
      )}
    </article>
  );
}
