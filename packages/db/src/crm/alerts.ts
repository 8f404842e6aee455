/**
 * New-connection alerts (issue #33, decision 0058): an owner's setting, what they have not yet
 * been told of (`owner_alerts`, written by triggers), and the claim that lets exactly one
 * consumer mail it. Every function takes `db` first; raw `sql` only with a one-line reason.
 */
import { ALERT_MAX_AGE_MS, type AlertEntry, type AlertFrequency, alertsDueAt } from "@releve/core/crm/alerts";
import type { DomainEvent } from "@releve/core/platform/events";
import { and, asc, eq, gt, inArray, isNull, min, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { eventIfChanged } from "../platform/events";
import {
  contacts,
  events,
  garments,
  ownerAlerts,
  ownershipTransfers,
  profiles,
  users,
  wardrobeEvents,
} from "../schema";
import { garmentTitle } from "../tags/queries";

/** The owner's alert setting and address, or undefined when there is no such user. */
export function readAlertSettings(db: Db, userId: string) {
  return db
    .select({ frequency: users.alert_frequency, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

/**
 * Sets how often the owner hears of new connections; turning alerts off also drops what was
 * waiting to be mailed (one batch). The previous setting, or null when there is no such user.
 * `event`, when given, is written in the same batch, only if the setting changed (choosing the
 * setting already stored records nothing).
 */
export async function setAlertFrequency(
  db: Db,
  userId: string,
  frequency: AlertFrequency,
  now = Date.now(),
  event?: DomainEvent,
): Promise<AlertFrequency | null> {
  const previous = (await readAlertSettings(db, userId))?.frequency ?? null;
  if (previous === null) return null;
  await db.batch([
    db
      .update(users)
      .set({ alert_frequency: frequency })
      .where(and(eq(users.id, userId), ne(users.alert_frequency, frequency))),
    ...(event ? [eventIfChanged(db, event)] : []),
    ...(frequency === "off"
      ? [
          db
            .update(ownerAlerts)
            .set({ sent_at: new Date(now) })
            .where(and(eq(ownerAlerts.owner_user_id, userId), isNull(ownerAlerts.sent_at))),
        ]
      : []),
  ]);
  return previous;
}

/** Owners with something not yet mailed (younger than ALERT_MAX_AGE_MS), oldest first, with when it is due. */
export async function dueAlertOwners(db: Db, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({
      userId: ownerAlerts.owner_user_id,
      oldest: min(ownerAlerts.created_at),
      frequency: users.alert_frequency,
      lastSentAt: users.alerts_sent_at,
    })
    .from(ownerAlerts)
    .innerJoin(users, eq(users.id, ownerAlerts.owner_user_id))
    .where(and(isNull(ownerAlerts.sent_at), gt(ownerAlerts.created_at, new Date(now - ALERT_MAX_AGE_MS))))
    .groupBy(ownerAlerts.owner_user_id)
    .orderBy(asc(min(ownerAlerts.created_at)))
    .limit(limit);
  return rows
    .filter((r) => {
      if (!r.oldest) return false;
      const due = alertsDueAt(r.frequency, r.lastSentAt?.getTime() ?? null, r.oldest.getTime());
      return due !== null && due <= now;
    })
    .map((r) => r.userId);
}

export type AlertClaim =
  | { status: "none" }
  | { status: "later"; dueAt: number }
  | { status: "off" }
  | { status: "raced" }
  | {
      status: "claimed";
      /** `locale`: the owner's stored language (users.locale), null before their first sign-in. */
      owner: {
        userId: string;
        email: string;
        firstName: string | null;
        frequency: AlertFrequency;
        locale: string | null;
      };
      entries: AlertEntry[];
      /** What `releaseAlerts` needs to put them back if the mail cannot be sent. */
      ids: number[];
      previousSentAt: Date | null;
      claimedAt: Date;
    };

/**
 * Claims the owner's pending alerts for one mail, if one is due now: the owner's `alerts_sent_at`
 * moves from the value read to `now` (a compare-and-set) and, only if that held, the pending rows
 * are marked in the same batch. Of two consumers at once, one claims; the other gets "raced".
 */
export async function claimAlerts(db: Db, userId: string, now = Date.now()): Promise<AlertClaim> {
  const cutoff = new Date(now - ALERT_MAX_AGE_MS);
  const pending = and(
    eq(ownerAlerts.owner_user_id, userId),
    isNull(ownerAlerts.sent_at),
    gt(ownerAlerts.created_at, cutoff),
  );
  const owner = await db
    .select({
      email: users.email,
      frequency: users.alert_frequency,
      lastSentAt: users.alerts_sent_at,
      firstName: profiles.first_name,
      locale: users.locale,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.user_id, users.id))
    .where(eq(users.id, userId))
    .get();
  if (!owner) return { status: "none" };
  const oldest = await db
    .select({ at: min(ownerAlerts.created_at) })
    .from(ownerAlerts)
    .where(pending)
    .get();
  if (!oldest?.at) return { status: "none" };
  const dueAt = alertsDueAt(owner.frequency, owner.lastSentAt?.getTime() ?? null, oldest.at.getTime());
  if (dueAt === null) {
    await db
      .update(ownerAlerts)
      .set({ sent_at: new Date(now) })
      .where(pending);
    return { status: "off" };
  }
  if (dueAt > now) return { status: "later", dueAt };
  const claimedAt = new Date(now);
  const [, claimed] = await db.batch([
    db
      .update(users)
      // Not the account's updated_at: the owner changed nothing.
      .set({ alerts_sent_at: claimedAt, updated_at: sql`${users.updated_at}` })
      .where(
        and(
          eq(users.id, userId),
          owner.lastSentAt === null ? isNull(users.alerts_sent_at) : eq(users.alerts_sent_at, owner.lastSentAt),
        ),
      ),
    db
      .update(ownerAlerts)
      .set({ sent_at: claimedAt })
      .where(
        and(
          pending,
          // Only if the compare-and-set above held: this consumer owns the window.
          sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.alerts_sent_at} = ${claimedAt.getTime()})`,
        ),
      )
      .returning({ id: ownerAlerts.id, contactId: ownerAlerts.contact_id, transferId: ownerAlerts.transfer_id }),
  ]);
  if (claimed.length === 0) return { status: "raced" };
  const entries = await alertEntries(
    db,
    claimed.flatMap((c) => (c.contactId === null ? [] : [c.contactId])),
    claimed.flatMap((c) => (c.transferId === null ? [] : [c.transferId])),
  );
  return {
    status: "claimed",
    owner: { userId, email: owner.email, firstName: owner.firstName, frequency: owner.frequency, locale: owner.locale },
    entries,
    ids: claimed.map((c) => c.id),
    previousSentAt: owner.lastSentAt,
    claimedAt,
  };
}

/** A mail that could not be sent: its alerts wait again, and the owner's window is as it was (one batch). */
export async function releaseAlerts(
  db: Db,
  userId: string,
  claim: { ids: number[]; previousSentAt: Date | null; claimedAt: Date },
): Promise<void> {
  await db.batch([
    db.update(ownerAlerts).set({ sent_at: null }).where(inArray(ownerAlerts.id, claim.ids)),
    db
      .update(users)
      .set({ alerts_sent_at: claim.previousSentAt, updated_at: sql`${users.updated_at}` })
      .where(and(eq(users.id, userId), eq(users.alerts_sent_at, claim.claimedAt))),
  ]);
}

const CHANNELS = [
  ["email", "email"],
  ["phone", "phone"],
  ["instagram", "Instagram"],
  ["linkedin", "LinkedIn"],
  ["tiktok", "TikTok"],
  ["facebook", "Facebook"],
] as const;

/** The claimed connections and requests as the mail tells them, oldest first. */
async function alertEntries(db: Db, contactIds: number[], transferIds: number[]): Promise<AlertEntry[]> {
  const [people, requests] = await Promise.all([
    contactIds.length === 0
      ? []
      : db
          .select({
            id: contacts.id,
            first_name: contacts.first_name,
            last_name: contacts.last_name,
            email: contacts.email,
            phone: contacts.phone,
            instagram: contacts.instagram,
            linkedin: contacts.linkedin,
            tiktok: contacts.tiktok,
            facebook: contacts.facebook,
            piece: garmentTitle,
            wardrobeEvent: wardrobeEvents.name,
            brandEvent: events.name,
            at: contacts.created_at,
          })
          .from(contacts)
          .leftJoin(garments, eq(garments.id, contacts.garment_id))
          .leftJoin(wardrobeEvents, eq(wardrobeEvents.id, contacts.wardrobe_event_id))
          .leftJoin(events, eq(events.id, contacts.event_id))
          .where(inArray(contacts.id, contactIds)),
    transferIds.length === 0
      ? []
      : db
          .select({
            id: ownershipTransfers.id,
            piece: garmentTitle,
            first_name: profiles.first_name,
            last_name: profiles.last_name,
            at: ownershipTransfers.created_at,
          })
          .from(ownershipTransfers)
          .innerJoin(garments, eq(garments.id, ownershipTransfers.garment_id))
          .leftJoin(profiles, eq(profiles.user_id, ownershipTransfers.to_user_id))
          .where(inArray(ownershipTransfers.id, transferIds)),
  ]);
  const fullName = (first: string | null, last: string | null, fallback: string) =>
    [first, last].filter((p) => p?.trim()).join(" ") || fallback;
  const entries: AlertEntry[] = [
    ...people.map(
      (c): AlertEntry => ({
        kind: "connection",
        contactId: c.id,
        name: fullName(c.first_name, c.last_name, "Someone"),
        channels: CHANNELS.filter(([field]) => c[field]?.trim()).map(([, label]) => label),
        piece: c.piece,
        event: c.wardrobeEvent ?? c.brandEvent,
        at: c.at.getTime(),
      }),
    ),
    ...requests.map(
      (r): AlertEntry => ({
        kind: "transfer_request",
        transferId: r.id,
        name: fullName(r.first_name, r.last_name, "Someone"),
        piece: r.piece,
        at: r.at.getTime(),
      }),
    ),
  ];
  return entries.sort((a, b) => a.at - b.at);
}
