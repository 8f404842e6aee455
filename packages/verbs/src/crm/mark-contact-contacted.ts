import { markContactContacted as markContacted } from "@releve/db/crm/commands";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type MarkContactContactedOutcome = { code: "marked" } | { code: "not_found" };

/**
 * 'Mark Contacted' (spec part 2 §4): the owner marks one of their contacts contacted, with their
 * notes or none (from a garment's page, only one made through that garment), with its
 * contact.marked_contacted event naming the contact's garment (never the notes). Any other id
 * changes and records nothing.
 */
export async function markContactContacted(
  effects: Effects,
  input: { userId: string; contactId: number; notes: string | null; garmentId?: number },
): Promise<MarkContactContactedOutcome> {
  const at = effects.now();
  // The garment is read from the contact's row in the same batch (the contacts page has no garment id).
  const event = domainEvent("contact.marked_contacted", {
    actor: effects.actor,
    payload: { contactId: input.contactId },
    at,
  });
  const marked = await markContacted(effects.db, input, at.getTime(), event);
  if (!marked) return { code: "not_found" };
  await publishEvents(effects, [event]);
  return { code: "marked" };
}
