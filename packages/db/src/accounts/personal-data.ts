/**
 * 'Download my data' (issue #33, GDPR Art. 15 and 20): everything Relevé holds about one person,
 * and nothing about anyone else beyond the contacts they left for this person. The head (one
 * object) and the contacts received (read in keyset batches, streamed) are read apart, so the
 * file's size does not depend on memory.
 */
import { type ReadBatch, toBatch } from "@releve/core/platform/stream-export";
import { and, asc, eq, gt, like, or, sql, sum } from "drizzle-orm";
import type { Db } from "../client";
import {
  adminAuditLog,
  contacts,
  earlyAccessEntries,
  garments,
  ownershipPeriods,
  ownershipTransfers,
  profiles,
  scanDailyStats,
  users,
  wardrobeEvents,
} from "../schema";
import { garmentTitle } from "../tags/queries";

/** The export's head: every section but the contacts received; undefined when there is no such user. */
export async function personalDataHead(db: Db, userId: string) {
  const account = await db
    .select({
      id: users.id,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      email_verified_at: users.email_verified_at,
      alert_frequency: users.alert_frequency,
      // The language pages and mails speak to them (issue #34), null before their first sign-in.
      language: users.locale,
      created_at: users.created_at,
      updated_at: users.updated_at,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!account) return undefined;
  const profile = await db.select().from(profiles).where(eq(profiles.user_id, userId)).get();
  const ownProfile = profile
    ? and(eq(adminAuditLog.target_type, "profile"), eq(adminAuditLog.target_id, String(profile.id)))
    : sql`0`;
  const [owned, periods, events, statistics, transfers, audit, newsletter] = await Promise.all([
    db
      .select({
        id: garments.id,
        slug: garments.short_slug,
        title: garmentTitle,
        garment_type: garments.garment_type,
        color: garments.color,
        size: garments.size,
        status: garments.status,
        claimed_at: garments.claimed_at,
        photo_on_card: garments.photo_public,
      })
      .from(garments)
      .where(eq(garments.owner_user_id, userId))
      .orderBy(asc(garments.id)),
    // Their own periods only: who owned a piece before or after them is not theirs to read.
    db
      .select({
        garment_id: ownershipPeriods.garment_id,
        garment: garmentTitle,
        started_at: ownershipPeriods.started_at,
        started_how: ownershipPeriods.started_how,
        ended_at: ownershipPeriods.ended_at,
        ended_how: ownershipPeriods.ended_how,
      })
      .from(ownershipPeriods)
      .innerJoin(garments, eq(garments.id, ownershipPeriods.garment_id))
      .where(eq(ownershipPeriods.owner_user_id, userId))
      .orderBy(asc(ownershipPeriods.started_at)),
    db.select().from(wardrobeEvents).where(eq(wardrobeEvents.owner_user_id, userId)).orderBy(asc(wardrobeEvents.id)),
    db
      .select({
        day: scanDailyStats.day,
        garment_id: scanDailyStats.garment_id,
        scans: sum(scanDailyStats.scans).mapWith(Number),
        visitor_scans: sum(scanDailyStats.visitor_scans).mapWith(Number),
        own_scans: sum(scanDailyStats.owner_scans).mapWith(Number),
      })
      .from(scanDailyStats)
      .where(eq(scanDailyStats.owner_user_id, userId))
      .groupBy(scanDailyStats.day, scanDailyStats.garment_id)
      .orderBy(asc(scanDailyStats.day), asc(scanDailyStats.garment_id)),
    // Transfers they made or asked for: the piece, the kind and the outcome, never the other person.
    db
      .select({
        id: ownershipTransfers.id,
        garment: garmentTitle,
        kind: ownershipTransfers.kind,
        direction: sql<
          "from_me" | "to_me"
        >`CASE WHEN ${ownershipTransfers.from_user_id} = ${userId} THEN 'from_me' ELSE 'to_me' END`,
        status: ownershipTransfers.status,
        end_reason: ownershipTransfers.end_reason,
        created_at: ownershipTransfers.created_at,
        decided_at: ownershipTransfers.decided_at,
        my_message: sql<
          string | null
        >`CASE WHEN ${ownershipTransfers.to_user_id} = ${userId} THEN ${ownershipTransfers.message} END`,
      })
      .from(ownershipTransfers)
      .innerJoin(garments, eq(garments.id, ownershipTransfers.garment_id))
      .where(or(eq(ownershipTransfers.from_user_id, userId), eq(ownershipTransfers.to_user_id, userId)))
      .orderBy(asc(ownershipTransfers.id)),
    // The brand's records about them: what was done and when, never which staff member did it.
    // A record of their own profile says what it changed; one that only names them among others
    // (a piece moved between two clients) says what was done, not what it held of the other.
    db
      .select({
        action: adminAuditLog.action,
        target_type: adminAuditLog.target_type,
        target_id: adminAuditLog.target_id,
        before: sql<unknown>`CASE WHEN ${ownProfile} THEN ${adminAuditLog.before} END`.mapWith(adminAuditLog.before),
        after: sql<unknown>`CASE WHEN ${ownProfile} THEN ${adminAuditLog.after} END`.mapWith(adminAuditLog.after),
        created_at: adminAuditLog.created_at,
      })
      .from(adminAuditLog)
      .where(
        or(
          ownProfile,
          eq(adminAuditLog.admin_user_id, userId),
          like(adminAuditLog.before, `%${userId}%`),
          like(adminAuditLog.after, `%${userId}%`),
        ),
      )
      .orderBy(asc(adminAuditLog.id)),
    db
      .select({ full_name: earlyAccessEntries.full_name, created_at: earlyAccessEntries.created_at })
      .from(earlyAccessEntries)
      .where(eq(earlyAccessEntries.email, account.email))
      .get(),
  ]);
  return {
    account,
    profile: profile ?? null,
    consents: {
      // What they chose to show on their card, and to be told of.
      card: profile
        ? Object.fromEntries(
            Object.entries(profile).filter(([key]) => key.startsWith("share_") || key === "nfc_sharing_enabled"),
          )
        : null,
      connection_alerts: account.alert_frequency,
      newsletter: newsletter ? { subscribed_at: newsletter.created_at } : null,
    },
    garments: owned,
    ownership_periods: periods,
    events,
    scan_statistics: statistics,
    transfers,
    brand_records: audit,
  };
}

/** The contacts received, oldest first, each with the consents its sender gave, a batch at a time. */
export function readReceivedContacts(
  db: Db,
  userId: string,
  size = 500,
): ReadBatch<typeof contacts.$inferSelect, number> {
  return async (after) => {
    const rows = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.owner_user_id, userId), gt(contacts.id, after ?? 0)))
      .orderBy(asc(contacts.id))
      .limit(size + 1);
    return toBatch(rows, size, (row) => row.id);
  };
}
