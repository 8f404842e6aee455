/**
 * The ownership room's server texts in the reader's language (issue #34): each English text its
 * rules send to a page (packages/core constants, the spec's words), and each field label they name,
 * with the message that says it. Merged by apps/web/app/lib/localize.server.ts.
 */
import { TRANSFER_MESSAGES } from "@releve/core/ownership/transfer";
import { m } from "@releve/i18n/messages";

export const TEXTS: ReadonlyArray<readonly [english: string, say: () => string]> = [
  [TRANSFER_MESSAGES.invalidLink, () => m.transfer_invalid_link()],
  [TRANSFER_MESSAGES.invalidLinkText, () => m.transfer_invalid_link_text()],
  [TRANSFER_MESSAGES.ownPiece, () => m.transfer_own_piece()],
  [TRANSFER_MESSAGES.ownLink, () => m.transfer_own_link()],
  [TRANSFER_MESSAGES.accepted, () => m.transfer_accepted()],
  [TRANSFER_MESSAGES.created, () => m.transfer_created()],
  [TRANSFER_MESSAGES.cancelled, () => m.transfer_cancelled()],
  [TRANSFER_MESSAGES.notOwned, () => m.transfer_not_owned()],
  [TRANSFER_MESSAGES.released, () => m.transfer_released()],
  [TRANSFER_MESSAGES.requested, () => m.transfer_requested()],
  [TRANSFER_MESSAGES.requestedText, () => m.transfer_requested_text()],
  [TRANSFER_MESSAGES.alreadyRequested, () => m.transfer_already_requested()],
  [TRANSFER_MESSAGES.requestLimited, () => m.transfer_request_limited()],
  [TRANSFER_MESSAGES.requestUnclaimed, () => m.transfer_request_unclaimed()],
  [TRANSFER_MESSAGES.requestNotFound, () => m.crm_garment_not_found()],
  [TRANSFER_MESSAGES.approved, () => m.transfer_approved()],
  [TRANSFER_MESSAGES.declined, () => m.transfer_declined()],
  [TRANSFER_MESSAGES.requestGone, () => m.transfer_request_gone()],
  [TRANSFER_MESSAGES.requesterGone, () => m.transfer_requester_gone()],
  [TRANSFER_MESSAGES.unexpected, () => m.transfer_unexpected()],
  // The steps' own words (answer-request, garment-ownership).
  ["Choose a request to answer.", () => m.transfer_choose_request()],
  ["Choose what to do.", () => m.transfer_choose_step()],
];

export const LABELS: ReadonlyArray<readonly [english: string, say: () => string]> = [
  ["Message", () => m.transfer_label_message()],
];
