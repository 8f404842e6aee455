import { fieldErrors } from "@releve/core";
import { PROFILE_DEFAULTS, PROFILE_MESSAGES, ProfileSchema } from "@releve/core/profile";
import { type PublicProfile, publicProfile, type ShareableProfile } from "@releve/core/share-visibility";
import { Button, FormAlert, TextAreaField, TextField } from "@releve/ui";
import { useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { OwnerCard } from "../components/owner-card";
import { previewFromForm } from "../components/profile-preview";
import { SwitchField } from "../components/switch-field";
import { authDeps } from "../lib/auth-page.server";
import { readPendingClaim } from "../lib/cookies.server";
import { getProfile, saveProfile } from "../lib/profile.server";
import { toastHeader } from "../lib/toast.server";
import { requireUser } from "../lib/user.server";
import type { Route } from "./+types/profile-setup";

export const meta = () => [{ title: "Your profile · Relevé" }, { name: "robots", content: "noindex" }];

const CHANNELS = [
  {
    name: "mobile_phone",
    flag: "share_mobile",
    label: "Mobile phone",
    share: "my phone number",
    type: "tel",
    autoComplete: "tel",
  },
  { name: "website", flag: "share_website", label: "Website", share: "my website", type: "url", autoComplete: "url" },
  {
    name: "instagram",
    flag: "share_instagram",
    label: "Instagram",
    share: "my Instagram",
    type: "text",
    autoComplete: "off",
  },
  {
    name: "linkedin",
    flag: "share_linkedin",
    label: "LinkedIn",
    share: "my LinkedIn",
    type: "text",
    autoComplete: "off",
  },
  { name: "tiktok", flag: "share_tiktok", label: "TikTok", share: "my TikTok", type: "text", autoComplete: "off" },
  {
    name: "facebook",
    flag: "share_facebook",
    label: "Facebook",
    share: "my Facebook",
    type: "text",
    autoComplete: "off",
  },
  {
    name: "twitter",
    flag: "share_twitter",
    label: "X / Twitter",
    share: "my X profile",
    type: "text",
    autoComplete: "off",
  },
] as const;

const FORM_KEYS = [
  "first_name",
  "last_name",
  "display_name",
  "city_region",
  "bio",
  "mobile_phone",
  "website",
  "instagram",
  "linkedin",
  "tiktok",
  "facebook",
  "twitter",
  "share_email",
  "share_mobile",
  "share_website",
  "share_instagram",
  "share_linkedin",
  "share_tiktok",
  "share_facebook",
  "share_twitter",
  "nfc_sharing_enabled",
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const profile = await getProfile(authDeps(request, context).db, user.userId);
  const fromClaim = new URL(request.url).searchParams.get("source") === "claim";
  const values: Record<string, string | boolean | null> = profile
    ? Object.fromEntries(FORM_KEYS.map((k) => [k, profile[k]]))
    : { ...PROFILE_DEFAULTS, first_name: user.firstName, last_name: user.lastName };
  return { email: user.email, exists: Boolean(profile), fromClaim, values };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const deps = authDeps(request, context);
  const form = Object.fromEntries(await request.formData());
  const parsed = ProfileSchema.safeParse(form);
  if (!parsed.success) {
    return data({ fieldErrors: fieldErrors(parsed.error), values: form }, { status: 400 });
  }
  const { created } = await saveProfile(deps.env, deps.db, user, parsed.data);
  const headers = new Headers();
  const pending = await readPendingClaim(deps.env, request);
  if (pending) {
    // The claim page picks the pending slug up again; this message says why we are going there.
    headers.append(
      "Set-Cookie",
      await toastHeader(deps.env, {
        type: "success",
        title: "Welcome to Relevé!",
        description: "Your profile is ready. Let's add your garment to your wardrobe.",
      }),
    );
    return redirect(`/claim/${pending}`, { headers });
  }
  headers.append(
    "Set-Cookie",
    await toastHeader(deps.env, {
      type: "success",
      title: created ? PROFILE_MESSAGES.created : PROFILE_MESSAGES.updated,
    }),
  );
  return redirect("/dashboard", { headers });
}

export default function ProfileSetupRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const submitted = (actionData?.values ?? {}) as Record<string, string>;
  const initial = loaderData.values;
  const value = (name: string) => (submitted[name] as string | undefined) ?? (initial[name] as string | null) ?? "";
  const checked = (name: string) => (actionData ? submitted[name] === "on" : initial[name] === true);

  const formRef = useRef<HTMLFormElement>(null);
  const [preview, setPreview] = useState<PublicProfile>(() =>
    publicProfile({ ...(initial as unknown as ShareableProfile), email: loaderData.email }),
  );
  const [sharingOn, setSharingOn] = useState(() => checked("nfc_sharing_enabled"));
  const refresh = () => {
    if (!formRef.current) return;
    const form = new FormData(formRef.current);
    setPreview(previewFromForm(form, loaderData.email));
    setSharingOn(form.get("nfc_sharing_enabled") === "on");
  };

  return (
    <section className="mx-auto w-full max-w-6xl px-5 py-10 sm:py-16">
      <Link
        to="/dashboard"
        className="text-xs uppercase tracking-[0.2em] text-stone underline-offset-4 hover:underline"
      >
        ← Dashboard
      </Link>
      <h1 className="mt-6 font-display text-4xl">{loaderData.exists ? "Edit your profile" : "Create your profile"}</h1>
      <p className="mt-2 max-w-xl text-stone">
        Choose exactly what someone sees when they tap one of your garments. Nothing is shown unless you switch it on.
      </p>
      {loaderData.fromClaim && (
        <p className="mt-4 border-l-2 border-gold pl-4 text-sm">One step before your garment joins your wardrobe.</p>
      )}

      <div className="mt-10 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Form ref={formRef} method="post" onChange={refresh} className="flex min-w-0 flex-col gap-8" noValidate>
          {Object.keys(errors).length > 0 && (
            <FormAlert title="Please check the highlighted fields">Nothing was saved.</FormAlert>
          )}
          <fieldset className="flex min-w-0 flex-col gap-5">
            <legend className="mb-2 font-display text-xl">About you</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="First name"
                name="first_name"
                required
                autoComplete="given-name"
                defaultValue={value("first_name")}
                error={errors.first_name}
              />
              <TextField
                label="Last name"
                name="last_name"
                required
                autoComplete="family-name"
                defaultValue={value("last_name")}
                error={errors.last_name}
              />
              <TextField
                label="Display name (optional)"
                name="display_name"
                autoComplete="nickname"
                defaultValue={value("display_name")}
                error={errors.display_name}
              />
              <TextField
                label="City or region (optional)"
                name="city_region"
                autoComplete="address-level2"
                defaultValue={value("city_region")}
                error={errors.city_region}
              />
            </div>
            <TextAreaField
              label="Short bio (optional)"
              name="bio"
              maxLength={500}
              defaultValue={value("bio")}
              error={errors.bio}
            />
          </fieldset>

          <fieldset className="flex min-w-0 flex-col gap-5">
            <legend className="mb-2 font-display text-xl">What you share</legend>
            <div className="flex flex-col gap-2 border border-ink/10 bg-white p-4">
              <p className="text-xs uppercase tracking-[0.16em] text-stone">Email</p>
              <p className="break-all">{loaderData.email}</p>
              <SwitchField name="share_email" label="Share my email" defaultChecked={checked("share_email")} />
            </div>
            {CHANNELS.map((c) => (
              <div key={c.name} className="flex flex-col gap-3 border border-ink/10 bg-white p-4">
                <TextField
                  label={c.label}
                  name={c.name}
                  type={c.type}
                  autoComplete={c.autoComplete}
                  defaultValue={value(c.name)}
                  error={errors[c.name]}
                />
                <SwitchField name={c.flag} label={`Share ${c.share}`} defaultChecked={checked(c.flag)} />
              </div>
            ))}
          </fieldset>

          <fieldset className="min-w-0 border border-ink bg-white p-4">
            <legend className="px-1 font-display text-xl">NFC sharing</legend>
            <SwitchField
              name="nfc_sharing_enabled"
              label="Enable NFC Sharing"
              description="Off: a tap shows that your profile is not available for sharing."
              defaultChecked={checked("nfc_sharing_enabled")}
            />
          </fieldset>

          <Button type="submit" disabled={busy} aria-busy={busy} className="w-full sm:w-auto sm:self-start">
            {busy ? "Saving..." : "Save Profile"}
          </Button>
        </Form>

        <aside aria-label="Live preview" className="lg:sticky lg:top-6 lg:self-start">
          <p className="mb-3 text-xs uppercase tracking-[0.2em] text-stone">What a visitor sees</p>
          {sharingOn ? (
            <OwnerCard profile={preview} />
          ) : (
            <p className="border border-ink/10 bg-white p-6 text-center text-stone">
              Owner profile not available for sharing
            </p>
          )}
        </aside>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
