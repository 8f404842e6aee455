import { CHANNELS, type ChannelField, type ChannelKind, type ShareFlag } from "./channels";

/**
 * The one visibility rule (spec part 2 §5): a profile field is shown publicly only if its
 * share_ flag is on and it has a value, and the email only once the account's address is
 * verified (issue #17). Everything public is built from this, on the server, so a hidden field
 * never reaches HTML or JSON.
 */
export interface ShareableProfile extends Record<ChannelField, string | null>, Record<ShareFlag, boolean> {
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  city_region: string | null;
  /** Shown with the name (issue #49); absent from older callers, which show none. */
  job_title?: string | null;
  company?: string | null;
  bio: string | null;
  /** The account's email address is verified (users.email_verified_at is set). */
  email_verified: boolean;
}

export interface SharedChannel {
  kind: ChannelKind;
  label: string;
  value: string;
  href: string;
}

/** Links only ever point at http(s), mailto or tel: a stored `javascript:` value stays inert. */
function safeHref(href: string): string | null {
  return /^(https?:|mailto:|tel:)/i.test(href) ? href : null;
}

export function sharedChannels(profile: ShareableProfile): SharedChannel[] {
  const out: SharedChannel[] = [];
  for (const c of CHANNELS) {
    const value = profile[c.field];
    if (profile[c.flag] !== true || typeof value !== "string" || value.trim() === "") continue;
    if (c.verifiedOnly && profile.email_verified !== true) continue;
    const href = safeHref(c.href(value));
    if (href) out.push({ kind: c.kind, label: c.label, value: "display" in c ? c.display(value) : value, href });
  }
  return out;
}

/** Display name, else first plus last name. */
export function publicName(profile: Pick<ShareableProfile, "display_name" | "first_name" | "last_name">): string {
  const display = profile.display_name?.trim();
  if (display) return display;
  return [profile.first_name, profile.last_name].filter((s) => s?.trim()).join(" ") || "Relevé client";
}

/** What the card and the visitor's mail call the owner: their first name, else their public name's first word. */
export function firstNameOf(profile: Pick<ShareableProfile, "display_name" | "first_name" | "last_name">): string {
  const name = publicName(profile);
  return profile.first_name?.trim() || name.split(" ")[0] || name;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => [...(p ?? "")][0]?.toUpperCase() ?? "").join("") || "R";
}

/** What a visitor sees of an owner: name, place, bio and only the shared channels. */
export function publicProfile(profile: ShareableProfile) {
  const name = publicName(profile);
  return {
    name,
    initials: initials(name),
    firstName: firstNameOf(profile),
    cityRegion: profile.city_region,
    title: profile.job_title?.trim() || null,
    company: profile.company?.trim() || null,
    bio: profile.bio,
    channels: sharedChannels(profile),
  };
}
export type PublicProfile = ReturnType<typeof publicProfile>;
