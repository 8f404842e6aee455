/**
 * Ownership, the reads (issue #32): transfer links and requests as their screens show them, an
 * owner's requests to answer, a garment's history for the admin. Writes: ./commands.ts.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { and, asc, desc, eq, gt } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../client";
import { garments, ownershipPeriods, ownershipTransfers, products, profiles, users } from "../schema";
import { tagReportedMissing } from "../wardrobe/queries";

/** A transfer with what its screens decide on: its garment's labels, owner and state. */
export function transferById(db: Db, id: number) {
  return db
    .select({
      id: ownershipTransfers.id,
      kind: ownershipTransfers.kind,
      status: ownershipTransfers.status,
      from_user_id: ownershipTransfers.from_user_id,
      to_user_id: ownershipTransfers.to_user_id,
      message: ownershipTransfers.message,
      created_at: ownershipTransfers.created_at,
      expires_at: ownershipTransfers.expires_at,
      garment_id: garments.id,
      short_slug: garments.short_slug,
      name: garments.name,
      title: garments.title,
      brand: garments.brand,
      garment_type: garments.garment_type,
      color: garments.color,
      size: garments.size,
      garment_status: garments.status,
      is_active: garments.is_active,
      owner_user_id: garments.owner_user_id,
      product_id: garments.product_id,
      product_name: products.name,
      reported_missing: tagReportedMissing(db).as("reported_missing"),
    })
    .from(ownershipTransfers)
    .innerJoin(garments, eq(garments.id, ownershipTransfers.garment_id))
    .leftJoin(products, eq(products.id, garments.product_id))
    .where(eq(ownershipTransfers.id, id))
    .get();
}

export type TransferRow = NonNullable<Awaited<ReturnType<typeof transferById>>>;

/**
 * Whether a transfer can still be taken up at `now`: pending, not expired, its garment active
 * and still owned by the person who made it (or was asked), and not reported missing.
 */
export const transferIsLive = (t: TransferRow, now: number) =>
  t.status === "pending" &&
  t.expires_at.getTime() > now &&
  t.is_active &&
  t.garment_status === "claimed" &&
  t.owner_user_id === t.from_user_id &&
  !t.reported_missing;

/** The owner's live transfer link for their garment, if any (the garment page shows it again). */
export async function liveTransferLink(db: Db, garmentId: number, userId: string, now: number) {
  return db
    .select({
      id: ownershipTransfers.id,
      created_at: ownershipTransfers.created_at,
      expires_at: ownershipTransfers.expires_at,
    })
    .from(ownershipTransfers)
    .where(
      and(
        eq(ownershipTransfers.garment_id, garmentId),
        eq(ownershipTransfers.kind, "link"),
        eq(ownershipTransfers.status, "pending"),
        eq(ownershipTransfers.from_user_id, userId),
        gt(ownershipTransfers.expires_at, new Date(now)),
      ),
    )
    .get();
}

/** Whether the garment is this user's, claimed (the ownership steps answer 404 otherwise). */
export async function ownsGarment(db: Db, garmentId: number, userId: string): Promise<boolean> {
  const row = await db
    .select({ id: garments.id })
    .from(garments)
    .where(and(eq(garments.id, garmentId), eq(garments.owner_user_id, userId), eq(garments.status, "claimed")))
    .get();
  return row !== undefined;
}

const requester = alias(profiles, "requester");

/**
 * The transfer requests an owner has to answer, oldest first: pending, not expired, for pieces
 * still theirs. The requester shows by the name on their profile (never their contact details).
 */
export function requestsToAnswer(db: Db, userId: string, now: number) {
  return db
    .select({
      id: ownershipTransfers.id,
      message: ownershipTransfers.message,
      created_at: ownershipTransfers.created_at,
      expires_at: ownershipTransfers.expires_at,
      garment_id: garments.id,
      name: garments.name,
      title: garments.title,
      requester_first_name: requester.first_name,
      requester_display_name: requester.display_name,
    })
    .from(ownershipTransfers)
    .innerJoin(garments, eq(garments.id, ownershipTransfers.garment_id))
    .leftJoin(requester, eq(requester.user_id, ownershipTransfers.to_user_id))
    .where(
      and(
        eq(ownershipTransfers.from_user_id, userId),
        eq(ownershipTransfers.status, "pending"),
        eq(ownershipTransfers.kind, "request"),
        gt(ownershipTransfers.expires_at, new Date(now)),
        eq(garments.owner_user_id, userId),
      ),
    )
    .orderBy(asc(ownershipTransfers.created_at), asc(ownershipTransfers.id))
    .limit(50);
}

/** A requester's pending request for this garment, if any (the claim page says it was sent). */
export function pendingRequestOf(db: Db, garmentId: number, userId: string, now: number) {
  return db
    .select({ id: ownershipTransfers.id, expires_at: ownershipTransfers.expires_at })
    .from(ownershipTransfers)
    .where(
      and(
        eq(ownershipTransfers.garment_id, garmentId),
        eq(ownershipTransfers.to_user_id, userId),
        eq(ownershipTransfers.kind, "request"),
        eq(ownershipTransfers.status, "pending"),
        gt(ownershipTransfers.expires_at, new Date(now)),
      ),
    )
    .get();
}

const periodOwner = alias(users, "period_owner");
const fromUser = alias(users, "from_user");
const toUser = alias(users, "to_user");

/**
 * A garment's ownership history for staff (issue #32): its periods (who, from, to, how) and
 * every transfer link and request (made, answered or cancelled, by whom), newest first.
 */
export async function ownershipHistory(db: Db, garmentId: number) {
  // Not a D1 batch: a batch's rows are mapped by column name, and both users' columns are `email`.
  const [periods, transfers] = await Promise.all([
    db
      .select({
        id: ownershipPeriods.id,
        owner_email: periodOwner.email,
        started_at: ownershipPeriods.started_at,
        started_how: ownershipPeriods.started_how,
        ended_at: ownershipPeriods.ended_at,
        ended_how: ownershipPeriods.ended_how,
      })
      .from(ownershipPeriods)
      .leftJoin(periodOwner, eq(periodOwner.id, ownershipPeriods.owner_user_id))
      .where(eq(ownershipPeriods.garment_id, garmentId))
      .orderBy(desc(ownershipPeriods.started_at), desc(ownershipPeriods.id)),
    db
      .select({
        id: ownershipTransfers.id,
        kind: ownershipTransfers.kind,
        status: ownershipTransfers.status,
        end_reason: ownershipTransfers.end_reason,
        from_email: fromUser.email,
        to_email: toUser.email,
        created_at: ownershipTransfers.created_at,
        expires_at: ownershipTransfers.expires_at,
        decided_at: ownershipTransfers.decided_at,
      })
      .from(ownershipTransfers)
      .leftJoin(fromUser, eq(fromUser.id, ownershipTransfers.from_user_id))
      .leftJoin(toUser, eq(toUser.id, ownershipTransfers.to_user_id))
      .where(eq(ownershipTransfers.garment_id, garmentId))
      .orderBy(desc(ownershipTransfers.created_at), desc(ownershipTransfers.id))
      .limit(100),
  ]);
  return { periods, transfers };
}
