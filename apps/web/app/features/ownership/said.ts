/** The ownership room's outcomes (TRANSFER_MESSAGES' codes) in the reader's language (issue #34). */
import type { TRANSFER_MESSAGES } from "@releve/core/ownership/transfer";
import { m } from "@releve/i18n/messages";
import type { SaidBy } from "../../lib/said";

export const TRANSFER_SAID: SaidBy<typeof TRANSFER_MESSAGES> = {
  invalidLink: () => m.transfer_invalid_link(),
  invalidLinkText: () => m.transfer_invalid_link_text(),
  ownPiece: () => m.transfer_own_piece(),
  ownLink: () => m.transfer_own_link(),
  accepted: () => m.transfer_accepted(),
  created: () => m.transfer_created(),
  cancelled: () => m.transfer_cancelled(),
  notOwned: () => m.transfer_not_owned(),
  released: () => m.transfer_released(),
  requested: () => m.transfer_requested(),
  requestedText: () => m.transfer_requested_text(),
  alreadyRequested: () => m.transfer_already_requested(),
  requestLimited: () => m.transfer_request_limited(),
  requestUnclaimed: () => m.transfer_request_unclaimed(),
  requestNotFound: () => m.crm_garment_not_found(),
  approved: () => m.transfer_approved(),
  declined: () => m.transfer_declined(),
  requestGone: () => m.transfer_request_gone(),
  requesterGone: () => m.transfer_requester_gone(),
  unexpected: () => m.transfer_unexpected(),
};
