/**
 * The accounts room's server texts in the reader's language (issue #34): each English text its
 * rules send to a page (packages/core constants, the spec's words), and each field label they name,
 * with the message that says it. Merged by apps/web/app/lib/localize.server.ts.
 */
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from "@releve/core/accounts/auth-constants";
import { PROFILE_MESSAGES } from "@releve/core/accounts/profile";
import { m } from "@releve/i18n/messages";

export const TEXTS: ReadonlyArray<readonly [english: string, say: () => string]> = [
  // Sign-in's refusals and the mail limits (auth-constants.ts), as auth.tsx still receives them in English.
  [AUTH_MESSAGES.passwordsDoNotMatch, () => m.account_passwords_do_not_match()],
  [AUTH_MESSAGES.invalidCredentials, () => m.account_invalid_credentials()],
  [AUTH_MESSAGES.lockedOut, () => m.account_locked_out()],
  [AUTH_MESSAGES.mailLimitedEmail, () => m.account_mail_limited_email()],
  [AUTH_MESSAGES.mailLimitedIp, () => m.account_mail_limited_ip()],
  [AUTH_MESSAGES.signupLimited, () => m.account_signup_limited()],
  // The auth forms' field errors (auth.ts).
  ["Email is required", () => m.account_email_required()],
  ["First name is required", () => m.account_first_name_required()],
  ["Last name is required", () => m.account_last_name_required()],
  ["Password is required", () => m.account_password_required()],
  [
    `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    () => m.account_password_too_short({ min: PASSWORD_MIN_LENGTH }),
  ],
  ["Password must not be your email address", () => m.account_password_is_email()],
  ["Please confirm your password", () => m.account_confirm_password()],
  // The profile forms (profile.ts, and the channels' own checks in sharing/channels.ts).
  [PROFILE_MESSAGES.contactRequired, () => m.account_contact_required()],
  ["Enter a web address like https://example.com", () => m.account_invalid_website()],
  ["Enter an Instagram handle like @relevé", () => m.account_invalid_instagram()],
  ["Enter a LinkedIn profile address or name", () => m.account_invalid_linkedin()],
  ["Enter a TikTok handle", () => m.account_invalid_tiktok()],
  ["Enter a Facebook name", () => m.account_invalid_facebook()],
  ["Enter an X handle", () => m.account_invalid_x()],
];

export const LABELS: ReadonlyArray<readonly [english: string, say: () => string]> = [
  ["Password", () => m.account_label_password()],
  ["The reset link", () => m.account_label_reset_link()],
  ["Display name", () => m.account_label_display_name()],
  ["Bio", () => m.account_label_bio()],
  ["City or region", () => m.account_label_city_region()],
  ["Mobile phone", () => m.account_field_mobile_phone()],
  ["Website", () => m.account_field_website()],
  ["TikTok", () => m.account_field_tiktok()],
  ["Facebook", () => m.account_field_facebook()],
  ["X / Twitter", () => m.account_field_x()],
];
