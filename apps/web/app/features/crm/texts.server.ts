/**
 * The crm room's server texts in the reader's language (issue #34): each English text its
 * rules send to a page (packages/core constants, the spec's words), and each field label they name,
 * with the message that says it. Merged by apps/web/app/lib/localize.server.ts.
 */
import { UNSUBSCRIBE_MESSAGES } from "@releve/core/crm/alerts";
import { CRM_MESSAGES } from "@releve/core/crm/rules";
import { m } from "@releve/i18n/messages";

export const TEXTS: ReadonlyArray<readonly [english: string, say: () => string]> = [
  [CRM_MESSAGES.loadConnections, () => m.crm_load_connections_failed()],
  [CRM_MESSAGES.loadContacts, () => m.crm_load_contacts_failed()],
  [CRM_MESSAGES.updateContact, () => m.crm_update_contact_failed()],
  [CRM_MESSAGES.markedContacted, () => m.crm_marked_contacted()],
  [CRM_MESSAGES.contactUpdated, () => m.crm_contact_updated()],
  [CRM_MESSAGES.createEvent, () => m.crm_create_event_failed()],
  [CRM_MESSAGES.eventCreated, () => m.crm_event_created()],
  [CRM_MESSAGES.updateActiveEvent, () => m.crm_update_active_event_failed()],
  [CRM_MESSAGES.activeEventSet, () => m.crm_active_event_set()],
  [CRM_MESSAGES.activeEventCleared, () => m.crm_active_event_cleared()],
  [CRM_MESSAGES.noActiveEvent, () => m.crm_no_active_event()],
  [CRM_MESSAGES.noEvents, () => m.crm_no_events()],
  [UNSUBSCRIBE_MESSAGES.invalid, () => m.crm_unsub_invalid()],
  [UNSUBSCRIBE_MESSAGES.invalidDetail, () => m.crm_unsub_invalid_detail()],
  [UNSUBSCRIBE_MESSAGES.confirmTitle, () => m.crm_unsub_confirm_title()],
  [UNSUBSCRIBE_MESSAGES.done, () => m.crm_unsub_done()],
  [UNSUBSCRIBE_MESSAGES.doneDetail, () => m.crm_unsub_done_detail()],
  [UNSUBSCRIBE_MESSAGES.alreadyOff, () => m.crm_unsub_already_off()],
  // Form and query refusals (crm/rules.ts); the text rule's sentences name their field by LABELS.
  ["Unknown action", () => m.crm_unknown_action()],
  ["Event name is required", () => m.crm_event_name_required()],
  ["Enter a date like 2026-12-31", () => m.crm_enter_date()],
  ["Choose a valid item.", () => m.crm_choose_valid_item()],
  ["Unknown event", () => m.crm_unknown_event()],
  ["Contacted must be all, yes or no", () => m.crm_contacted_filter()],
  ["Event not found", () => m.crm_event_not_found()],
  ["Garment not found", () => m.crm_garment_not_found()],
];

export const LABELS: ReadonlyArray<readonly [english: string, say: () => string]> = [
  ["Event name", () => m.crm_label_event_name()],
  ["Description", () => m.crm_description_label()],
  ["Location", () => m.crm_location_label()],
  ["Date", () => m.crm_label_date()],
  ["Search", () => m.crm_search_label()],
];
