/** The sharing room's outcomes (CONTACT_MESSAGES' codes) as its pages say them, in the reader's language (issue #34). */
import type { CONTACT_MESSAGES } from "@releve/core/sharing/contact";
import type { RateVerdict } from "@releve/core/sharing/contact-limits";
import { m } from "@releve/i18n/messages";
import { type FormSaid, normalisedFieldSaid } from "../../lib/field-said";
import type { SaidBy } from "../../lib/said";

type Codes =
  | "missing"
  | "missingTag"
  | "missingName"
  | "missingWay"
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
  // One part of `missing` alone (issue #49): what is missing, named.
  missingName: () => m.contact_missing_name(),
  missingWay: () => m.contact_missing_way(),
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

const PHONE = normalisedFieldSaid(
  () => m.label_phone(),
  () => m.field_invalid_phone(),
);
const INSTAGRAM = normalisedFieldSaid(
  () => m.label_instagram(),
  () => m.field_invalid_instagram(),
);

/** The visitor's 'Share Your Contact Info' form (ContactFormSchema); its form-wide refusal is said by code. */
export const CONTACT_FIELDS: FormSaid = {
  first_name: { label: () => m.label_first_name(), required: () => m.account_first_name_required() },
  last_name: { label: () => m.label_last_name() },
  // Not normalised, but said alike: its format, and its bound without a figure.
  email: {
    ...normalisedFieldSaid(
      () => m.label_email(),
      () => m.field_invalid_email(),
    ),
    required: () => m.contact_way_required(),
  },
  phone: PHONE,
  instagram: INSTAGRAM,
  linkedin: normalisedFieldSaid(
    () => m.label_linkedin(),
    () => m.field_invalid_linkedin(),
  ),
  notes: { label: () => m.label_notes(), too_long: () => m.field_notes_too_large() },
};

/** The contact card's 'Share Your Info Back' form (GuestContactSchema). */
export const GUEST_FIELDS: FormSaid = {
  guest_name: { label: () => m.label_name(), required: () => m.visit_name_required() },
  phone: PHONE,
  instagram: INSTAGRAM,
  linkedin: normalisedFieldSaid(
    () => m.label_linkedin(),
    () => m.visit_linkedin_invalid(),
  ),
};
