import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from "@releve/i18n";
import { createCookie } from "react-router";
import type { WebEnv } from "../env.server";

export const SESSION_COOKIE = "releve_session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The one Secure policy of every cookie: Secure everywhere but plain-http localhost, where
 * browsers would drop a Secure cookie.
 */
function isSecureRequest(request: Request): boolean {
  const { protocol, hostname } = new URL(request.url);
  return !(protocol === "http:" && (hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]"));
}

/**
 * A cookie carrying a bare token (the session id, the owner JWT). Not createCookie: it would
 * wrap the value in base64 JSON, which live sessions and the tap worker's JWT read cannot parse.
 */
export function tokenCookieHeader(request: Request, name: string, value: string, maxAge: number): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (isSecureRequest(request)) parts.push("Secure");
  return parts.join("; ");
}

export function sessionCookieHeader(request: Request, token: string): string {
  return tokenCookieHeader(request, SESSION_COOKIE, token, SESSION_TTL_MS / 1000);
}

/** The language cookie: a person's explicit choice of language (issue #34), for a year. */
export function languageCookieHeader(request: Request, locale: Locale): string {
  return tokenCookieHeader(request, LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE);
}

export function clearCookieHeader(request: Request, name: string): string {
  return tokenCookieHeader(request, name, "", 0);
}

/** A signed value (React Router's createCookie) under the same policy: site-wide, HttpOnly, Lax. */
export function signedCookie(env: WebEnv, request: Request, name: string, maxAge: number) {
  return createCookie(name, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(request),
    maxAge,
    secrets: [env.SESSION_SECRET],
  });
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** The garment a visitor was about to claim; it must survive sign-up and email verification. */
function pendingClaimCookie(env: WebEnv, request: Request) {
  return signedCookie(env, request, "releve_pending_claim", 24 * 60 * 60);
}

export async function pendingClaimHeader(env: WebEnv, request: Request, slug: string | null): Promise<string> {
  const cookie = pendingClaimCookie(env, request);
  return slug === null ? cookie.serialize("", { maxAge: 0 }) : cookie.serialize(slug);
}

const TRANSFER_PREFIX = "transfer:";

/**
 * A transfer link the visitor was about to accept (issue #32) rides the same cookie as a
 * pending claim (one pending step at a time, the newest), so it survives sign-up and email
 * verification the same way; clearing either clears it.
 */
export function pendingTransferHeader(env: WebEnv, request: Request, token: string): Promise<string> {
  return pendingClaimCookie(env, request).serialize(`${TRANSFER_PREFIX}${token}`);
}

const ACCEPTED_PREFIX = "accepted:";

/**
 * A transfer link the visitor has accepted but that waits for their profile (issue #49): after
 * onboarding, the acceptance completes, as a claim does.
 */
export function acceptedTransferHeader(env: WebEnv, request: Request, token: string): Promise<string> {
  return pendingClaimCookie(env, request).serialize(`${ACCEPTED_PREFIX}${token}`);
}

const TRANSFER_TOKEN = /^[0-9]{1,16}\.[A-Za-z0-9_-]{43}$/;

/** The pending step: a garment to claim, a transfer link to open, or one already accepted; null when none. */
async function readPending(
  env: WebEnv,
  request: Request,
): Promise<{ kind: "claim" | "transfer" | "accepted"; value: string } | null> {
  const value = await pendingClaimCookie(env, request).parse(request.headers.get("Cookie"));
  if (typeof value !== "string") return null;
  if (/^[a-z0-9][a-z0-9-]{0,63}$/.test(value)) return { kind: "claim", value };
  for (const [prefix, kind] of [
    [TRANSFER_PREFIX, "transfer"],
    [ACCEPTED_PREFIX, "accepted"],
  ] as const) {
    const token = value.startsWith(prefix) ? value.slice(prefix.length) : "";
    if (TRANSFER_TOKEN.test(token)) return { kind, value: token };
  }
  return null;
}

/** Where the pending step is: `/claim/<slug>` or `/transfer/<token>`, or null when there is none. */
export async function readPendingPath(env: WebEnv, request: Request): Promise<string | null> {
  const pending = await readPending(env, request);
  if (!pending) return null;
  return pending.kind === "claim" ? `/claim/${pending.value}` : `/transfer/${pending.value}`;
}

/** The token of a transfer link accepted before the profile it needed, or null. */
export async function readAcceptedTransfer(env: WebEnv, request: Request): Promise<string | null> {
  const pending = await readPending(env, request);
  return pending?.kind === "accepted" ? pending.value : null;
}
