import { byChannel, CHANNELS, INPUT_CHANNELS } from "@releve/core/sharing/channels";
import { type PublicProfile, publicProfile } from "@releve/core/sharing/share-visibility";

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" && v.trim() !== "" ? v.trim() : null;
};
const on = (form: FormData, name: string) => form.get(name) === "on";
const via = (value: string | null, normalise: (v: string) => string | null) => (value ? normalise(value) : null);

/** Exactly what a visitor would see if this form were saved now (same rule as the server). */
export function previewFromForm(form: FormData, email: string, emailVerified: boolean): PublicProfile {
  return publicProfile({
    first_name: text(form, "first_name"),
    last_name: text(form, "last_name"),
    display_name: text(form, "display_name"),
    city_region: text(form, "city_region"),
    job_title: text(form, "job_title"),
    company: text(form, "company"),
    bio: text(form, "bio"),
    email,
    email_verified: emailVerified,
    ...byChannel(INPUT_CHANNELS, "field", (c) => via(text(form, c.field), c.input.normalise)),
    ...byChannel(CHANNELS, "flag", (c) => on(form, c.flag)),
  });
}
