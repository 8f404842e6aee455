import { fieldErrors } from "@releve/core";
import { OnboardingSchema, PROFILE_MESSAGES } from "@releve/core/profile";
import { Button, FormAlert, TextAreaField, TextField } from "@releve/ui";
import { data, Form, redirect, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { SwitchField } from "../components/switch-field";
import { authDeps } from "../lib/auth-page.server";
import { readPendingClaim } from "../lib/cookies.server";
import { getProfile, saveProfile } from "../lib/profile.server";
import { toastHeader } from "../lib/toast.server";
import { requireUser } from "../lib/user.server";
import type { Route } from "./+types/onboarding.profile";

export const meta = () => [{ title: "Complete Your Profile · Relevé" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const profile = await getProfile(authDeps(request, context).db, user.userId);
  return {
    email: user.email,
    values: {
      first_name: profile?.first_name ?? user.firstName ?? "",
      last_name: profile?.last_name ?? user.lastName ?? "",
      display_name: profile?.display_name ?? "",
      bio: profile?.bio ?? "",
      mobile_phone: profile?.mobile_phone ?? "",
      instagram: profile?.instagram ?? "",
      linkedin: profile?.linkedin ?? "",
    },
    flags: {
      share_email: profile?.share_email ?? true,
      share_mobile: profile?.share_mobile ?? false,
      share_instagram: profile?.share_instagram ?? false,
      share_linkedin: profile?.share_linkedin ?? false,
      nfc_sharing_enabled: profile?.nfc_sharing_enabled ?? true,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const deps = authDeps(request, context);
  const form = Object.fromEntries(await request.formData());
  const parsed = OnboardingSchema.safeParse(form);
  if (!parsed.success) return data({ fieldErrors: fieldErrors(parsed.error), values: form }, { status: 400 });
  await saveProfile(deps.env, deps.db, user, { ...parsed.data, onboarded: true });
  const pending = await readPendingClaim(deps.env, request);
  const headers = { "Set-Cookie": await toastHeader(deps.env, { type: "success", title: PROFILE_MESSAGES.onboarded }) };
  // Back to the garment being claimed (spec part 1 §4), else the wardrobe.
  return redirect(pending ? `/claim/${pending}` : "/dashboard/wardrobe", { headers });
}

export default function OnboardingRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const sent = actionData?.values as Record<string, string> | undefined;
  const value = (name: keyof typeof loaderData.values) => sent?.[name] ?? loaderData.values[name];
  const checked = (name: keyof typeof loaderData.flags) => (sent ? sent[name] === "on" : loaderData.flags[name]);

  return (
    <section className="mx-auto w-full max-w-xl px-5 py-10 sm:py-16">
      <p className="text-xs uppercase tracking-[0.3em] text-gold">Welcome</p>
      <h1 className="mt-3 font-display text-4xl">Complete Your Profile</h1>
      <p className="mt-2 text-stone">People who tap your garments see only what you switch on.</p>
      <Form method="post" className="mt-8 flex flex-col gap-6" noValidate>
        {errors.form && <FormAlert>{errors.form}</FormAlert>}
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
        </div>
        <TextField
          label="Display name (optional)"
          name="display_name"
          defaultValue={value("display_name")}
          error={errors.display_name}
        />
        <TextAreaField
          label="Short bio (optional)"
          name="bio"
          maxLength={500}
          defaultValue={value("bio")}
          error={errors.bio}
        />
        <div className="flex flex-col gap-4 border border-ink/10 bg-white p-4">
          <p className="break-all text-sm">
            <span className="text-xs uppercase tracking-[0.16em] text-stone">Email</span>
            <br />
            {loaderData.email}
          </p>
          <SwitchField name="share_email" label="Share my email" defaultChecked={checked("share_email")} />
        </div>
        <div className="flex flex-col gap-3 border border-ink/10 bg-white p-4">
          <TextField
            label="Mobile phone"
            name="mobile_phone"
            type="tel"
            autoComplete="tel"
            defaultValue={value("mobile_phone")}
            error={errors.mobile_phone}
          />
          <SwitchField name="share_mobile" label="Share my mobile phone" defaultChecked={checked("share_mobile")} />
        </div>
        <div className="flex flex-col gap-3 border border-ink/10 bg-white p-4">
          <TextField label="Instagram" name="instagram" defaultValue={value("instagram")} error={errors.instagram} />
          <SwitchField name="share_instagram" label="Share my Instagram" defaultChecked={checked("share_instagram")} />
        </div>
        <div className="flex flex-col gap-3 border border-ink/10 bg-white p-4">
          <TextField label="LinkedIn" name="linkedin" defaultValue={value("linkedin")} error={errors.linkedin} />
          <SwitchField name="share_linkedin" label="Share my LinkedIn" defaultChecked={checked("share_linkedin")} />
        </div>
        <div className="border border-ink bg-white p-4">
          <SwitchField
            name="nfc_sharing_enabled"
            label="Enable NFC Sharing"
            defaultChecked={checked("nfc_sharing_enabled")}
          />
        </div>
        <Button type="submit" disabled={busy} aria-busy={busy} className="w-full">
          {busy ? "Saving..." : "Complete Setup & View Wardrobe"}
        </Button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
