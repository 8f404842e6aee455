/**
 * An account deleted by its holder (issue #33, GDPR Art. 17; decision 0060). One D1 batch: the
 * person's garments leave them (their ownership periods close, kept without identity for the
 * passport's count; their photos go), every row that names them goes or forgets them, then the
 * user row, whose foreign keys take the rest (sessions, tokens, profile, events, contacts received,
 * transfers, alerts) or set it to null (scans, periods, tags: the counts stay); the events keep
 * what happened without the person. The tap's records of the released garments are refreshed;
 * the photo objects are the account.deleted event's consumer's (packages/verbs).
 */
import type { DomainEvent } from "@releve/core/platform/events";
import { type AnyColumn, and, eq, isNotNull, like, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../client";
import { unownedGarment } from "../ownership/commands";
import { eventEntry, forgetPersonInEvents } from "../platform/events";
import {
  adminAuditLog,
  adminUsers,
  authAttempts,
  contacts,
  earlyAccessEntries,
  emailOutbox,
  garments,
  nfcTags,
  ownershipTransfers,
  profiles,
  rateEvents,
  scanDailyDimensions,
  scanDailyStats,
  users,
} from "../schema";
import { keepTapTrue, type TapStores } from "../tap/cache";

/** What an audit entry says instead of the deleted person's address, id or card id. */
const DELETED_ACCOUNT = "[deleted account]";

export type DeletionResult =
  | { status: "deleted"; email: string; slugs: string[]; photoKeys: string[] }
  | { status: "not_found" | "last_admin" };

/** The account's address and password hash, for the confirmation; undefined when there is no such user. */
export function accountForDeletion(db: Db, userId: string) {
  return db
    .select({ email: users.email, password_hash: users.password_hash })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

/**
 * Deletes the account `userId` and everything that names the person. Refused for the last
 * active admin (the portal would have no one). Details the person left on others' cards under
 * their verified address go too: nothing of them stays readable by anyone.
 */
export async function deleteAccount(
  db: Db,
  tap: TapStores,
  userId: string,
  /** The change's event (issue #48), given what went: written in the batch, the person then forgotten in every event. */
  eventFor?: (gone: { garments: number; photoKeys: string[] }) => DomainEvent,
): Promise<DeletionResult> {
  const [user, admin, profile, owned] = await Promise.all([
    db.select({ email: users.email, verified: users.email_verified_at }).from(users).where(eq(users.id, userId)).get(),
    db.select({ active: adminUsers.is_active }).from(adminUsers).where(eq(adminUsers.user_id, userId)).get(),
    db.select({ client_id: profiles.client_id }).from(profiles).where(eq(profiles.user_id, userId)).get(),
    db
      .select({ slug: garments.short_slug, photo: garments.photo_key, card: garments.photo_card_key })
      .from(garments)
      .where(eq(garments.owner_user_id, userId)),
  ]);
  if (!user) return { status: "not_found" };
  if (admin?.active) {
    const others = await db.$count(adminUsers, and(eq(adminUsers.is_active, true), ne(adminUsers.user_id, userId)));
    if (others === 0) return { status: "last_admin" };
  }
  const names = [userId, user.email, ...(profile ? [profile.client_id] : [])];
  // Raw: replace() has no drizzle builder. Each name in an audit entry's text becomes DELETED_ACCOUNT.
  const scrub = (column: AnyColumn) =>
    names.reduce<SQL>((expr, name) => sql`replace(${expr}, ${name}, ${DELETED_ACCOUNT})`, sql`${column}`);
  const mentions = or(
    eq(adminAuditLog.admin_user_id, userId),
    ...names.flatMap((name) => [
      like(adminAuditLog.before, `%${name}%`),
      like(adminAuditLog.after, `%${name}%`),
      like(adminAuditLog.target_id, `%${name}%`),
      like(adminAuditLog.admin_email, `%${name}%`),
    ]),
  );
  const photoKeys = owned.flatMap((g) => [g.photo, g.card]).filter((k): k is string => k !== null);
  await db.batch([
    // The garments leave the person: the trigger closes each ownership period ('deletion').
    db.update(garments).set(unownedGarment("deletion")).where(eq(garments.owner_user_id, userId)),
    // Their notes to owners of pieces they asked for.
    db.update(ownershipTransfers).set({ message: null }).where(eq(ownershipTransfers.to_user_id, userId)),
    // Audit entries keep what was done, not who it was done to or by.
    db
      .update(adminAuditLog)
      .set({
        admin_email: sql`${scrub(adminAuditLog.admin_email)}`,
        target_id: sql`${scrub(adminAuditLog.target_id)}`,
        before: sql`${scrub(adminAuditLog.before)}`,
        after: sql`${scrub(adminAuditLog.after)}`,
      })
      .where(mentions),
    db.update(adminAuditLog).set({ admin_email: DELETED_ACCOUNT }).where(eq(adminAuditLog.admin_user_id, userId)),
    // A tag's programming record names its client's card id and the staff member who wrote it.
    db
      .update(nfcTags)
      .set({ metadata: sql`${scrub(nfcTags.metadata)}` })
      .where(or(...names.map((name) => like(nfcTags.metadata, `%${name}%`)))),
    db.delete(authAttempts).where(eq(authAttempts.email, user.email)),
    db.delete(rateEvents).where(or(eq(rateEvents.key, user.email), like(rateEvents.key, `%${userId}%`))),
    db.delete(earlyAccessEntries).where(eq(earlyAccessEntries.email, user.email)),
    db.delete(emailOutbox).where(eq(emailOutbox.to_address, user.email)),
    ...(user.verified
      ? [
          db
            .delete(contacts)
            .where(
              and(
                ne(contacts.owner_user_id, userId),
                isNotNull(contacts.email),
                eq(sql`lower(${contacts.email})`, user.email),
              ),
            ),
        ]
      : []),
    // The person's daily figures join the unowned ones: the counts stay, without them. Every
    // column in the table's order (drizzle's insert-select); a NULL id is a new row's.
    db
      .insert(scanDailyStats)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            day: scanDailyStats.day,
            garment_id: scanDailyStats.garment_id,
            owner_user_id: sql<string>`''`.as("owner_user_id"),
            wardrobe_event_id: sql<number>`0`.as("wardrobe_event_id"),
            scans: scanDailyStats.scans,
            owner_scans: scanDailyStats.owner_scans,
            visitor_scans: scanDailyStats.visitor_scans,
            anonymous_scans: scanDailyStats.anonymous_scans,
            updated_at: scanDailyStats.updated_at,
          })
          .from(scanDailyStats)
          .where(eq(scanDailyStats.owner_user_id, userId)),
      )
      .onConflictDoUpdate({
        target: [
          scanDailyStats.day,
          scanDailyStats.garment_id,
          scanDailyStats.owner_user_id,
          scanDailyStats.wardrobe_event_id,
        ],
        set: {
          scans: sql`${scanDailyStats.scans} + excluded.scans`,
          owner_scans: sql`${scanDailyStats.owner_scans} + excluded.owner_scans`,
          visitor_scans: sql`${scanDailyStats.visitor_scans} + excluded.visitor_scans`,
          anonymous_scans: sql`${scanDailyStats.anonymous_scans} + excluded.anonymous_scans`,
        },
      }),
    db.delete(scanDailyStats).where(eq(scanDailyStats.owner_user_id, userId)),
    db
      .insert(scanDailyDimensions)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            day: scanDailyDimensions.day,
            owner_user_id: sql<string>`''`.as("owner_user_id"),
            dimension: scanDailyDimensions.dimension,
            value: scanDailyDimensions.value,
            scans: scanDailyDimensions.scans,
          })
          .from(scanDailyDimensions)
          .where(eq(scanDailyDimensions.owner_user_id, userId)),
      )
      .onConflictDoUpdate({
        target: [
          scanDailyDimensions.owner_user_id,
          scanDailyDimensions.dimension,
          scanDailyDimensions.day,
          scanDailyDimensions.value,
        ],
        set: { scans: sql`${scanDailyDimensions.scans} + excluded.scans` },
      }),
    db.delete(scanDailyDimensions).where(eq(scanDailyDimensions.owner_user_id, userId)),
    db.delete(users).where(eq(users.id, userId)),
    ...(eventFor ? [eventEntry(db, eventFor({ garments: owned.length, photoKeys }))] : []),
    // Last, so the deletion's own event keeps no id either.
    forgetPersonInEvents(db, userId),
  ]);
  const slugs = owned.map((g) => g.slug);
  await keepTapTrue(tap, slugs);
  return {
    status: "deleted",
    email: user.email,
    slugs,
    photoKeys,
  };
}
