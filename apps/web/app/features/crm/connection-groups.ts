import type { OwnerContact } from "@releve/db/crm/queries";
import { m } from "@releve/i18n/messages";

export interface ConnectionGroup {
  key: string;
  eventId: number | null;
  name: string;
  date: string | null;
  contacts: OwnerContact[];
}

/** Groups by event, newest connection first within and across groups; no event is its own group (named in the page's language). */
export function groupByEvent(contacts: OwnerContact[]): ConnectionGroup[] {
  const groups = new Map<string, ConnectionGroup>();
  for (const c of contacts) {
    // An owner's event, else the brand event a guest was captured at (no page of its own), else none.
    const key = c.event_id ? `event-${c.event_id}` : c.brand_event_id ? `brand-event-${c.brand_event_id}` : "no-event";
    let group = groups.get(key);
    if (!group) {
      group = { key, eventId: c.event_id, name: c.event_name ?? m.crm_no_event(), date: c.event_date, contacts: [] };
      groups.set(key, group);
    }
    group.contacts.push(c);
  }
  return [...groups.values()];
}
