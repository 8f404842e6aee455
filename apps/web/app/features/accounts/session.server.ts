import { randomToken, sha256Hex } from "@releve/core/platform/crypto";
import type { Db } from "@releve/db";
import { extendSession, insertSession } from "@releve/db/accounts/commands";
import { signInLocale } from "@releve/db/accounts/locale";
import { findLiveSession } from "@releve/db/accounts/queries";
import { localeFromCookieHeader, requestLocale, toLocale } from "@releve/i18n";
import {
  clearCookieHeader,
  languageCookieHeader,
  readCookie,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  sessionCookieHeader,
} from "../../lib/cookies.server";
import type { Viewer } from "../../lib/viewer";

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
): Promise<{ cookie: string; sessionId: string; languageCookie: string | null }> {
  const token = randomToken();
  const sessionId = await sha256Hex(token);
  await insertSession(db, {
    id: sessionId,
    user_id: userId,
    expires_at: new Date(now + SESSION_TTL_MS),
    last_seen_at: new Date(now),
    user_agent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
    ip: request.headers.get("CF-Connecting-IP"),
  });
  // The most recent explicit choice of language wins (issue #34): this device's, else the profile's.
  const stored = await signInLocale(
    db,
    userId,
    localeFromCookieHeader(request.headers.get("Cookie")),
    requestLocale(request),
  );
  const locale = toLocale(stored);
  return {
    cookie: sessionCookieHeader(request, token),
    sessionId,
    languageCookie: locale ? languageCookieHeader(request, locale) : null,
  };
}

/** A new session's cookies: the session, and the language the device should now remember, if any. */
export function signInHeaders(session: { cookie: string; languageCookie: string | null }): Headers {
  const headers = new Headers([["Set-Cookie", session.cookie]]);
  if (session.languageCookie) headers.append("Set-Cookie", session.languageCookie);
  return headers;
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
  const row = await findLiveSession(db, id, new Date(now));
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
  if (now - row.last_seen_at.getTime() < ROLL_AFTER_MS) return { user, setCookie: null, roll: null };
  const roll = extendSession(db, row.id, new Date(now + SESSION_TTL_MS), new Date(now));
  return { user, setCookie: sessionCookieHeader(request, token), roll };
}

export {
  deleteSession as destroySession,
  deleteUserSessions as destroyUserSessions,
} from "@releve/db/accounts/commands";

export const clearSessionCookie = (request: Request) => clearCookieHeader(request, SESSION_COOKIE);
