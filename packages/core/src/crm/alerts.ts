/**
 * New-connection alerts (issue #33, decision 0058): how often an owner hears that someone left
 * their details, when the next mail may go, and the signed per-owner unsubscribe token.
 * Zod-free and pure: the shell, the scan-jobs consumer and the tests share it.
 */
import { signedSubject, signedToken } from "../platform/crypto";

export const ALERT_FREQUENCIES = ["each", "daily", "off"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const isAlertFrequency = (value: unknown): value is AlertFrequency =>
  typeof value === "string" && (ALERT_FREQUENCIES as readonly string[]).includes(value);

/** 'Each new connection': at most one mail per owner in this window; what arrives within it waits for its end. */
export const ALERT_BURST_MS = 10 * 60 * 1000;
/** 'Daily summary': the hour (UTC) the day's mail goes. UTC: the house does not know each owner's zone. */
const SUMMARY_HOUR_UTC = 18;
/** Pending alerts older than this are never mailed (an address that keeps failing stops being retried). */
export const ALERT_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;

/** The first summary time (SUMMARY_HOUR_UTC) strictly after `t`. */
export function nextSummaryAfter(t: number): number {
  const d = new Date(t);
  const today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), SUMMARY_HOUR_UTC);
  return today > t ? today : today + 24 * 60 * 60 * 1000;
}

/**
 * When the owner's pending alerts may be mailed, or null when they never are ('off'):
 * - each: at once, unless a mail went within ALERT_BURST_MS; then when that window ends.
 * - daily: at the first summary time after both the last mail and the oldest pending alert.
 */
export function alertsDueAt(
  frequency: AlertFrequency,
  lastSentAt: number | null,
  oldestPending: number,
): number | null {
  if (frequency === "off") return null;
  if (frequency === "each")
    return lastSentAt === null ? oldestPending : Math.max(oldestPending, lastSentAt + ALERT_BURST_MS);
  return nextSummaryAfter(Math.max(lastSentAt ?? 0, oldestPending));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The unsubscribe link's token: the owner's id and its HMAC (no sign-in needed, nothing stored). */
export const unsubscribeToken = (secret: string, userId: string) => signedToken(secret, "alerts-off", userId);

/** The owner an unsubscribe token names, or null when it is malformed, truncated or forged. */
export const unsubscribeUserId = (secret: string, token: string | null | undefined) =>
  signedSubject(secret, "alerts-off", token, UUID);

export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

/** One connection (or transfer request) as the alert mail tells it. */
export type AlertEntry =
  | {
      kind: "connection";
      contactId: number;
      name: string;
      /** The channels they left, by name ('email', 'phone', 'Instagram', …), never the values. */
      channels: string[];
      piece: string | null;
      event: string | null;
      at: number;
    }
  | { kind: "transfer_request"; transferId: number; name: string; piece: string; at: number };

export const UNSUBSCRIBE_MESSAGES = {
  invalid: "This unsubscribe link is not valid",
  invalidDetail:
    "It may be incomplete, or the account it belonged to no longer exists. Nothing was changed. Signed in, you can choose your alerts in your profile settings.",
  confirmTitle: "Stop connection alerts?",
  done: "Connection alerts are off",
  doneDetail:
    "You will no longer receive a mail when someone connects with you. Your connections stay on your dashboard, and you can turn alerts back on in your profile settings.",
  alreadyOff: "Connection alerts were already off. Nothing else was changed.",
} as const;

/** The alerts queue's message: "this owner may have something to hear of". Its consumer decides. */
export type AlertMessage = { v: 1; ownerUserId: string };

export function alertMessage(ownerUserId: string): AlertMessage {
  return { v: 1, ownerUserId };
}

/** A message body as an AlertMessage, or null for anything else. */
export function readAlertMessage(body: unknown): AlertMessage | null {
  if (typeof body !== "object" || body === null) return null;
  const { v, ownerUserId } = body as Record<string, unknown>;
  return v === 1 && typeof ownerUserId === "string" && UUID.test(ownerUserId) ? { v, ownerUserId } : null;
}
