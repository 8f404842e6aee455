/**
 * A visitor takes their details back (issue #33): the contact their private link names, and
 * its deletion. The owner's alerts about it go with it (ON DELETE CASCADE); the tap they made
 * stays in the owner's scan counts, which never named them.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { contacts, profiles } from "../schema";

/** How the page names the owner: their display name, else their first name, else 'The owner'. */
const ownerName = (p: { display_name: string | null; first_name: string | null } | undefined) =>
  p?.display_name?.trim() || p?.first_name?.trim() || "The owner";

/** The owner a contact was left with, as the withdrawal page names them; undefined when the contact is gone. */
export async function withdrawalOwner(db: Db, contactId: number): Promise<string | undefined> {
  const row = await db
    .select({ display_name: profiles.display_name, first_name: profiles.first_name })
    .from(contacts)
    .leftJoin(profiles, eq(profiles.user_id, contacts.owner_user_id))
    .where(eq(contacts.id, contactId))
    .get();
  return row ? ownerName(row) : undefined;
}

/** Deletes the contact; the owner's name as the page says it, or undefined when it was already gone. */
export async function withdrawContact(db: Db, contactId: number): Promise<string | undefined> {
  const owner = await withdrawalOwner(db, contactId);
  if (owner === undefined) return undefined;
  const deleted = await db.delete(contacts).where(eq(contacts.id, contactId)).returning({ id: contacts.id });
  return deleted.length > 0 ? owner : undefined;
}
