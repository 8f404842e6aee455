/**
 * Accounts, the reads (decision 0044): sign-in lookups and the lock-out's counts, auth tokens,
 * live sessions, a client's own profile, the admin's client search. Writes: ./commands.ts.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { and, count, eq, gt, isNull, max, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../client";
import { containsText } from "../platform/like";
import { ftsPhrase } from "../platform/search";
import { type AuthTokenPurpose, adminUsers, authAttempts, authTokens, profiles, sessions, users } from "../schema";

/**
 * Failed sign-ins matching `match` since `since`, as a batchable count. With `afterLastSuccess`,
 * only those after the last success matching it count (only the password's owner can succeed);
 * without, every failure counts, so a guesser's own good account cannot wipe its guesses.
 */
function failedSignIns(db: Db, match: () => SQL | undefined, since: Date, afterLastSuccess: boolean) {
  const lastSuccess = db
    .select({ at: max(authAttempts.created_at) })
    .from(authAttempts)
    .where(and(match(), eq(authAttempts.success, true)));
  return db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        match(),
        eq(authAttempts.success, false),
        gt(authAttempts.created_at, since),
        // drizzle has no coalesce(): before any success the window is all there is.
        afterLastSuccess ? gt(authAttempts.created_at, sql`coalesce((${lastSuccess}), 0)`) : undefined,
      ),
    );
}

/**
 * Failed sign-ins since `since` (decision 0041), in one batch: for the email from anywhere and
 * for the email from this sender network, each since the last success there; for the network,
 * every failure. An unknown network (null) counts as one network for the email, and is not
 * counted on its own.
 */
export async function countFailedSignIns(
  db: Db,
  who: { email: string; network: string | null },
  since: Date,
): Promise<{ byEmail: number; byEmailNetwork: number; byNetwork: number }> {
  const fromNetwork = () => (who.network === null ? isNull(authAttempts.ip) : eq(authAttempts.ip, who.network));
  const byEmail = failedSignIns(db, () => eq(authAttempts.email, who.email), since, true);
  const byEmailNetwork = failedSignIns(db, () => and(eq(authAttempts.email, who.email), fromNetwork()), since, true);
  const n = (rows: { n: number }[]) => rows[0]?.n ?? 0;
  if (who.network === null) {
    const [email, pair] = await db.batch([byEmail, byEmailNetwork]);
    return { byEmail: n(email), byEmailNetwork: n(pair), byNetwork: 0 };
  }
  const [email, pair, network] = await db.batch([
    byEmail,
    byEmailNetwork,
    failedSignIns(db, fromNetwork, since, false),
  ]);
  return { byEmail: n(email), byEmailNetwork: n(pair), byNetwork: n(network) };
}

/** The account behind an email with its password hash and admin row, for signing in. */
export function findUserForSignIn(db: Db, email: string) {
  return db.query.users.findFirst({
    columns: { id: true, password_hash: true },
    where: eq(users.email, email),
    with: { adminUser: { columns: { role: true, is_active: true } } },
  });
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const user = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.email, email) });
  return user?.id ?? null;
}

export function findAuthToken(db: Db, tokenHash: string, purpose: AuthTokenPurpose) {
  return db.query.authTokens.findFirst({
    columns: { user_id: true, expires_at: true, used_at: true },
    where: and(eq(authTokens.token_hash, tokenHash), eq(authTokens.purpose, purpose)),
  });
}

/** A live session with its user and active admin role (one query), or undefined. */
export function findLiveSession(db: Db, sessionId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      user_id: sessions.user_id,
      last_seen_at: sessions.last_seen_at,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      email_verified_at: users.email_verified_at,
      admin_role: adminUsers.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(adminUsers, and(eq(adminUsers.user_id, users.id), eq(adminUsers.is_active, true)))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expires_at, now)))
    .get();
}

const exactId = (q: string) => (/^[1-9]\d{0,14}$/.test(q.trim()) ? Number(q.trim()) : null);

/**
 * Profiles whose names, email or client id contain `q`: through client_search from three
 * characters (platform/search.ts), read in id order and cut at `limit` (a surname shared by
 * 10,000 clients costs what a rare one does), row by row below.
 */
function clientsMatching(q: string, email: SQL<string | null>, limit: number): SQL | undefined {
  const phrase = ftsPhrase(q);
  if (phrase) {
    // Raw sql: FTS5 has no drizzle builder. The account's join inside, as the list has it, so the cut keeps a full page.
    return sql`${profiles.id} IN (SELECT * FROM (SELECT ${profiles.id} FROM client_search CROSS JOIN ${profiles}
      ON ${profiles.id} = client_search.rowid CROSS JOIN ${users} ON ${users.id} = ${profiles.user_id}
      WHERE client_search MATCH ${phrase} ORDER BY client_search.rowid LIMIT ${limit}))`;
  }
  return or(
    ...[profiles.first_name, profiles.last_name, profiles.display_name, email, profiles.client_id].map((column) =>
      containsText(column, q),
    ),
  );
}

/** Clients by partial first, last or display name, email or client id, or exactly by profile id. */
export function searchClients(db: Db, q: string, limit = 10) {
  // coalesce() has no drizzle builder.
  const email = sql<string | null>`coalesce(${profiles.email}, ${users.email})`;
  return db
    .select({
      id: profiles.id,
      client_id: profiles.client_id,
      display_name: profiles.display_name,
      first_name: profiles.first_name,
      last_name: profiles.last_name,
      email,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.user_id))
    .where(
      or(
        clientsMatching(q, email, limit),
        // Only an id's exact digits match ("012" or "1e1" match nothing).
        exactId(q) === null ? undefined : eq(profiles.id, exactId(q) ?? 0),
      ),
    )
    .orderBy(profiles.id)
    .limit(limit);
}

export function getProfile(db: Db, userId: string) {
  return db.query.profiles.findFirst({ where: eq(profiles.user_id, userId) });
}

/** What a client's profile form writes (every column but the keys and the user it belongs to). */
export type ProfileValues = Omit<typeof profiles.$inferInsert, "id" | "user_id">;
