/** The crm room's outcomes (CRM_ and UNSUBSCRIBE_MESSAGES' codes) in the reader's language (issues #34, #48). */
import type { UNSUBSCRIBE_MESSAGES } from "@releve/core/crm/alerts";
import type { CRM_MESSAGES } from "@releve/core/crm/rules";
import { m } from "@releve/i18n/messages";
import type { FormSaid } from "../../lib/field-said";
import type { SaidBy } from "../../lib/said";

export const CRM_SAID: SaidBy<
  typeof CRM_MESSAGES,
  Exclude<keyof typeof CRM_MESSAGES, "loadEvents" | "exportComplete">
> = {
  loadConnections: () => m.crm_load_connections_failed(),
  loadContacts: () => m.crm_load_contacts_failed(),
  updateContact: () => m.crm_update_contact_failed(),
  markedContacted: () => m.crm_marked_contacted(),
  contactUpdated: () => m.crm_contact_updated(),
  createEvent: () => m.crm_create_event_failed(),
  eventCreated: () => m.crm_event_created(),
  updateActiveEvent: () => m.crm_update_active_event_failed(),
  activeEventSet: () => m.crm_active_event_set(),
  activeEventCleared: () => m.crm_active_event_cleared(),
  noActiveEvent: () => m.crm_no_active_event(),
  noEvents: () => m.crm_no_events(),
};

export const UNSUBSCRIBE_SAID: SaidBy<typeof UNSUBSCRIBE_MESSAGES> = {
  invalid: () => m.crm_unsub_invalid(),
  invalidDetail: () => m.crm_unsub_invalid_detail(),
  confirmTitle: () => m.crm_unsub_confirm_title(),
  done: () => m.crm_unsub_done(),
  doneDetail: () => m.crm_unsub_done_detail(),
  alreadyOff: () => m.crm_unsub_already_off(),
};

/** The crm forms' and lists' fields (core crm/rules.ts): a contact's notes, an event, the filters. */
export const CRM_FIELDS: FormSaid = {
  contactId: { invalid: () => m.crm_choose_valid_item() },
  notes: { label: () => m.label_notes() },
  name: { label: () => m.crm_label_event_name(), required: () => m.crm_event_name_required() },
  description: { label: () => m.crm_description_label() },
  location: { label: () => m.crm_location_label() },
  date: { label: () => m.crm_label_date(), invalid: () => m.crm_enter_date() },
  q: { label: () => m.crm_search_label() },
  event: { invalid: () => m.crm_unknown_event() },
  eventId: { invalid: () => m.crm_unknown_event() },
  contacted: { invalid: () => m.crm_contacted_filter() },
};
