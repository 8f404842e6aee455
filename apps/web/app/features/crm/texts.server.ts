/**
 * The crm room's field errors in the reader's language (issue #34): the English its schemas'
 * issues carry (packages/core crm/rules.ts), which still reach a page as text, and each field label
 * the text rule's sentences name. Merged by apps/web/app/lib/localize.server.ts; the room's outcomes
 * are said by code (./said.ts).
 */
import { m } from "@releve/i18n/messages";

export const TEXTS: ReadonlyArray<readonly [english: string, say: () => string]> = [
  ["Event name is required", () => m.crm_event_name_required()],
  ["Enter a date like 2026-12-31", () => m.crm_enter_date()],
  ["Choose a valid item.", () => m.crm_choose_valid_item()],
  ["Unknown event", () => m.crm_unknown_event()],
  ["Contacted must be all, yes or no", () => m.crm_contacted_filter()],
];

export const LABELS: ReadonlyArray<readonly [english: string, say: () => string]> = [
  ["Event name", () => m.crm_label_event_name()],
  ["Description", () => m.crm_description_label()],
  ["Location", () => m.crm_location_label()],
  ["Date", () => m.crm_label_date()],
  ["Search", () => m.crm_search_label()],
];
