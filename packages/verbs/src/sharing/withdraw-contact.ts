import { withdrawContactId } from "@releve/core/sharing/withdraw";
import { domainEvent } from "@releve/db/platform/events";
import { withdrawContact as removeContact } from "@releve/db/sharing/withdrawal";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type WithdrawContactOutcome =
  /** `ownerName`: the owner's name on their card, for the page to say (null when it has none). */
  { code: "withdrawn"; ownerName: string | null } | { code: "invalid" } | { code: "already_gone" };

/**
 * A visitor takes back the details they left on someone's card, through the private link they
 * were given (issue #33): the contact is deleted with its contact.withdrawn event in one batch
 * (the owner as the person it concerns). The owner's pending alert about it goes with it (ON
 * DELETE CASCADE) and the visitor's details-shared mail, read from the row when it goes, finds
 * nothing to send. It works once: a forged or truncated link (`invalid`) or a used one, or one
 * whose contact is gone (`already_gone`), changes and records nothing.
 */
export async function withdrawContact(effects: Effects, input: { token: string }): Promise<WithdrawContactOutcome> {
  const contactId = await withdrawContactId(effects.secret, input.token);
  if (contactId === null) return { code: "invalid" };
  const event = domainEvent("contact.withdrawn", {
    actor: effects.actor,
    payload: { contactId },
    at: effects.now(),
  });
  const removed = await removeContact(effects.db, contactId, event);
  if (!removed) return { code: "already_gone" };
  await publishEvents(effects, [event]);
  return { code: "withdrawn", ownerName: removed.ownerName };
}
