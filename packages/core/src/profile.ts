import { z } from "zod";
import { normalisedField as field, optionalText as optional } from "./form-fields";
import { normaliseHandle, normalisePhone, normaliseUrl } from "./normalise";

export const PROFILE_MESSAGES = {
  contactRequired: "Contact Required: Please enable at least one way for people to contact you.",
  created: "Profile created successfully",
  updated: "Profile Updated",
  failed: "Failed to create profile",
  onboarded: "Welcome to the product!",
} as const;

const checkbox = (fallback: boolean) =>
  z
    .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal(""), z.boolean()])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === true || v === "on" || v === "true"));

const names = {
  first_name: z.string({ error: "First name is required" }).trim().min(1, "First name is required").max(80),
  last_name: z.string({ error: "Last name is required" }).trim().min(1, "Last name is required").max(80),
  display_name: optional(80, "Display name"),
  bio: optional(500, "Bio"),
};

const channels = {
  mobile_phone: field("Mobile phone", normalisePhone, "Enter a phone number like +33 6 12 34 56 78"),
  instagram: field("Instagram", (v) => normaliseHandle(v, ["instagram.com"]), "Enter an Instagram handle like @relevé"),
  linkedin: field(
    "LinkedIn",
    (v) => {
      const handle = normaliseHandle(v, ["linkedin.com"]);
      return handle ? `https://www.linkedin.com/in/${handle}` : null;
    },
    "Enter a LinkedIn profile address or name",
  ),
};

/** The full profile form (/profile-setup). Unticked checkboxes are absent from form data: false. */
export const ProfileSchema = z.object({
  ...names,
  city_region: optional(80, "City or region"),
  ...channels,
  website: field("Website", normaliseUrl, "Enter a web address like https://example.com"),
  tiktok: field("TikTok", (v) => normaliseHandle(v, ["tiktok.com"]), "Enter a TikTok handle"),
  facebook: field("Facebook", (v) => normaliseHandle(v, ["facebook.com", "fb.com"]), "Enter a Facebook name"),
  twitter: field("X / Twitter", (v) => normaliseHandle(v, ["twitter.com", "x.com"]), "Enter an X handle"),
  share_email: checkbox(false),
  share_mobile: checkbox(false),
  share_website: checkbox(false),
  share_instagram: checkbox(false),
  share_linkedin: checkbox(false),
  share_tiktok: checkbox(false),
  share_facebook: checkbox(false),
  share_twitter: checkbox(false),
  nfc_sharing_enabled: checkbox(false),
});
export type ProfileInput = z.output<typeof ProfileSchema>;

/** The onboarding form (/onboarding/profile), with the spec's contact rule. */
export const OnboardingSchema = z
  .object({
    ...names,
    ...channels,
    share_email: checkbox(false),
    share_mobile: checkbox(false),
    share_instagram: checkbox(false),
    share_linkedin: checkbox(false),
    nfc_sharing_enabled: checkbox(false),
  })
  .superRefine((v, ctx) => {
    if (!v.share_email && !v.share_mobile && !v.share_instagram && !v.share_linkedin) {
      ctx.addIssue({ code: "custom", path: ["form"], message: PROFILE_MESSAGES.contactRequired });
    }
  });
export type OnboardingInput = z.output<typeof OnboardingSchema>;

/** Spec part 1 §5: a new profile shares its email and has NFC sharing on; nothing else. */
export const PROFILE_DEFAULTS = {
  share_email: true,
  share_mobile: false,
  share_website: false,
  share_instagram: false,
  share_linkedin: false,
  share_tiktok: false,
  share_facebook: false,
  share_twitter: false,
  nfc_sharing_enabled: true,
} as const;
