/**
 * Ownership, the writes (issue #32): transfer links (make, cancel, accept), requests (send,
 * approve, decline) and an owner's release. Each one that moves a garment keeps the tap true
 * (decision 0043); the ownership periods and the cancelling of other pending transfers follow by
 * trigger (migrations 0016, 0017). Reads: ./queries.ts.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */

import { TRANSFER_REQUEST_LIMITS, TRANSFER_TTL_MS } from "@releve/core/ownership/transfer";
import type { DomainEvent } from "@releve/core/platform/events";
import { and, eq, exists, lte, not, sql } from "drizzle-orm";
import type { Db } from "../client";
import { isUniqueViolation } from "../platform/d1-errors";
import { eventAfterInsert, eventBeforeGarmentChange, eventIfChanged } from "../platform/events";
import { takeRateSlots } from "../platform/rate-limits";
import { garments, ownershipTransfers, profiles } from "../schema";
import { keepTapTrue, type TapStores } from "../tap/cache";
import { garmentBySlug, owned, previousKeys, previousOf, tagReportedMissing } from "../wardrobe/queries";
import { type TransferRow, transferById, transferIsLive } from "./queries";

/** The photo a garment held before it changed hands: the caller deletes its objects (the new owner starts clean). */
type PreviousPhoto = { previousKey: string | null; previousCardKey: string | null };

const ownedClaimed = (garmentId: number, userId: string) =>
  and(owned(garmentId, userId), eq(garments.status, "claimed"));

/** A garment leaves its owner with nothing of theirs on it: their photo (and its card rendition) goes. */
const noPhoto = {
  photo_key: null,
  photo_width: null,
  photo_height: null,
  photo_card_key: null,
  photo_public: false,
} as const;

/** A garment's columns once it has no owner, `via` naming how (the ownership trigger records it). */
export const unownedGarment = (via: "release" | "deletion") =>
  ({
    status: "unclaimed",
    owner_user_id: null,
    owner_profile_id: null,
    claimed_at: null,
    ownership_status: null,
    owner_via: via,
    ...noPhoto,
  }) as const;

async function profileIdOf(db: Db, userId: string): Promise<number | undefined> {
  const profile = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.user_id, userId)).get();
  return profile?.id;
}

export type CreateLinkResult =
  | { status: "created"; id: number; expiresAt: Date }
  | { status: "not_owned" | "reported_missing" };

/**
 * Makes a one-time transfer link for the owner's garment, valid TRANSFER_TTL_MS, in one batch
 * that cancels their previous link ('replaced'): of two at once, the unique index on live links
 * lets one stand. Refused for a piece not theirs, or reported lost or stolen.
 */
export async function createTransferLink(
  db: Db,
  /** `event`: the change's event (issue #48), the new link's id set at its `transferId`. */
  input: { garmentId: number; userId: string; event?: DomainEvent },
  now = Date.now(),
): Promise<CreateLinkResult> {
  const garment = await db
    .select({ id: garments.id, reported_missing: tagReportedMissing(db).as("reported_missing") })
    .from(garments)
    .where(and(ownedClaimed(input.garmentId, input.userId), eq(garments.is_active, true)))
    .get();
  if (!garment) return { status: "not_owned" };
  if (garment.reported_missing) return { status: "reported_missing" };
  const expiresAt = new Date(now + TRANSFER_TTL_MS);
  try {
    const [, inserted] = await db.batch([
      db
        .update(ownershipTransfers)
        .set({ status: "cancelled", end_reason: "replaced", decided_at: new Date(now) })
        .where(
          and(
            eq(ownershipTransfers.garment_id, input.garmentId),
            eq(ownershipTransfers.kind, "link"),
            eq(ownershipTransfers.status, "pending"),
          ),
        ),
      db
        .insert(ownershipTransfers)
        .values({
          garment_id: input.garmentId,
          kind: "link",
          from_user_id: input.userId,
          created_at: new Date(now),
          expires_at: expiresAt,
        })
        .returning({ id: ownershipTransfers.id }),
      ...(input.event ? [eventAfterInsert(db, input.event, "transferId")] : []),
    ]);
    const row = inserted[0];
    if (!row) return { status: "not_owned" };
    return { status: "created", id: row.id, expiresAt };
  } catch (error) {
    // Another link made at the same instant holds the index: this one is the older, refused.
    if (isUniqueViolation(error)) return { status: "not_owned" };
    throw error;
  }
}

/**
 * Cancels the owner's live transfer link for their garment; false when there was none.
 * `eventFor`: the change's event, given the link's id, written only if this cancel changed it.
 */
export async function cancelTransferLink(
  db: Db,
  input: { garmentId: number; userId: string },
  now = Date.now(),
  eventFor?: (transferId: number) => DomainEvent,
) {
  const live = and(
    eq(ownershipTransfers.garment_id, input.garmentId),
    eq(ownershipTransfers.kind, "link"),
    eq(ownershipTransfers.status, "pending"),
    eq(ownershipTransfers.from_user_id, input.userId),
  );
  const link = await db.select({ id: ownershipTransfers.id }).from(ownershipTransfers).where(live).get();
  if (!link) return false;
  const event = eventFor?.(link.id);
  const [rows] = await db.batch([
    db
      .update(ownershipTransfers)
      .set({ status: "cancelled", end_reason: "cancelled", decided_at: new Date(now) })
      .where(and(eq(ownershipTransfers.id, link.id), live))
      .returning({ id: ownershipTransfers.id }),
    ...(event ? [eventIfChanged(db, event)] : []),
  ]);
  return rows.length > 0;
}

export type HandOverResult =
  | ({ status: "transferred"; garmentId: number; slug: string } & PreviousPhoto)
  | { status: "not_found" | "invalid" | "own_piece" | "own_link" | "reported_missing" | "profile_missing" };

/**
 * Moves the garment of a live transfer to `toUserId`, in ONE batch: the transfer is marked
 * accepted on condition that it is still pending, unexpired and made by the garment's current
 * owner of an active, claimed garment; the garment moves on condition that this transfer is now
 * accepted for this person and the garment is still its maker's. Of two people accepting one link
 * at once, exactly one matches the first condition; the other's batch changes nothing. A report
 * of loss or theft cancels the transfer by trigger, so a report landing in between also wins.
 */
async function handOver(
  db: Db,
  tap: TapStores,
  t: TransferRow,
  to: { userId: string; profileId: number },
  now: number,
  event: DomainEvent | undefined,
): Promise<HandOverResult> {
  const at = new Date(now);
  const accepted = and(
    eq(ownershipTransfers.id, t.id),
    eq(ownershipTransfers.status, "accepted"),
    eq(ownershipTransfers.to_user_id, to.userId),
  );
  const moves = and(
    eq(garments.id, t.garment_id),
    eq(garments.owner_user_id, t.from_user_id),
    exists(db.select({ one: sql`1` }).from(ownershipTransfers).where(accepted)),
  );
  const [before, , ...rest] = await db.batch([
    db.select(previousKeys).from(garments).where(eq(garments.id, t.garment_id)),
    db
      .update(ownershipTransfers)
      .set({ status: "accepted", to_user_id: to.userId, decided_at: at })
      .where(
        and(
          eq(ownershipTransfers.id, t.id),
          eq(ownershipTransfers.status, "pending"),
          sql`${ownershipTransfers.expires_at} > ${now}`,
          // Raw: a correlated scalar subquery (the garment's owner, when it can change hands).
          sql`${ownershipTransfers.from_user_id} = (SELECT owner_user_id FROM garments WHERE id = ${t.garment_id} AND status = 'claimed' AND is_active = 1)`,
        ),
      ),
    // The change's event (issue #48), on the garment update's own condition.
    ...(event ? [eventBeforeGarmentChange(db, event, moves)] : []),
    db
      .update(garments)
      .set({
        status: "claimed",
        owner_user_id: to.userId,
        owner_profile_id: to.profileId,
        claimed_at: at,
        ownership_status: "active",
        // Read by the ownership_periods trigger (issue #32).
        owner_via: "transfer",
        ...noPhoto,
      })
      .where(moves)
      .returning({ id: garments.id }),
  ]);
  const moved = rest.at(-1) as { id: number }[];
  if (!moved[0]) return { status: "invalid" };
  await keepTapTrue(tap, [t.short_slug]);
  return { status: "transferred", garmentId: t.garment_id, slug: t.short_slug, ...previousOf(before[0]) };
}

/**
 * A buyer takes up a transfer link: refused when the link is unknown (`not_found`), theirs
 * (`own_link`), for a piece already theirs (`own_piece`), no longer live (`invalid`: used,
 * cancelled, replaced, expired, or the piece changed hands), reported missing, or when they have
 * no profile yet (`profile_missing`, onboarding brings them back).
 */
export async function acceptTransferLink(
  db: Db,
  tap: TapStores,
  input: { transferId: number; userId: string; event?: DomainEvent },
  now = Date.now(),
): Promise<HandOverResult> {
  const t = await transferById(db, input.transferId);
  if (t?.kind !== "link") return { status: "not_found" };
  if (t.from_user_id === input.userId) return { status: "own_link" };
  if (t.owner_user_id === input.userId) return { status: "own_piece" };
  if (t.reported_missing && t.status === "pending") return { status: "reported_missing" };
  if (!transferIsLive(t, now)) return { status: "invalid" };
  const profileId = await profileIdOf(db, input.userId);
  if (profileId === undefined) return { status: "profile_missing" };
  return handOver(db, tap, t, { userId: input.userId, profileId }, now, input.event);
}

export type ReleaseResult =
  | ({ status: "released"; slug: string } & PreviousPhoto)
  | { status: "not_owned" | "reported_missing" };

/**
 * The owner lets a piece go (issue #32): unclaimed again, their period ends ('release'), their
 * photo goes, pending transfers are cancelled (trigger), and the next tap offers the claim.
 * A piece reported lost or stolen cannot be released.
 */
export async function releaseGarment(
  db: Db,
  tap: TapStores,
  input: { garmentId: number; userId: string; event?: DomainEvent },
): Promise<ReleaseResult> {
  const where = and(ownedClaimed(input.garmentId, input.userId), not(tagReportedMissing(db)));
  const [before, ...rest] = await db.batch([
    db.select(previousKeys).from(garments).where(where),
    ...(input.event ? [eventBeforeGarmentChange(db, input.event, where)] : []),
    db.update(garments).set(unownedGarment("release")).where(where).returning({ slug: garments.short_slug }),
  ]);
  const row = (rest.at(-1) as { slug: string }[])[0];
  if (!row) {
    const still = await db
      .select({ id: garments.id })
      .from(garments)
      .where(ownedClaimed(input.garmentId, input.userId))
      .get();
    return { status: still ? "reported_missing" : "not_owned" };
  }
  await keepTapTrue(tap, [row.slug]);
  return { status: "released", slug: row.slug, ...previousOf(before[0]) };
}

export type RequestResult =
  | { status: "requested"; id: number; ownerUserId: string }
  | {
      status:
        | "not_found"
        | "unclaimed"
        | "own_piece"
        | "reported_missing"
        | "already_requested"
        | "rate_limited"
        | "profile_missing";
    };

/**
 * A signed-in person asks the owner of a claimed piece for it (issue #32), with an optional
 * note; the owner answers within TRANSFER_TTL_MS or it reads as declined. Rate-limited per
 * requester and per garment (a refused request counts nowhere); one pending request per
 * requester and piece. The requester needs a profile (a transfer makes them an owner).
 */
export async function requestTransfer(
  db: Db,
  input: { slug: string; userId: string; message: string | null; ipKey?: string; event?: DomainEvent },
  now = Date.now(),
): Promise<RequestResult> {
  const garment = await garmentBySlug(db, input.slug);
  if (garment?.is_active !== true) return { status: "not_found" };
  if (garment.owner_user_id === input.userId) return { status: "own_piece" };
  if (garment.reported_missing) return { status: "reported_missing" };
  if (garment.status !== "claimed" || garment.owner_user_id === null) return { status: "unclaimed" };
  if ((await profileIdOf(db, input.userId)) === undefined) return { status: "profile_missing" };

  // A request left unanswered past its time was declined by silence: it no longer holds the index.
  await db
    .update(ownershipTransfers)
    .set({ status: "declined", decided_at: sql`${ownershipTransfers.expires_at}` })
    .where(
      and(
        eq(ownershipTransfers.garment_id, garment.id),
        eq(ownershipTransfers.kind, "request"),
        eq(ownershipTransfers.status, "pending"),
        lte(ownershipTransfers.expires_at, new Date(now)),
      ),
    );
  const pending = await db
    .select({ id: ownershipTransfers.id })
    .from(ownershipTransfers)
    .where(
      and(
        eq(ownershipTransfers.garment_id, garment.id),
        eq(ownershipTransfers.to_user_id, input.userId),
        eq(ownershipTransfers.kind, "request"),
        eq(ownershipTransfers.status, "pending"),
      ),
    )
    .get();
  if (pending) return { status: "already_requested" };

  const { perRequester, perGarment, windowMs } = TRANSFER_REQUEST_LIMITS;
  const full = await takeRateSlots(
    db,
    [
      { bucket: "transfer-request:user", key: input.userId, limit: perRequester, since: now - windowMs },
      { bucket: "transfer-request:garment", key: String(garment.id), limit: perGarment, since: now - windowMs },
    ],
    now,
  );
  if (full.length > 0) return { status: "rate_limited" };
  try {
    const insert = db
      .insert(ownershipTransfers)
      .values({
        garment_id: garment.id,
        kind: "request",
        from_user_id: garment.owner_user_id,
        to_user_id: input.userId,
        message: input.message,
        created_at: new Date(now),
        expires_at: new Date(now + TRANSFER_TTL_MS),
      })
      .returning({ id: ownershipTransfers.id });
    // The change's event (issue #48): the owner it concerns, the new request's id.
    const event = input.event && {
      ...input.event,
      subjects: { ...input.event.subjects, garmentId: garment.id },
      personId: garment.owner_user_id,
    };
    const [[row]] = await db.batch([insert, ...(event ? [eventAfterInsert(db, event, "transferId")] : [])]);
    if (!row) throw new Error("transfer request not created");
    return { status: "requested", id: row.id, ownerUserId: garment.owner_user_id };
  } catch (error) {
    // The same person's request at the same instant: one stands.
    if (isUniqueViolation(error)) return { status: "already_requested" };
    throw error;
  }
}

export type AnswerResult = HandOverResult | { status: "declined" } | { status: "gone" | "requester_gone" };

/**
 * The owner answers a request for their piece: `approve` hands it over (as a link's accept does),
 * otherwise it is declined. `not_found` unless the request was made to this owner; `gone` when it
 * is no longer pending (answered, expired, cancelled) or the piece is no longer theirs;
 * `requester_gone` when the requester's account or profile no longer exists.
 */
export async function answerTransferRequest(
  db: Db,
  tap: TapStores,
  input: { transferId: number; userId: string; approve: boolean; event?: DomainEvent },
  now = Date.now(),
): Promise<AnswerResult> {
  const t = await transferById(db, input.transferId);
  if (t?.kind !== "request" || t.from_user_id !== input.userId) return { status: "not_found" };
  if (!transferIsLive(t, now)) return { status: "gone" };
  if (!input.approve) {
    const rows = await db
      .update(ownershipTransfers)
      .set({ status: "declined", decided_at: new Date(now) })
      .where(and(eq(ownershipTransfers.id, t.id), eq(ownershipTransfers.status, "pending")))
      .returning({ id: ownershipTransfers.id });
    return { status: rows.length > 0 ? "declined" : "gone" };
  }
  const profileId = t.to_user_id ? await profileIdOf(db, t.to_user_id) : undefined;
  if (!t.to_user_id || profileId === undefined) return { status: "requester_gone" };
  const result = await handOver(db, tap, t, { userId: t.to_user_id, profileId }, now, input.event);
  return result.status === "invalid" ? { status: "gone" } : result;
}
