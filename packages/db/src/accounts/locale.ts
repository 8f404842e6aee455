import type { DomainEvent } from "@releve/core/platform/events";
import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { Db } from "../client";
import { eventIfChanged } from "../platform/events";
import { users } from "../schema";

/**
 * A person's language at sign-in (issue #34): the most recent explicit choice wins. One made on
 * this device (`chosen`, the language cookie) is stored with the profile; without one, the
 * stored language comes back for the device to remember (the caller sets the cookie); a person
 * with neither keeps what their browser asked for (`negotiated`), so their mails speak it.
 * Returns the stored language the device should adopt, or null when it has it already.
 */
export async function signInLocale(
  db: Db,
  userId: string,
  chosen: string | null,
  negotiated: string,
): Promise<string | null> {
  if (chosen) {
    await setUserLocale(db, userId, chosen);
    return null;
  }
  const stored = await userLocale(db, userId);
  if (stored) return stored;
  await setUserLocale(db, userId, negotiated);
  return null;
}

/**
 * Stores the person's language; with `event`, its event in the same batch, written only if the
 * stored language changed. Says whether it changed, was that already, or no account has the id.
 */
export async function setUserLocale(
  db: Db,
  userId: string,
  locale: string,
  event?: DomainEvent,
): Promise<"changed" | "same" | "no_user"> {
  const mine = eq(users.id, userId);
  const [found, changed] = await db.batch([
    db.select({ id: users.id }).from(users).where(mine),
    db
      .update(users)
      .set({ locale })
      .where(and(mine, or(isNull(users.locale), ne(users.locale, locale))))
      .returning({ id: users.id }),
    ...(event ? [eventIfChanged(db, event)] : []),
  ]);
  if (found.length === 0) return "no_user";
  return changed.length > 0 ? "changed" : "same";
}

export async function userLocale(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.locale ?? null;
}
