import { contactName } from "@releve/core/crm/rules";
import { formatPhone } from "@releve/core/platform/phone";
import type { OwnerContact } from "@releve/db/crm/queries";
import { m } from "@releve/i18n/messages";
import { useLocation } from "react-router";
import type { CrmActionData } from "./crm-actions.server";
import { formatDay } from "./crm-format";
import { ContactStatus } from "./mark-contacted";

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
  // Post back to this exact list (filters included); spelled out so server and client agree on it.
  const location = useLocation();
  const name = contactName(c);
  const error = actionData?.intent === "mark-contacted" && actionData.contactId === c.id ? actionData.error : null;
  const editError = actionData?.intent === "update-notes" && actionData.contactId === c.id ? actionData.error : null;
  // A piece since handed on or released (issue #32) is named as no longer theirs.
  const piece = c.garment_name && !c.garment_owned ? m.crm_no_longer_yours({ piece: c.garment_name }) : c.garment_name;
  const where = [showEvent ? c.event_name : null, piece].filter(Boolean).join(" · ");
  return (
    <article
      aria-label={name}
      tabIndex={-1}
      data-keyset-id={c.id}
      className="border border-ink/10 bg-white p-4 outline-offset-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-display text-lg">{name}</h3>
          <p className="break-words text-sm text-stone">
            {[c.email, c.phone && formatPhone(c.phone)].filter(Boolean).join(" · ") || m.crm_no_email_phone()}
          </p>
          {(c.instagram || c.linkedin) && (
            <p className="break-words text-sm text-stone">
              {[c.instagram ? `@${c.instagram.replace(/^@/, "")}` : null, c.linkedin].filter(Boolean).join(" · ")}
            </p>
          )}
          <p className="text-xs text-stone">
            {where ? `${where} · ` : ""}
            {m.crm_connected_on({ date: formatDay(c.created_at) })}
          </p>
        </div>
        <ContactStatus
          contactedAt={c.contacted_at}
          notes={c.contact_notes}
          editError={editError}
          contactId={c.id}
          error={error}
          intent="mark-contacted"
          action={`${location.pathname}${location.search}`}
          label={m.crm_mark_named_contacted({ name })}
          notesLabel={m.crm_notes_on({ name })}
        />
      </div>
      <ContactNotes notes={c.notes} contactNotes={c.contact_notes} />
    </article>
  );
}

/** A contact's two notes, each named: the visitor's own ('Their note') and the owner's ('Your notes'). */
export function ContactNotes({ notes, contactNotes }: { notes: string | null; contactNotes: string | null }) {
  return (
    <>
      {notes && (
        <p className="mt-3 whitespace-pre-line break-words text-sm">
          <span className="text-stone">{m.crm_their_note()} </span>
          {notes}
        </p>
      )}
      {contactNotes && (
        <p className="mt-2 whitespace-pre-line break-words text-sm">
          <span className="text-stone">{m.crm_your_notes()} </span>
          {contactNotes}
        </p>
      )}
    </>
  );
}
