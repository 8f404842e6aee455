// Zod-free, so the form can show the choices and messages without shipping zod to the browser.

/** Spec part 2 §3 and §9: the referral choices, in the order the form offers them. */
export const REFERRAL_SOURCES = ["instagram", "tiktok", "friend", "fashion-show", "press", "other"] as const;
export type ReferralSource = (typeof REFERRAL_SOURCES)[number];

export const REFERRAL_LABELS: Record<ReferralSource, string> = {
  instagram: "Instagram",
  tiktok: "TikTok",
  friend: "A friend",
  "fashion-show": "A fashion show",
  press: "Press",
  other: "Other",
};

/** Spec part 2 §5 and §8 (Early access), verbatim; 'title: description' toasts keep both parts. */
export const EARLY_ACCESS_MESSAGES = {
  missing: "Please fill in all required fields",
  duplicateTitle: "Email already registered",
  duplicate: "This email is already on our early access list.",
  failedTitle: "Something went wrong",
  failed: "Please try again later.",
  rateLimited: "Too many sign-ups from this connection. Please try again in a few minutes.",
  // Not spec text: the day's cap per network came with issue #35 (decision 0057).
  networkLimited: "Too many sign-ups from this network today. Please try again tomorrow.",
  success: "You're on the list.",
} as const;
