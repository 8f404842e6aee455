/** The sharing room's outcomes (CONTACT_MESSAGES' codes) as its pages say them, in the reader's language (issue #34). */
import type { CONTACT_MESSAGES } from "@releve/core/sharing/contact";
import type { RateVerdict } from "@releve/core/sharing/contact-limits";
import { m } from "@releve/i18n/messages";
import type { SaidBy } from "../../lib/said";

type Codes =
  | "missing"
  | "missingTag"
  | "connectFailed"
  | "ownerUnavailable"
  | "rateLimited"
  | "ownerBusy"
  | "senderLimited"
  | "rejected"
  | "missingUserId"
  | "missingOwnerId"
  | "userNotFound"
  | "submitError";

export const CONTACT_SAID: SaidBy<typeof CONTACT_MESSAGES, Codes> = {
  missing: () => m.contact_missing(),
  missingTag: () => m.contact_missing_tag(),
  connectFailed: () => m.contact_connect_failed(),
  ownerUnavailable: () => m.share_owner_unavailable(),
  rateLimited: () => m.contact_rate_limited(),
  ownerBusy: () => m.contact_owner_busy(),
  senderLimited: () => m.contact_sender_limited(),
  rejected: () => m.contact_rejected(),
  // The contact card's (/contact) and its form's (/receive-info).
  missingUserId: () => m.visit_missing_user_id(),
  missingOwnerId: () => m.visit_missing_owner_id(),
  userNotFound: () => m.visit_user_not_found(),
  submitError: () => m.visit_submit_error(),
};

/** The share form's save failure: CONTACT_MESSAGES.saveFailed and what to do. */
export const saySaveFailedRetry = () => m.contact_save_failed_retry();

/** A refused post by the rate rule's verdict (contactRateMessage's codes). */
export const RATE_SAID: Readonly<Record<Exclude<RateVerdict, "ok">, () => string>> = {
  ip: CONTACT_SAID.rateLimited,
  sender_owner: CONTACT_SAID.senderLimited,
  owner: CONTACT_SAID.ownerBusy,
};
