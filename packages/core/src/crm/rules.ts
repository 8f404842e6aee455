import { z } from "zod";
import { fieldIssue } from "../platform/field-problem";
import { idField, optionalText } from "../platform/form-fields";
import { parseId, SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from "../platform/input-limits";
import { formatTimeCursor, parseTimeCursor, type TimeCursor, timeCursorAfter } from "../platform/keyset";
import { text } from "../platform/text-field";
import { byChannel, CHANNELS } from "../sharing/channels";
import { sharedChannels } from "../sharing/share-visibility";
import { toVCard } from "../sharing/vcard";

/** Spec part 2 §8 (Connections and contacts, Events), verbatim. */
export const CRM_MESSAGES = {
  loadConnections: "Failed to load connections",
  loadContacts: "Failed to load contacts",
  updateContact: "Failed to update contact",
  markedContacted: "Contact marked as contacted",
  // Spec part 2 §8, Successes: the owner's notes on a contacted contact, edited.
  contactUpdated: "Contact Updated",
  loadEvents: "Error: Failed to load events",
  createEvent: "Failed to create event",
  eventCreated: "Event created successfully",
  updateActiveEvent: "Failed to update active event",
  activeEventSet: "Active event set - new scans will be associated with this event",
  activeEventCleared: "Active event cleared",
  noActiveEvent: "No Active Event",
  noEvents: "No events yet",
  exportComplete: "Export Complete",
} as const;

export const CONTACT_NOTES_MAX = 4000;
export const CONTACTS_PAGE_SIZE = 50;
/** /connections lists this many at a time, newest first, 'Load more' for the next (issue #30). */
export const CONNECTIONS_PAGE_SIZE = 100;
/** The garment page lists its contacts this many at a time, newest first (issue #30). */
export const GARMENT_CONTACTS_PAGE_SIZE = 25;

/**
 * Where a page of contacts ends, newest first: the last row's time and id. The next page is
 * the rows strictly before it (keyset paging, platform/keyset.ts).
 */
export type ContactCursor = TimeCursor;
export {
  formatTimeCursor as formatContactCursor,
  parseTimeCursor as parseContactCursor,
  timeCursorAfter as encodeContactCursor,
};

/** Contacts listed on an event's page (the rest are one click away in Contacts). */
export const EVENT_CONTACTS_SHOWN = 100;
/** Analytics: the scans-per-day chart's span, and the window of top cities and browsers. */
export const CHART_DAYS = 30;
export const TOP_WINDOW_DAYS = 30;

/** An id field, read by the one strict parser (digits only: "0x8", "1e1", " 22" are refused). */
const positiveId = idField("Choose a valid item.");

export { parseId };

/** `event`: every contact, contacts with no event, or one event's. */
export type EventFilter = { kind: "all" } | { kind: "none" } | { kind: "event"; id: number };
export type ContactedFilter = "all" | "yes" | "no";

/** A list's search term: any term up to SEARCH_MAX_LENGTH characters, in any script; longer is a 400. */
const search = text({ label: "Search", max: SEARCH_MAX_LENGTH, tooLong: SEARCH_TOO_LONG, absentAsEmpty: true });

/** /connections' query string: its search term (the rest it reads leniently). */
export const SearchQuerySchema = z.object({ q: search });

/**
 * The contacts list's query string (search, event, contacted status, and `before`: the page
 * after that contact, keyset paging). An unreadable filter is a 400, never a silently
 * different list; an unreadable `before` starts from the newest, as every list's does.
 */
export const ContactsQuerySchema = z.object({
  q: search,
  event: z
    .string()
    .default("all")
    .transform((v, ctx): EventFilter => {
      if (v === "" || v === "all") return { kind: "all" };
      if (v === "none") return { kind: "none" };
      const id = parseId(v);
      if (id === null) {
        ctx.addIssue(fieldIssue("invalid", "Unknown event"));
        return z.NEVER;
      }
      return { kind: "event", id };
    }),
  contacted: z.enum(["all", "yes", "no"], { error: "Contacted must be all, yes or no" }).default("all"),
  before: z
    .string()
    .optional()
    .transform((v) => parseTimeCursor(v)),
});
export type ContactsQuery = z.output<typeof ContactsQuerySchema>;

/** Reads the query string's known keys (an empty value counts as absent). */
export function contactsQueryFrom(params: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const key of ["q", "event", "contacted", "before"]) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  return ContactsQuerySchema.safeParse(raw);
}

/** The query string that reproduces a filter (and the page after `before`, if given). */
export function contactsQueryString(query: Partial<ContactsQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.event && query.event.kind !== "all")
    params.set("event", query.event.kind === "none" ? "none" : String(query.event.id));
  if (query.contacted && query.contacted !== "all") params.set("contacted", query.contacted);
  if (query.before) params.set("before", formatTimeCursor(query.before));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** 'Mark Contacted' with optional notes (spec part 2 §4: contacted_at set to now). */
export const MarkContactedSchema = z.object({
  contactId: positiveId,
  notes: text({ label: "Notes", multiline: true, max: CONTACT_NOTES_MAX, absentAsEmpty: true }).transform((v) =>
    v === "" ? null : v,
  ),
});
/** 'Create Event' (spec part 2 §5): name required and trimmed; empty optional fields stored as null. */
export const CreateEventSchema = z.object({
  name: text({ label: "Event name", required: "Event name is required", max: 120 }),
  description: optionalText(1000, "Description", { multiline: true }),
  location: optionalText(200, "Location"),
  date: text({ label: "Date", absentAsEmpty: true })
    .refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), {
      message: "Enter a date like 2026-12-31",
      params: { rule: "invalid" },
    })
    .transform((v) => (v === "" ? null : v)),
});
export type CreateEventInput = z.output<typeof CreateEventSchema>;

/** The Active Event selector and star toggle: an event id, or empty for 'No Active Event'. */
export const ActiveEventSchema = z.object({
  eventId: z
    .string()
    .default("")
    .transform((v, ctx) => {
      if (v === "" || v === "none") return null;
      const id = parseId(v);
      if (id === null) {
        ctx.addIssue(fieldIssue("invalid", "Unknown event"));
        return z.NEVER;
      }
      return id;
    }),
});

/** The fields of a contact the CRM exports read (the owner's contact rows carry more). */
export interface CrmContact {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  instagram: string | null;
  linkedin: string | null;
  tiktok?: string | null;
  facebook?: string | null;
  notes: string | null;
  contact_notes: string | null;
  event_name: string | null;
}

export function contactName(c: Pick<CrmContact, "first_name" | "last_name">): string {
  return [c.first_name, c.last_name].filter((s) => s?.trim()).join(" ") || "Anonymous";
}

/**
 * One vCard 3.0 file holding every contact of the list (address books import a file of
 * concatenated cards). Channels go through the same href rules as the share card, so a
 * stored `javascript:` value never becomes a link.
 */
export function contactsVCard(rows: CrmContact[]): string {
  return rows
    .map((c) =>
      toVCard({
        name: contactName(c),
        firstName: c.first_name,
        lastName: c.last_name,
        // Everything the contact gave goes on their card: every flag on, only filled channels show.
        channels: sharedChannels({
          first_name: c.first_name,
          last_name: c.last_name,
          display_name: null,
          city_region: null,
          bio: null,
          // The owner's own export of what a visitor gave: not a public card, nothing to vouch for.
          email_verified: true,
          ...byChannel(CHANNELS, "field", () => null),
          ...byChannel(CHANNELS, "flag", () => true),
          email: c.email,
          mobile_phone: c.phone,
          instagram: c.instagram,
          linkedin: c.linkedin,
          tiktok: c.tiktok ?? null,
          facebook: c.facebook ?? null,
        }),
        note: [c.event_name ? `Event: ${c.event_name}` : null, c.notes, c.contact_notes].filter(Boolean).join("\n"),
      }),
    )
    .join("");
}

/** `relevé-contacts-<date>` style names for the list exports. */
export function contactsExportFileName(scope: string, ext: "csv" | "vcf", now = new Date()): string {
  return `${scope}-contacts-${now.toISOString().slice(0, 10)}.${ext}`;
}

/**
 * The contact sources that follow a counted visitor tap: the card's form after a tap of
 * `/t/<slug>` (issue #35). A contact card's `/receive-info`, a share token's link (its opening
 * is not a scan) and an admin's guest capture come without one: reported apart, never converted.
 */
export const TAPPED_CONTACT_SOURCES = ["nfc_share"] as const;

/**
 * The share of visitor taps that brought a contact, as a rounded percentage; null when there
 * were no taps. Never over 100% (issue #35): two people may share from one tap, or a contact
 * land in the window after its tap's, so contacts count at most one per tap.
 */
export function conversionRate(tapContacts: number, taps: number): number | null {
  if (taps <= 0) return null;
  return Math.round((Math.min(tapContacts, taps) / taps) * 1000) / 10;
}

/** A day as events write it (YYYY-MM-DD, UTC until people's own time zones, issue #49). */
export const eventDay = (at: Date | number) => new Date(at).toISOString().slice(0, 10);

/**
 * What an owner's event is now (issue #49), one state the badge, the 'Active event' selector and
 * the tagging of new scans and contacts agree on: `active` while it is the one chosen and not
 * over; `past` the day after its date; `inactive` when switched off; else `upcoming` (with a date
 * to come) or `open` (no date). An event tags nothing once its day has gone.
 */
export type EventState = "active" | "past" | "inactive" | "upcoming" | "open";

export function eventState(
  event: { id: number; date: string | null; is_active: boolean },
  chosenId: number | null,
  today: string,
): EventState {
  if (event.date !== null && event.date < today) return "past";
  if (!event.is_active) return "inactive";
  if (event.id === chosenId) return "active";
  return event.date === null ? "open" : "upcoming";
}
