import { z } from "zod";
import { fieldIssue, fieldIssueAt } from "../platform/field-problem";
import { normalisedField as normalised, optionalText } from "../platform/form-fields";
import { normaliseHandle, normalisePhone, normaliseUrl } from "../platform/normalise";
import { text } from "../platform/text-field";

/** Spec part 2 §5 and §8 (Share), verbatim. */
export const CONTACT_MESSAGES = {
  missing: "Missing information: Please provide your name and either email or phone number",
  // One part of `missing` alone, named (issue #49).
  missingName: "Missing information: please provide your first name.",
  missingWay: "Missing information: please provide an email or a phone number, so you can be reached.",
  saveFailed: "Failed to save contact",
  connected: "Successfully Connected!",
  ownerUnavailable: "Owner profile not available for sharing",
  garmentUnavailable: "Garment not found or not available for sharing",
  // Share tokens (`/share/<client id>-<timestamp>`), spec part 2 §8, Share.
  invalidToken: "Invalid share token",
  sharingDisabled: "Profile not found or sharing disabled",
  tokenProfileMissing: "Profile not found. This link may be invalid or expired.",
  loadFailed: "Failed to load sharing information",
  // Spec part 2 §8: the contact card could not be read; the share form could not reach or check its target.
  cardLoadFailed: "Error: Could not load user profile.",
  connectFailed: "Failed to connect",
  // Spec part 2 §5: the tag share form's own words (the visitor form keeps `missing`).
  missingTag: "Missing Information: Please provide your name and at least email or phone.",
  rateLimited: "Too many messages from this connection. Please try again in a few minutes.",
  ownerBusy: "This owner has received many messages today. Please try again tomorrow.",
  senderLimited: "Too many messages to this owner from this connection today. Please try again tomorrow.",
  rejected: "Your details could not be sent. Please try again.",
  missingUserId: "Missing user ID. Please use a valid link.",
  userNotFound: "User not found.",
  missingOwnerId: "Missing owner ID in URL",
  submitError: "Error submitting. Please try again.",
  thankYou: "Thank You! Your info has been shared successfully.",
} as const;

export const NOTES_MAX_BYTES = 4096;

const consent = (fallback: boolean) =>
  z
    .enum(["on", "true", "false", ""])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === "on" || v === "true"));

/**
 * The visitor's 'Share Your Contact Info' form. Every field is bounded; socials are stored
 * as handles or http(s) URLs only, so nothing script-like can become a link later.
 */
export const ContactFormSchema = z
  .object({
    first_name: text({ label: "First name", max: 80, absentAsEmpty: true }),
    last_name: optionalText(80, "Last name"),
    email: text({ label: "Email", max: 254, tooLong: "Email is too long", absentAsEmpty: true }).transform((v, ctx) => {
      if (v === "") return null;
      if (!z.email().safeParse(v).success) ctx.addIssue(fieldIssue("invalid", "Enter a valid email address"));
      return v.toLowerCase();
    }),
    phone: normalised("Phone", normalisePhone, "Enter a phone number like +33 6 12 34 56 78"),
    instagram: normalised("Instagram", (v) => normaliseHandle(v, ["instagram.com"]), "Enter an Instagram handle"),
    linkedin: normalised(
      "LinkedIn",
      (v) => {
        if (/^https?:\/\//i.test(v)) {
          const url = normaliseUrl(v);
          return url && /(^|\.)linkedin\.com$/i.test(new URL(url).hostname) ? url : null;
        }
        const handle = normaliseHandle(v, ["linkedin.com"]);
        return handle ? `https://www.linkedin.com/in/${handle}` : null;
      },
      "Enter a LinkedIn profile URL",
    ),
    notes: text({ label: "Notes", multiline: true, absentAsEmpty: true })
      .refine((v) => new TextEncoder().encode(v).length <= NOTES_MAX_BYTES, {
        message: "Notes must be at most 4 KB",
        params: { rule: "too_long", max: NOTES_MAX_BYTES },
      })
      .transform((v) => (v === "" ? null : v)),
    // Sending the form is what lets its owner keep the details (the form says so in a sentence,
    // issue #49); what goes further is asked, never assumed: absent is no.
    consent_data_collection: consent(true),
    consent_marketing: consent(false),
    consent_event_updates: consent(false),
  })
  .superRefine((v, ctx) => {
    // Each missing part on its own field, so a page says what is missing (issue #49), and the
    // spec's one form-wide message beside them.
    const noName = v.first_name === "";
    const noWay = !v.email && !v.phone;
    if (noName) ctx.addIssue(fieldIssueAt("first_name", "required", "First name is required"));
    if (noWay) ctx.addIssue(fieldIssueAt("email", "required", "An email or a phone number is needed."));
    if (noName || noWay) ctx.addIssue(fieldIssueAt("form", "required", CONTACT_MESSAGES.missing));
  });
export type ContactFormInput = z.output<typeof ContactFormSchema>;

/** The contact card's 'Share Your Info Back' form (spec part 2 §2, /receive-info): a name, the rest optional. */
export const GuestContactSchema = z
  .object({
    // No default: zod skips a default's checks, so a form without the field stored a blank name (#17).
    guest_name: text({
      label: "Name",
      typeError: "Your name is required",
      required: "Your name is required",
      max: 160,
    }),
    phone: normalised("Phone", normalisePhone, "Enter a phone number like +33 6 12 34 56 78"),
    instagram: normalised("Instagram", (v) => normaliseHandle(v, ["instagram.com"]), "Enter an Instagram handle"),
    linkedin: normalised(
      "LinkedIn",
      (v) => {
        const handle = normaliseHandle(v, ["linkedin.com"]);
        return handle ? `https://www.linkedin.com/in/${handle}` : null;
      },
      "Enter a LinkedIn profile address or name",
    ),
  })
  .transform(
    (v): ContactFormInput => ({
      first_name: v.guest_name,
      last_name: null,
      email: null,
      phone: v.phone,
      instagram: v.instagram,
      linkedin: v.linkedin,
      notes: null,
      consent_data_collection: true,
      // The contact card's form asks nothing more (issue #49: never assumed).
      consent_marketing: false,
      consent_event_updates: false,
    }),
  );
