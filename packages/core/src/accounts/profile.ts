import { z } from "zod";
import { fieldIssueAt } from "../platform/field-problem";
import { normalisedField, optionalText as optional } from "../platform/form-fields";
import { text } from "../platform/text-field";
import {
  byChannel,
  CHANNELS,
  INPUT_CHANNELS,
  type InputChannel,
  ONBOARDING_CHANNELS,
  type OnboardingChannel,
} from "../sharing/channels";

export const PROFILE_MESSAGES = {
  contactRequired: "Contact Required: Please enable at least one way for people to contact you.",
  created: "Profile created successfully",
  updated: "Profile Updated",
  failed: "Failed to create profile",
  // The spec's "the product" is the brand (issue #16).
  onboarded: "Welcome to Relevé!",
} as const;

const checkbox = (fallback: boolean) =>
  z
    .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal(""), z.boolean()])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === true || v === "on" || v === "true"));

const names = {
  first_name: text({
    label: "First name",
    typeError: "First name is required",
    required: "First name is required",
    max: 80,
  }),
  last_name: text({
    label: "Last name",
    typeError: "Last name is required",
    required: "Last name is required",
    max: 80,
  }),
  display_name: optional(80, "Display name"),
  bio: optional(500, "Bio", { multiline: true }),
};

const channelField = (c: InputChannel) => normalisedField(c.input.label, c.input.normalise, c.input.invalid);
const shareSwitch = () => checkbox(false);

/** The full profile form (/profile-setup). Unticked checkboxes are absent from form data: false. */
export const ProfileSchema = z.object({
  ...names,
  city_region: optional(80, "City or region"),
  job_title: optional(80, "Title"),
  company: optional(120, "Company"),
  ...byChannel(INPUT_CHANNELS, "field", channelField),
  ...byChannel(CHANNELS, "flag", shareSwitch),
  nfc_sharing_enabled: checkbox(false),
});
export type ProfileInput = z.output<typeof ProfileSchema>;

const ONBOARDING_INPUTS = INPUT_CHANNELS.filter(
  (c): c is Extract<InputChannel, OnboardingChannel> => c.onboarding !== null,
);

/** The onboarding form (/onboarding/profile), with the spec's contact rule. */
export const OnboardingSchema = z
  .object({
    ...names,
    ...byChannel(ONBOARDING_INPUTS, "field", channelField),
    ...byChannel(ONBOARDING_CHANNELS, "flag", shareSwitch),
    nfc_sharing_enabled: checkbox(false),
  })
  .superRefine((v, ctx) => {
    if (!ONBOARDING_CHANNELS.some((c) => v[c.flag])) {
      ctx.addIssue(fieldIssueAt("form", "required", PROFILE_MESSAGES.contactRequired));
    }
  });
export type OnboardingInput = z.output<typeof OnboardingSchema>;

/** Spec part 1 §5: a new profile shares its email and has NFC sharing on; nothing else. */
export const PROFILE_DEFAULTS = {
  ...byChannel(CHANNELS, "flag", (c) => c.sharedByDefault),
  nfc_sharing_enabled: true,
};
