/**
 * What every `/api/admin/*` contract stands on (issue #9): the one strict id parser as a zod
 * field, a list's search and the audit trail's rows. The bodies and queries of
 * each tab live in their rooms (tags/contracts, site/contracts, tap/contracts); the server
 * validates them, the admin remote imports only the inferred types.
 */
import { z } from "zod";
import { parseId } from "./input-limits";
import { adminSearchText } from "./text-field";

export const AUDIT_LIMIT = 20;

/**
 * A positive integer given as a number or a decimal string ("12"), read by the one strict id
 * parser: "012", " 12", "0x8", "1e1" and numbers past ID_MAX are refused (400).
 */
export const positiveInt = (what: string) =>
  z.union([z.number(), z.string()]).transform((value, ctx) => {
    const n = parseId(value);
    if (n === null) {
      ctx.addIssue({ code: "custom", message: `${what} must be a whole number.` });
      return z.NEVER;
    }
    return n;
  });

/** A list's search (pages are keyset cursors, each list's own: platform/keyset.ts). */
export const ListQuerySchema = z.object({
  // Any term up to SEARCH_MAX_LENGTH characters, in any script; longer is a 400 (input-limits.ts).
  q: adminSearchText(),
});

/**
 * One entry of the admin activity list (issue #48): a domain event an admin made, with the audit
 * row of the same change when it has one (its action, before and after); or an audit row older
 * than the event log (`eventType` null).
 */
export type AuditEntry = {
  /** The event's id, or `audit-<n>` for an audit row older than the event log. */
  id: string;
  /** The audit row's id: one change may have several (a QA reset, one per garment). */
  auditId: number | null;
  eventType: string | null;
  /** The staff member's address; null once their account is deleted and no audit row names them. */
  adminEmail: string | null;
  /** The audit row's action, else the event's type. */
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  createdAt: number;
};

/** One event of the domain event log (issue #48), as the portal's event log lists it: no personal data. */
export type EventLogEntry = {
  id: string;
  type: string;
  garmentId: number | null;
  productId: number | null;
  tagId: number | null;
  actorKind: string;
  at: number;
  delivered: boolean;
};

export type EventLogPage = { events: EventLogEntry[]; nextCursor: string | null };

/** Events per page of the portal's event log. */
export const EVENT_LOG_PAGE = 25;

/** A consumer that gave up on an event after its retries, for staff to read and send again. */
export type DeadLetter = {
  eventId: string;
  type: string;
  occurredAt: number;
  consumer: string;
  attempts: number;
  lastError: string | null;
  deadAt: number;
};

/** An event id as the log gives it (a UUIDv7), e.g. an event log page's cursor. */
export const EventIdSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/, "Not an event id.");
