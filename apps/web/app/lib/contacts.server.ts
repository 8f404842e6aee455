import type { OwnerContact } from "@releve/db/contacts";

export interface ConnectionGroup {
  key: string;
  eventId: number | null;
  name: string;
  date: string | null;
  contacts: OwnerContact[];
}

/** Groups by event, newest connection first within and across groups; no event is its own group. */
export function groupByEvent(contacts: OwnerContact[]): ConnectionGroup[] {
  const groups = new Map<string, ConnectionGroup>();
  for (const c of contacts) {
    const key = c.event_id ? `event-${c.event_id}` : "no-event";
    let group = groups.get(key);
    if (!group) {
      group = { key, eventId: c.event_id, name: c.event_name ?? "No event", date: c.event_date, contacts: [] };
      groups.set(key, group);
    }
    group.contacts.push(c);
  }
  return [...groups.values()];
}
