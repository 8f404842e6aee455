import { normaliseHandle, normalisePhone, normaliseUrl } from "../platform/normalise";
import { formatPhone, phoneE164 } from "../platform/phone";

/** What the profile form asks for a channel. Email has none: it is the account's address. */
interface ChannelInput {
  label: string;
  type: "tel" | "url" | "text";
  autoComplete: string;
  /** The switch reads 'Share {share}'. */
  share: string;
  /** The stored form of what was typed; null when it is not a valid value. */
  normalise: (raw: string) => string | null;
  invalid: string;
}

export interface ChannelSpec {
  kind: string;
  /** The profiles column holding the value, and the one holding its share flag. */
  field: string;
  flag: `share_${string}`;
  /** The label on the owner's public card. */
  label: string;
  href: (value: string) => string;
  /** How the card shows the value, when not as stored (a phone number, formatted, issue #49). */
  display?: (value: string) => string;
  /** The vCard property (RFC 2426 EMAIL, TEL, URL; X-SOCIALPROFILE for the networks). */
  vcard: "email" | "tel" | "url" | "social";
  /** Spec part 1 §5: a new profile shares its email and nothing else. */
  sharedByDefault: boolean;
  /**
   * Shown publicly only once the account's email address is verified (issue #17): until then
   * nobody has shown the address is the owner's, and a card must not vouch for it.
   */
  verifiedOnly: boolean;
  input: ChannelInput | null;
  /** Asked on /onboarding/profile (spec part 1 §4); a `share` there rewords its switch. */
  onboarding: { share: string | null } | null;
}

const handle = (v: string) => encodeURIComponent(v.replace(/^@/, ""));

/**
 * The profile's contact channels, in the order a visitor sees them (issue #15): the profile
 * forms and their schemas, the share flags, the live preview, the public card, the vCard and
 * the visibility rule all derive from this one list.
 */
export const CHANNELS = [
  {
    kind: "email",
    field: "email",
    flag: "share_email",
    label: "Email",
    href: (v) => `mailto:${v}`,
    vcard: "email",
    sharedByDefault: true,
    verifiedOnly: true,
    input: null,
    onboarding: { share: null },
  },
  {
    kind: "mobile",
    field: "mobile_phone",
    flag: "share_mobile",
    label: "Phone",
    href: (v) => `tel:${phoneE164(v)}`,
    display: formatPhone,
    vcard: "tel",
    sharedByDefault: false,
    verifiedOnly: false,
    input: {
      label: "Mobile phone",
      type: "tel",
      autoComplete: "tel",
      share: "my phone number",
      normalise: normalisePhone,
      invalid: "Enter a phone number like +33 6 12 34 56 78",
    },
    onboarding: { share: "my mobile phone" },
  },
  {
    kind: "website",
    field: "website",
    flag: "share_website",
    label: "Website",
    href: (v) => v,
    vcard: "url",
    sharedByDefault: false,
    verifiedOnly: false,
    input: {
      label: "Website",
      type: "url",
      autoComplete: "url",
      share: "my website",
      normalise: normaliseUrl,
      invalid: "Enter a web address like https://example.com",
    },
    onboarding: null,
  },
  {
    kind: "instagram",
    field: "instagram",
    flag: "share_instagram",
    label: "Instagram",
    href: (v) => `https://www.instagram.com/${handle(v)}/`,
    vcard: "social",
    sharedByDefault: false,
    verifiedOnly: false,
    input: {
      label: "Instagram",
      type: "text",
      autoComplete: "off",
      share: "my Instagram",
      normalise: (v) => normaliseHandle(v, ["instagram.com"]),
      invalid: "Enter an Instagram handle like @relevé",
    },
    onboarding: { share: null },
  },
  {
    kind: "linkedin",
    field: "linkedin",
    flag: "share_linkedin",
    label: "LinkedIn",
    href: (v) => v,
    vcard: "social",
    sharedByDefault: false,
    verifiedOnly: false,
    input: {
      label: "LinkedIn",
      type: "text",
      autoComplete: "off",
      share: "my LinkedIn",
      normalise: (v) => {
        const name = normaliseHandle(v, ["linkedin.com"]);
        return name ? `https://www.linkedin.com/in/${name}` : null;
      },
      invalid: "Enter a LinkedIn profile address or name",
    },
    onboarding: { share: null },
  },
  {
    kind: "tiktok",
    field: "tiktok",
    flag: "share_tiktok",
    label: "TikTok",
    href: (v) => `https://www.tiktok.com/@${handle(v)}`,
    vcard: "social",
    sharedByDefault: false,
    verifiedOnly: false,
    input: {
      label: "TikTok",
      type: "text",
      autoComplete: "off",
      share: "my TikTok",
      normalise: (v) => normaliseHandle(v, ["tiktok.com"]),
      invalid: "Enter a TikTok handle",
    },
    onboarding: null,
  },
  {
    kind: "facebook",
    field: "facebook",
    flag: "share_facebook",
    label: "Facebook",
    href: (v) => `https://www.facebook.com/${encodeURIComponent(v)}`,
    vcard: "social",
    sharedByDefault: false,
    verifiedOnly: false,
    input: {
      label: "Facebook",
      type: "text",
      autoComplete: "off",
      share: "my Facebook",
      normalise: (v) => normaliseHandle(v, ["facebook.com", "fb.com"]),
      invalid: "Enter a Facebook name",
    },
    onboarding: null,
  },
  {
    kind: "twitter",
    field: "twitter",
    flag: "share_twitter",
    label: "X",
    href: (v) => `https://x.com/${handle(v)}`,
    vcard: "social",
    sharedByDefault: false,
    verifiedOnly: false,
    input: {
      label: "X / Twitter",
      type: "text",
      autoComplete: "off",
      share: "my X profile",
      normalise: (v) => normaliseHandle(v, ["twitter.com", "x.com"]),
      invalid: "Enter an X handle",
    },
    onboarding: null,
  },
] as const satisfies readonly ChannelSpec[];

export type Channel = (typeof CHANNELS)[number];
export type ChannelKind = Channel["kind"];
/** A profiles column holding a channel's value (e.g. `mobile_phone`). */
export type ChannelField = Channel["field"];
/** A profiles column holding a channel's share flag (e.g. `share_mobile`). */
export type ShareFlag = Channel["flag"];
/** A channel the profile form asks for (every one but email). */
export type InputChannel = Extract<Channel, { input: ChannelInput }>;
export type OnboardingChannel = Extract<Channel, { onboarding: object }>;

export const SHARE_FLAGS: readonly ShareFlag[] = CHANNELS.map((c) => c.flag);
export const INPUT_CHANNELS: readonly InputChannel[] = CHANNELS.filter((c): c is InputChannel => c.input !== null);
export const ONBOARDING_CHANNELS: readonly OnboardingChannel[] = CHANNELS.filter(
  (c): c is OnboardingChannel => c.onboarding !== null,
);

export function channelOf(kind: ChannelKind): Channel {
  return CHANNELS.find((c) => c.kind === kind) as Channel;
}

/** One entry per channel, keyed by its column (`field`) or its share flag (`flag`). */
export function byChannel<C extends Channel, K extends "field" | "flag", T>(
  channels: readonly C[],
  key: K,
  value: (channel: C) => T,
): Record<C[K], T> {
  return Object.fromEntries(channels.map((c) => [c[key], value(c)])) as Record<C[K], T>;
}
