/** The accounts room's outcomes (AUTH_, PROFILE_ and DELETION_MESSAGES' codes) in the reader's language (issue #34). */
import type { AUTH_MESSAGES } from "@releve/core/accounts/auth-constants";
import type { DELETION_MESSAGES } from "@releve/core/accounts/deletion";
import type { PROFILE_MESSAGES } from "@releve/core/accounts/profile";
import { m } from "@releve/i18n/messages";
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
