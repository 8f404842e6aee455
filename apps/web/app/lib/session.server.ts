import { type Db, sessions } from "@releve/db";
import { and, eq, lt, ne } from "drizzle-orm";
import { clearCookieHeader, readCookie, SESSION_COOKIE, SESSION_TTL_MS, sessionCookieHeader } from "./cookies.server";
import { randomToken, sha256Hex } from "./crypto.server";
import type { Viewer } from "./viewer";

/** A session is extended at most once a day, so reads stay reads on most requests. */
const ROLL_AFTER_MS = 24 * 60 * 60 * 1000;

export interface SessionUser {
  sessionId: string;
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  emailVerified: boolean;
  adminRole: string | null;
}

interface SessionRow {
  id: string;
  user_id: string;
  expires_at: number;
  last_seen_at: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  email_verified_at: number | null;
  admin_role: string | null;
}

export function viewerOf(user: SessionUser | null): Viewer {
  if (!user) return { kind: "visitor" };
  return user.adminRole
    ? { kind: "admin", userId: user.userId, email: user.email }
    : { kind: "client", userId: user.userId, email: user.email };
}

/** Creates a session row and returns the Set-Cookie header carrying its random token. */
export async function createSession(
  db: Db,
  request: Request,
  userId: string,
  now = Date.now(),
): Promise<{ cookie: string; sessionId: string }> {
  const token = randomToken();
  const sessionId = await sha256Hex(token);
  await db.insert(sessions).values({
    id: sessionId,
    user_id: userId,
    expires_at: new Date(now + SESSION_TTL_MS),
    last_seen_at: new Date(now),
    user_agent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
    ip: request.headers.get("CF-Connecting-IP"),
  });
  return { cookie: sessionCookieHeader(request, token), sessionId };
}

/**
 * Resolves the request's session (one query joining user and active admin row). Returns the
 * user, or null, and any cookie to set: a rolled expiry, or a clear for a dead cookie.
 */
export async function readSession(
  db: Db,
  request: Request,
  now = Date.now(),
): Promise<{ user: SessionUser | null; setCookie: string | null; roll: Promise<unknown> | null }> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return { user: null, setCookie: null, roll: null };
  if (token.length > 100) return { user: null, setCookie: clearCookieHeader(request, SESSION_COOKIE), roll: null };
  const id = await sha256Hex(token);
  const row = await db.$client
    .prepare(
      `select s.id, s.user_id, s.expires_at, s.last_seen_at, u.email, u.first_name, u.last_name,
              u.email_verified_at, a.role as admin_role
         from sessions s
         join users u on u.id = s.user_id
         left join admin_users a on a.user_id = u.id and a.is_active = 1
        where s.id = ?1 and s.expires_at > ?2`,
    )
    .bind(id, now)
    .first<SessionRow>();
  if (!row) return { user: null, setCookie: clearCookieHeader(request, SESSION_COOKIE), roll: null };

  const user: SessionUser = {
    sessionId: row.id,
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    emailVerified: row.email_verified_at !== null,
    adminRole: row.admin_role,
  };
  if (now - row.last_seen_at < ROLL_AFTER_MS) return { user, setCookie: null, roll: null };
  const roll = db
    .update(sessions)
    .set({ expires_at: new Date(now + SESSION_TTL_MS), last_seen_at: new Date(now) })
    .where(eq(sessions.id, row.id));
  return { user, setCookie: sessionCookieHeader(request, token), roll };
}

export async function destroySession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, optionally but one. */
export async function destroyUserSessions(db: Db, userId: string, keepSessionId?: string): Promise<void> {
  const mine = eq(sessions.user_id, userId);
  await db.delete(sessions).where(keepSessionId ? and(mine, ne(sessions.id, keepSessionId)) : mine);
}

export async function purgeExpiredSessions(db: Db, now = Date.now()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expires_at, new Date(now)));
}

export const clearSessionCookie = (request: Request) => clearCookieHeader(request, SESSION_COOKIE);
