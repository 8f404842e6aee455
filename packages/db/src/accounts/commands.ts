/**
 * Accounts, the writes: users, sign-in attempts, auth tokens, sessions and their purges, invited
 * clients, a client's profile and sharing switch (these two keep the tap true themselves,
 * decision 0043). Reads: ./queries.ts.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import type { DomainEvent } from "@releve/core/platform/events";
import { SHARE_FLAGS } from "@releve/core/sharing/channels";
import { and, asc, eq, gt, inArray, isNull, lt, lte, ne } from "drizzle-orm";
import type { Db } from "../client";
import { type Actor, auditEntry } from "../platform/audit";
import { eventEntry, eventIfChanged } from "../platform/events";
import { type AuthTokenPurpose, authAttempts, authTokens, profiles, sessions, users } from "../schema";
import { keepOwnerTapTrue, type TapStores } from "../tap/cache";
import { getProfile, type ProfileValues } from "./queries";

export async function recordSignInAttempt(
  db: Db,
  attempt: Pick<typeof authAttempts.$inferInsert, "email" | "ip" | "success" | "created_at">,
): Promise<void> {
  await db.insert(authAttempts).values(attempt);
}

/** Inserts an account; a taken email throws the unique index's error. */
export async function insertUser(
  db: Db,
  user: Pick<typeof users.$inferInsert, "id" | "email" | "password_hash" | "first_name" | "last_name">,
  event?: DomainEvent,
): Promise<void> {
  const insert = db.insert(users).values(user);
  if (!event) {
    await insert;
    return;
  }
  await db.batch([insert, eventEntry(db, event)]);
}

/**
 * Marks the account's address verified at `at`; with `event`, its event in the same batch,
 * written only if the account is there. True when it was.
 */
export async function markEmailVerified(db: Db, userId: string, at: Date, event?: DomainEvent): Promise<boolean> {
  const [marked] = await db.batch([
    db.update(users).set({ email_verified_at: at }).where(eq(users.id, userId)).returning({ id: users.id }),
    ...(event ? [eventIfChanged(db, event)] : []),
  ]);
  return marked.length > 0;
}

export async function insertAuthToken(
  db: Db,
  token: Pick<typeof authTokens.$inferInsert, "user_id" | "purpose" | "token_hash" | "expires_at">,
): Promise<void> {
  await db.insert(authTokens).values(token);
}

/**
 * Spends a single-use token in one conditional UPDATE: of two concurrent uses exactly one gets
 * the user id, with when the token was issued and until when it was good (how long a link
 * lives tells an invitation from a reset).
 */
export async function spendAuthToken(
  db: Db,
  tokenHash: string,
  purpose: AuthTokenPurpose,
  now: Date,
): Promise<{ userId: string; issuedAt: Date; expiresAt: Date } | null> {
  const row = await db
    .update(authTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(authTokens.token_hash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.used_at),
        gt(authTokens.expires_at, now),
      ),
    )
    .returning({ userId: authTokens.user_id, issuedAt: authTokens.created_at, expiresAt: authTokens.expires_at })
    .get();
  return row ?? null;
}

/**
 * Sets a new password hash and spends every outstanding reset token of the user, in one batch.
 * The token came by mail to the account's address (an admin's invitation or a reset request;
 * the address never changes), so using it proves the address: an unverified email becomes
 * verified now (issue #18); an earlier verification date is kept. With `event`, its event in
 * the same batch, written only if the account is there. True when it was.
 */
export async function setPasswordSpendingResetTokens(
  db: Db,
  userId: string,
  passwordHash: string,
  now: Date,
  event?: DomainEvent,
): Promise<boolean> {
  const [set] = await db.batch([
    db.update(users).set({ password_hash: passwordHash }).where(eq(users.id, userId)).returning({ id: users.id }),
    ...(event ? [eventIfChanged(db, event)] : []),
    db
      .update(users)
      .set({ email_verified_at: now })
      .where(and(eq(users.id, userId), isNull(users.email_verified_at))),
    db
      .update(authTokens)
      .set({ used_at: now })
      .where(and(eq(authTokens.user_id, userId), eq(authTokens.purpose, "password_reset"), isNull(authTokens.used_at))),
  ]);
  return set.length > 0;
}

export async function insertSession(
  db: Db,
  session: Pick<typeof sessions.$inferInsert, "id" | "user_id" | "expires_at" | "last_seen_at" | "user_agent" | "ip">,
): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function extendSession(db: Db, sessionId: string, expiresAt: Date, now: Date): Promise<void> {
  await db.update(sessions).set({ expires_at: expiresAt, last_seen_at: now }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, optionally but one. */
export async function deleteUserSessions(db: Db, userId: string, keepSessionId?: string): Promise<void> {
  const mine = eq(sessions.user_id, userId);
  await db.delete(sessions).where(keepSessionId ? and(mine, ne(sessions.id, keepSessionId)) : mine);
}

/** Housekeeping: at most `limit` sessions expired at `now` (index sessions_expires_at_idx), as a statement to batch. */
export function purgeExpiredSessions(db: Db, now: Date, limit: number) {
  const expired = db.select({ id: sessions.id }).from(sessions).where(lte(sessions.expires_at, now)).limit(limit);
  return db.delete(sessions).where(inArray(sessions.id, expired));
}

/** Housekeeping: at most `limit` auth tokens expired at `now`, used or not (a small table), as a statement to batch. */
export function purgeExpiredAuthTokens(db: Db, now: Date, limit: number) {
  const expired = db.select({ id: authTokens.id }).from(authTokens).where(lte(authTokens.expires_at, now)).limit(limit);
  return db.delete(authTokens).where(inArray(authTokens.id, expired));
}

/**
 * Housekeeping: at most `limit` sign-in attempts made before `before`, as a statement to batch.
 * Ids grow with time, so walking them in order meets the old rows first and stops at `limit`.
 */
export function purgeSignInAttempts(db: Db, before: Date, limit: number) {
  const old = db
    .select({ id: authAttempts.id })
    .from(authAttempts)
    .where(lt(authAttempts.created_at, before))
    .orderBy(asc(authAttempts.id))
    .limit(limit);
  return db.delete(authAttempts).where(inArray(authAttempts.id, old));
}

/**
 * The tag programmer's 'Create client' (issue #18): an account nobody can sign in to yet (a
 * random password's hash), its profile with NFC sharing and every share flag on, and the
 * single-use token of its invitation link, audited; one D1 batch, so none exists without the
 * others. A taken email fails the unique index and writes nothing. Returns the profile.
 */
export async function createInvitedClient(
  db: Db,
  actor: Actor,
  input: {
    userId: string;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    invitation: { tokenHash: string; expiresAt: Date };
  },
  event?: DomainEvent,
) {
  const now = new Date();
  const [, , [profile]] = await db.batch([
    db.insert(users).values({
      id: input.userId,
      email: input.email,
      password_hash: input.passwordHash,
      first_name: input.firstName,
      last_name: input.lastName,
      created_at: now,
      updated_at: now,
    }),
    db.insert(authTokens).values({
      user_id: input.userId,
      purpose: "password_reset",
      token_hash: input.invitation.tokenHash,
      expires_at: input.invitation.expiresAt,
    }),
    db
      .insert(profiles)
      .values({
        user_id: input.userId,
        first_name: input.firstName,
        last_name: input.lastName,
        email: input.email,
        nfc_sharing_enabled: true,
        ...Object.fromEntries(SHARE_FLAGS.map((flag) => [flag, true])),
        created_at: now,
        updated_at: now,
      })
      .returning({ id: profiles.id, client_id: profiles.client_id }),
    auditEntry(
      db,
      actor,
      "client.create",
      { type: "profile", id: "inserted" },
      null,
      { user_id: input.userId, email: input.email },
      event?.id,
    ),
    ...(event ? [eventEntry(db, event)] : []),
  ]);
  if (!profile) throw new Error("client profile not created");
  return profile;
}

// ---------------------------------------------------------------------------------------------
// Admin portal: client search (issue #9).
// ---------------------------------------------------------------------------------------------

/**
 * Creates or updates the user's one profile; with `event`, its event in the same batch, written
 * only if the row was written. Sharing on or off (a new profile starts one way or the other)
 * changes where a visitor's tap of each of their garments lands: those tap records are
 * rewritten when it changed.
 */
export async function saveProfile(
  db: Db,
  tap: TapStores,
  userId: string,
  values: ProfileValues,
  event?: DomainEvent,
): Promise<{ created: boolean }> {
  const existing = await getProfile(db, userId);
  const write = existing
    ? db.update(profiles).set(values).where(eq(profiles.id, existing.id))
    : db.insert(profiles).values({ ...values, user_id: userId });
  await db.batch([write, ...(event ? [eventIfChanged(db, event)] : [])]);
  if (!existing || existing.nfc_sharing_enabled !== values.nfc_sharing_enabled) {
    await keepOwnerTapTrue(tap, userId);
  }
  return { created: !existing };
}

/** The NFC sharing toggle; the next tap of each of the owner's garments answers it. False when the user has no profile. */
export async function setNfcSharing(db: Db, tap: TapStores, userId: string, enabled: boolean): Promise<boolean> {
  return (await switchNfcSharing(db, tap, userId, enabled)) !== "no_profile";
}

/**
 * setNfcSharing, saying whether the switch moved, was so already, or the user has no profile.
 * With `event`, its event in the same batch, written only if the switch moved (turning on what
 * is on changes nothing and records nothing).
 */
export async function switchNfcSharing(
  db: Db,
  tap: TapStores,
  userId: string,
  enabled: boolean,
  event?: DomainEvent,
): Promise<"changed" | "same" | "no_profile"> {
  const mine = eq(profiles.user_id, userId);
  const [found, changed] = await db.batch([
    db.select({ id: profiles.id }).from(profiles).where(mine),
    db
      .update(profiles)
      .set({ nfc_sharing_enabled: enabled })
      .where(and(mine, ne(profiles.nfc_sharing_enabled, enabled)))
      .returning({ id: profiles.id }),
    ...(event ? [eventIfChanged(db, event)] : []),
  ]);
  if (found.length === 0) return "no_profile";
  await keepOwnerTapTrue(tap, userId);
  return changed.length > 0 ? "changed" : "same";
}
