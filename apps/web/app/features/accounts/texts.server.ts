/**
 * The accounts room's field errors in the reader's language (issue #34): the English its forms'
 * schemas (packages/core accounts/auth.ts, profile.ts) still send to a page as text, and each field
 * label the text rule's sentences name. Merged by apps/web/app/lib/localize.server.ts; the room's
 * outcomes are said by code (./said.ts).
 */
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from "@releve/core/accounts/auth-constants";
import { PROFILE_MESSAGES } from "@releve/core/accounts/profile";
import { m } from "@releve/i18n/messages";

export const TEXTS: ReadonlyArray<readonly [english: string, say: () => string]> = [
  // The sign-up form's confirmation (auth.ts), a field error.
  [AUTH_MESSAGES.passwordsDoNotMatch, () => m.account_passwords_do_not_match()],
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
