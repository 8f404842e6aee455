/** The crm room's outcomes (CRM_ and UNSUBSCRIBE_MESSAGES' codes) in the reader's language (issues #34, #48). */
import type { UNSUBSCRIBE_MESSAGES } from "@releve/core/crm/alerts";
import type { CRM_MESSAGES } from "@releve/core/crm/rules";
import { m } from "@releve/i18n/messages";
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
