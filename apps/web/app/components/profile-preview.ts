import { normaliseHandle, normalisePhone, normaliseUrl } from "@releve/core/normalise";
import { type PublicProfile, publicProfile } from "@releve/core/share-visibility";

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" && v.trim() !== "" ? v.trim() : null;
};
const on = (form: FormData, name: string) => form.get(name) === "on";
const via = (value: string | null, normalise: (v: string) => string | null) => (value ? normalise(value) : null);

/** Exactly what a visitor would see if this form were saved now (same rule as the server). */
export function previewFromForm(form: FormData, email: string): PublicProfile {
  const linkedin = via(text(form, "linkedin"), (v) => normaliseHandle(v, ["linkedin.com"]));
  return publicProfile({
    first_name: text(form, "first_name"),
    last_name: text(form, "last_name"),
    display_name: text(form, "display_name"),
    city_region: text(form, "city_region"),
    bio: text(form, "bio"),
    email,
    mobile_phone: via(text(form, "mobile_phone"), normalisePhone),
    website: via(text(form, "website"), normaliseUrl),
    instagram: via(text(form, "instagram"), (v) => normaliseHandle(v, ["instagram.com"])),
    linkedin: linkedin ? `https://www.linkedin.com/in/${linkedin}` : null,
    tiktok: via(text(form, "tiktok"), (v) => normaliseHandle(v, ["tiktok.com"])),
    facebook: via(text(form, "facebook"), (v) => normaliseHandle(v, ["facebook.com", "fb.com"])),
    twitter: via(text(form, "twitter"), (v) => normaliseHandle(v, ["twitter.com", "x.com"])),
    share_email: on(form, "share_email"),
    share_mobile: on(form, "share_mobile"),
    share_website: on(form, "share_website"),
    share_instagram: on(form, "share_instagram"),
    share_linkedin: on(form, "share_linkedin"),
    share_tiktok: on(form, "share_tiktok"),
    share_facebook: on(form, "share_facebook"),
    share_twitter: on(form, "share_twitter"),
  });
}
