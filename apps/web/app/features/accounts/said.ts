/** The accounts room's outcomes (AUTH_, PROFILE_ and DELETION_MESSAGES' codes) in the reader's language (issue #34). */
import type { AUTH_MESSAGES } from "@releve/core/accounts/auth-constants";
import { PASSWORD_MIN_LENGTH } from "@releve/core/accounts/auth-constants";
import type { DELETION_MESSAGES } from "@releve/core/accounts/deletion";
import type { PROFILE_MESSAGES } from "@releve/core/accounts/profile";
import { m } from "@releve/i18n/messages";
import { type FormSaid, normalisedFieldSaid, tooLongPlain } from "../../lib/field-said";
import type { SaidBy } from "../../lib/said";

export const AUTH_SAID: SaidBy<typeof AUTH_MESSAGES, Exclude<keyof typeof AUTH_MESSAGES, "notAdmin">> = {
  passwordsDoNotMatch: () => m.account_passwords_do_not_match(),
  signupSuccess: () => m.account_signup_success(),
  resetSent: () => m.account_reset_sent(),
  loggedOutTitle: () => m.account_logged_out_title(),
  loggedOut: () => m.account_logged_out(),
  adminSignedOut: () => m.account_admin_signed_out(),
  adminSignOutFailed: () => m.account_admin_sign_out_failed(),
  invalidCredentials: () => m.account_invalid_credentials(),
  lockedOut: () => m.account_locked_out(),
  tokenInvalid: () => m.account_token_invalid(),
  passwordUpdated: () => m.account_password_updated(),
  emailVerified: () => m.account_email_verified(),
  mailLimitedEmail: () => m.account_mail_limited_email(),
  mailLimitedIp: () => m.account_mail_limited_ip(),
  signupLimited: () => m.account_signup_limited(),
};

export const PROFILE_SAID: SaidBy<typeof PROFILE_MESSAGES> = {
  contactRequired: () => m.account_contact_required(),
  created: () => m.account_profile_created(),
  updated: () => m.account_profile_updated(),
  failed: () => m.account_profile_failed(),
  onboarded: () => m.account_profile_onboarded(),
};

export const DELETION_SAID: SaidBy<
  typeof DELETION_MESSAGES,
  "wrongPassword" | "lastAdmin" | "failed" | "deleted" | "deletedDetail"
> = {
  wrongPassword: () => m.account_delete_wrong_password(),
  lastAdmin: () => m.account_delete_last_admin(),
  failed: () => m.account_delete_failed(),
  deleted: () => m.account_deleted(),
  deletedDetail: () => m.account_deleted_detail(),
};

/**
 * The accounts forms' fields (core accounts/auth.ts, profile.ts): sign-in, sign-up, forgotten
 * and new password, onboarding and the profile. Field names do not clash between them.
 */
export const ACCOUNT_FIELDS: FormSaid = {
  email: {
    label: () => m.label_email(),
    required: () => m.account_email_required(),
    invalid: () => m.field_invalid_email(),
    too_long: tooLongPlain,
  },
  password: {
    label: () => m.account_label_password(),
    required: () => m.account_password_required(),
    too_short: () => m.account_password_too_short({ min: PASSWORD_MIN_LENGTH }),
    same_as_email: () => m.account_password_is_email(),
  },
  confirmPassword: {
    required: () => m.account_confirm_password(),
    mismatch: () => m.account_passwords_do_not_match(),
  },
  firstName: { label: () => m.label_first_name(), required: () => m.account_first_name_required() },
  lastName: { label: () => m.label_last_name(), required: () => m.account_last_name_required() },
  token: { label: () => m.account_label_reset_link(), required: () => m.account_token_invalid() },
  first_name: { label: () => m.label_first_name(), required: () => m.account_first_name_required() },
  last_name: { label: () => m.label_last_name(), required: () => m.account_last_name_required() },
  display_name: { label: () => m.account_label_display_name() },
  bio: { label: () => m.account_label_bio() },
  city_region: { label: () => m.account_label_city_region() },
  job_title: { label: () => m.account_label_title() },
  company: { label: () => m.account_label_company() },
  mobile_phone: normalisedFieldSaid(
    () => m.account_field_mobile_phone(),
    () => m.field_invalid_phone(),
  ),
  website: normalisedFieldSaid(
    () => m.account_field_website(),
    () => m.account_invalid_website(),
  ),
  instagram: normalisedFieldSaid(
    () => m.account_field_instagram(),
    () => m.account_invalid_instagram(),
  ),
  linkedin: normalisedFieldSaid(
    () => m.account_field_linkedin(),
    () => m.account_invalid_linkedin(),
  ),
  tiktok: normalisedFieldSaid(
    () => m.account_field_tiktok(),
    () => m.account_invalid_tiktok(),
  ),
  facebook: normalisedFieldSaid(
    () => m.account_field_facebook(),
    () => m.account_invalid_facebook(),
  ),
  twitter: normalisedFieldSaid(
    () => m.account_field_x(),
    () => m.account_invalid_x(),
  ),
  form: { required: () => m.account_contact_required() },
};
