import { describe, expect, it } from "vitest";
import { byChannel, CHANNELS } from "./channels";
import { initials, publicName, publicProfile, type ShareableProfile, sharedChannels } from "./share-visibility";

const base: ShareableProfile = {
  first_name: "Camille",
  last_name: "Laurent",
  display_name: null,
  city_region: "Paris",
  bio: "Atelier.",
  email: "camille@example.com",
  mobile_phone: "+33612345678",
  website: "https://camille.example",
  instagram: "camille",
  linkedin: "https://www.linkedin.com/in/camille",
  tiktok: "camille",
  facebook: "camille",
  twitter: "camille",
  email_verified: true,
  ...byChannel(CHANNELS, "flag", () => false),
};

const FLAGS = [
  ["share_email", "email", "camille@example.com"],
  // Stored as normalised (+33612345678), shown as its country writes it (issue #49).
  ["share_mobile", "mobile", "+33 6 12 34 56 78"],
  ["share_website", "website", "https://camille.example"],
  ["share_instagram", "instagram", "camille"],
  ["share_linkedin", "linkedin", "https://www.linkedin.com/in/camille"],
  ["share_tiktok", "tiktok", "camille"],
  ["share_facebook", "facebook", "camille"],
  ["share_twitter", "twitter", "camille"],
] as const;

describe("sharedChannels: shown only when shared AND filled", () => {
  it("shows nothing when every flag is off", () => {
    expect(sharedChannels(base)).toEqual([]);
    expect(JSON.stringify(publicProfile(base))).not.toContain("camille@example.com");
  });

  it.each(FLAGS)("%s reveals exactly its own channel", (flag, kind, value) => {
    const channels = sharedChannels({ ...base, [flag]: true });
    expect(channels.map((c) => c.kind)).toEqual([kind]);
    expect(channels[0]?.value).toBe(value);
  });

  it("hides a shared email until the account's address is verified; every other channel shows regardless", () => {
    const unverified = { ...base, email_verified: false };
    expect(sharedChannels({ ...unverified, share_email: true })).toEqual([]);
    expect(JSON.stringify(publicProfile({ ...unverified, share_email: true }))).not.toContain("camille@example.com");
    const everythingShared = { ...unverified, ...byChannel(CHANNELS, "flag", () => true) };
    expect(sharedChannels(everythingShared).map((c) => c.kind)).toEqual(
      FLAGS.map(([, kind]) => kind).filter((kind) => kind !== "email"),
    );
    expect(sharedChannels({ ...base, share_email: true }).map((c) => c.kind)).toEqual(["email"]);
  });

  it("hides a shared channel without a value", () => {
    expect(sharedChannels({ ...base, share_mobile: true, mobile_phone: "  " })).toEqual([]);
    expect(sharedChannels({ ...base, share_website: true, website: null })).toEqual([]);
  });

  it("never emits a javascript: link, even from a bad stored value", () => {
    const channels = sharedChannels({ ...base, share_website: true, website: "javascript:alert(1)" });
    expect(channels).toEqual([]);
  });

  it("builds safe links", () => {
    const all = sharedChannels(
      Object.fromEntries([...Object.entries(base), ...FLAGS.map(([f]) => [f, true])]) as ShareableProfile,
    );
    expect(all.map((c) => c.href)).toEqual([
      "mailto:camille@example.com",
      "tel:+33612345678",
      "https://camille.example",
      "https://www.instagram.com/camille/",
      "https://www.linkedin.com/in/camille",
      "https://www.tiktok.com/@camille",
      "https://www.facebook.com/camille",
      "https://x.com/camille",
    ]);
  });
});

describe("names", () => {
  it("prefers the display name", () => {
    expect(publicName({ ...base, display_name: "Cam" })).toBe("Cam");
    expect(publicName(base)).toBe("Camille Laurent");
    expect(initials("Camille Laurent")).toBe("CL");
    expect(initials("élodie")).toBe("É");
  });
});
