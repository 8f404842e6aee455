import { publicProfile, type ShareableProfile } from "@releve/core/sharing/share-visibility";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OwnerCard } from "./owner-card";

// The share card's garment photo (issue #19): shown only when given, with its own size so the
// browser reserves its box before the bytes arrive (CLS 0), decoded off the main thread.

const profile = publicProfile({
  first_name: "Camille",
  last_name: "Laurent",
  display_name: "Camille Laurent",
  city_region: null,
  bio: null,
  email: null,
  mobile_phone: null,
  website: null,
  instagram: null,
  linkedin: null,
  tiktok: null,
  facebook: null,
  twitter: null,
  share_email: false,
  share_mobile: false,
  share_website: false,
  share_instagram: false,
  share_linkedin: false,
  share_tiktok: false,
  share_facebook: false,
  share_twitter: false,
  email_verified: true,
} satisfies ShareableProfile);

const photo = { url: `/photos/${"a".repeat(32)}.webp`, width: 1200, height: 1600 };

describe("OwnerCard's garment photo", () => {
  it("shows the photo with its width, height, the piece's name as alt text and async decoding", () => {
    const html = renderToStaticMarkup(<OwnerCard profile={profile} garmentTitle="Cashmere Gown" photo={photo} />);
    const img = /<img [^>]*>/.exec(html)?.[0] ?? "";
    expect(img).toContain(`src="${photo.url}"`);
    expect(img).toContain('width="1200"');
    expect(img).toContain('height="1600"');
    expect(img).toContain('alt="Cashmere Gown"');
    expect(img).toContain('decoding="async"');
    // Scaled to the card's width, the attributes keep its aspect ratio.
    expect(img).toMatch(/class="[^"]*\bh-auto\b[^"]*\bw-full\b/);
    expect(img).not.toContain('loading="lazy"');
  });

  it("shows no image without a photo", () => {
    for (const given of [undefined, null]) {
      const html = renderToStaticMarkup(<OwnerCard profile={profile} garmentTitle="Cashmere Gown" photo={given} />);
      expect(html).not.toContain("<img");
    }
  });
});
