import type { BrandEvent } from "@releve/core/tags/contracts";
import { formatDate } from "../../format";

/** The staff member's current event: this tab's choice (sessionStorage), never the server's. */
export type ActiveEvent = { id: number; name: string };
export const ACTIVE_EVENT_KEY = "releve:programmer:active-event";

/** The event this tab is working at, if it stored a well-formed one. */
export function readActiveEvent(): ActiveEvent | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(ACTIVE_EVENT_KEY) ?? "null") as unknown;
    if (
      value &&
      typeof value === "object" &&
      "id" in value &&
      "name" in value &&
      Number.isSafeInteger(value.id) &&
      typeof value.name === "string"
    ) {
      return { id: value.id as number, name: value.name };
    }
  } catch {
    // Storage unavailable or unreadable: no active event.
  }
  return null;
}

/** Remembers (or, with null, forgets) this tab's event. */
export function storeActiveEvent(event: ActiveEvent | null) {
  try {
    if (event) sessionStorage.setItem(ACTIVE_EVENT_KEY, JSON.stringify(event));
    else sessionStorage.removeItem(ACTIVE_EVENT_KEY);
  } catch {
    // Private mode without storage: the choice lasts as long as the page.
  }
}

/** Whether the remembered event still files guests: it is listed and open. */
export const isStillOpen = (events: readonly BrandEvent[], active: ActiveEvent) =>
  events.some((e) => e.id === active.id && e.isActive);

/** An event's date as the list shows it. */
export const eventWhen = (event: Pick<BrandEvent, "datetime">) =>
  event.datetime === null ? "No date" : formatDate(event.datetime);

/** A `datetime-local` value (the device's local time) as the epoch milliseconds the server takes; none if blank or invalid. */
export function eventDatetime(local: string): number | null {
  const datetime = local ? new Date(local).getTime() : null;
  return Number.isNaN(datetime) ? null : datetime;
}

export type GuestDraft = { first_name: string; last_name: string; email: string; phone: string; notes: string };
export const EMPTY_GUEST: GuestDraft = { first_name: "", last_name: "", email: "", phone: "", notes: "" };

/** Guest capture (spec part 2 §5): both names are required… */
export const guestNamed = (guest: GuestDraft) => guest.first_name.trim() !== "" && guest.last_name.trim() !== "";

/** …and an email or a phone. */
export const guestReachable = (guest: GuestDraft) => guest.email.trim() !== "" || guest.phone.trim() !== "";
