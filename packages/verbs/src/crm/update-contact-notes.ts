import { updateContactNotes as saveNotes } from "@releve/db/crm/commands";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type UpdateContactNotesOutcome = { code: "updated" } | { code: "not_found" };

/**
 * 'Contact Updated' (spec part 2 §8): the owner edits their notes on a contact already marked
 * contacted, with its contact.notes_changed event naming the contact's garment (never the
 * notes). Another owner's contact, another garment's, or one not yet contacted: `not_found`,
 * nothing changed or recorded.
 */
export async function updateContactNotes(
  effects: Effects,
  input: { userId: string; contactId: number; notes: string | null; garmentId?: number },
): Promise<UpdateContactNotesOutcome> {
  const event = domainEvent("contact.notes_changed", {
    actor: effects.actor,
    payload: { contactId: input.contactId },
    at: effects.now(),
  });
  const updated = await saveNotes(effects.db, input, event);
  if (!updated) return { code: "not_found" };
  await publishEvents(effects, [event]);
  return { code: "updated" };
}
