/**
 * A visitor takes their details back (issue #33): the contact their private link names, and
 * its deletion. The owner's alerts about it go with it (ON DELETE CASCADE), so neither their
 * alert mail nor the visitor's details-shared mail (read from the row when it goes) is sent any
 * more; the tap they made stays in the owner's scan counts, which never named them.
 */
import type { DomainEvent } from "@releve/core/platform/events";
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { eventIfChanged } from "../platform/events";
import { contacts, profiles } from "../schema";

type OwnerNames = { display_name: string | null; first_name: string | null } | null;

/** How the page names the owner: their display name, else their first name; null when neither. */
const nameOf = (p: OwnerNames) => p?.display_name?.trim() || p?.first_name?.trim() || null;

/** A contact as its withdrawal needs it: its owner, their name, its garment; undefined when it is gone. */
function withdrawalContact(db: Db, contactId: number) {
  return db
    .select({
      ownerUserId: contacts.owner_user_id,
      garmentId: contacts.garment_id,
      display_name: profiles.display_name,
      first_name: profiles.first_name,
    })
    .from(contacts)
    .leftJoin(profiles, eq(profiles.user_id, contacts.owner_user_id))
    .where(eq(contacts.id, contactId))
    .get();
}

/**
 * The name of the owner a contact was left with, as the withdrawal page names them: null when
 * their card has none (the page says so in its language), undefined when the contact is gone.
 */
export async function withdrawalOwner(db: Db, contactId: number): Promise<string | null | undefined> {
  const row = await withdrawalContact(db, contactId);
  return row ? nameOf(row) : undefined;
}

/**
 * Deletes the contact, with `event` (its owner as the person it concerns, its garment as its
 * subject) in the same batch, written only if the delete removed it. The owner's name (null
 * when their card has none), or undefined when it was already gone.
 */
export async function withdrawContact(
  db: Db,
  contactId: number,
  event?: DomainEvent,
): Promise<{ ownerName: string | null } | undefined> {
  const row = await withdrawalContact(db, contactId);
  if (!row) return undefined;
  const recorded = event && {
    ...event,
    personId: row.ownerUserId,
    subjects: { ...event.subjects, garmentId: row.garmentId },
  };
  const [deleted] = await db.batch([
    db.delete(contacts).where(eq(contacts.id, contactId)).returning({ id: contacts.id }),
    ...(recorded ? [eventIfChanged(db, recorded)] : []),
  ]);
  return deleted.length > 0 ? { ownerName: nameOf(row) } : undefined;
}
