import { PROFILE_DEFAULTS, ProfileSchema } from "@releve/core/accounts/profile";
import { isAlertFrequency } from "@releve/core/crm/alerts";
import { INPUT_CHANNELS } from "@releve/core/sharing/channels";
import { type PublicProfile, publicProfile, type ShareableProfile } from "@releve/core/sharing/share-visibility";
import { readAlertSettings } from "@releve/db/crm/alerts";
import { m } from "@releve/i18n/messages";
import { FormAlert } from "@releve/ui";
import { saveProfile } from "@releve/verbs/accounts/save-profile";
import { setAlertFrequency } from "@releve/verbs/crm/set-alert-frequency";
import { useRef, useState } from "react";
import { data, Form } from "react-router";
import { BackLink } from "../../components/back-link";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { SubmitButton } from "../../components/submit-button";
import { SwitchField } from "../../components/switch-field";
import { sayFieldErrors } from "../../lib/field-said";
import { readForm } from "../../lib/form.server";
import { redirectWithToast, toastHeader } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import { OwnerCard } from "../sharing/owner-card";
import type { Route } from "./+types/profile-setup";
import { deleteOwnAccount } from "./account-deletion.server";
import { DataRightsForms } from "./data-rights-forms";
import { NotificationsForm } from "./notifications-form";
import { pendingClaimRedirect } from "./pending-claim.server";
import { getProfile } from "./profile.server";
import { BioField, ChannelField, NameFields, ProfileText, profileFormState } from "./profile-fields";
import { previewFromForm } from "./profile-preview";
import { ACCOUNT_FIELDS, PROFILE_SAID } from "./said";
import { requireUser } from "./user.server";

export const meta = () => [{ title: m.account_meta_profile() }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = requestContext(request, context);
  const [profile, alerts] = await Promise.all([getProfile(db, user.userId), readAlertSettings(db, user.userId)]);
  const fromClaim = new URL(request.url).searchParams.get("source") === "claim";
  const values: Record<string, string | boolean | null> = profile
    ? Object.fromEntries(ProfileSchema.keyof().options.map((k) => [k, profile[k]]))
    : { ...PROFILE_DEFAULTS, first_name: user.firstName, last_name: user.lastName };
  return {
    email: user.email,
    emailVerified: user.emailVerified,
    exists: Boolean(profile),
    fromClaim,
    values,
    alertFrequency: alerts?.frequency ?? "each",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const deps = requestContext(request, context);
  const form = await readForm(request);
  if (form.get("intent") === "delete-account") return deleteOwnAccount(deps, request, user.userId, form);
  if (form.get("intent") === "notifications") {
    const frequency = form.get("alert_frequency");
    if (!isAlertFrequency(frequency)) {
      return data({ notificationsError: m.account_notifications_choose() }, { status: 400 });
    }
    await setAlertFrequency(deps.effects, { userId: user.userId, frequency, via: "settings" });
    return redirectWithToast(deps.env, request, "/profile-setup", {
      type: "success",
      title: m.account_notifications_saved(),
      description: ALERT_SAVED[frequency](),
    });
  }
  const parsed = ProfileSchema.safeParse(form.record());
  if (!parsed.success) {
    // Only the form's own fields go back into it, each bounded.
    const values = form.echo(ProfileSchema.keyof().options);
    // Said in the reader's language (issues #34, #48), by each field's rule.
    return data({ fieldErrors: sayFieldErrors(ACCOUNT_FIELDS, parsed.error), values }, { status: 400 });
  }
  let created: boolean;
  try {
    ({ created } = await saveProfile(deps.effects, { user, profile: parsed.data }));
  } catch (error) {
    // Spec part 1 §8: an unexpected failure says 'Failed to create profile'; what was typed stays.
    console.error("[profile]", error);
    const values = form.echo(ProfileSchema.keyof().options);
    // Said in the reader's language; `failed` chooses the page's alert (no field is at fault).
    return data({ fieldErrors: { form: PROFILE_SAID.failed() }, failed: true as const, values }, { status: 503 });
  }
  // Back to the garment being claimed, with a message that says why we are going there.
  const welcome = await toastHeader(deps.env, request, {
    type: "success",
    title: PROFILE_SAID.onboarded(),
    description: m.account_profile_ready(),
  });
  const toClaim = await pendingClaimRedirect(deps.env, request, { keep: true, headers: { "Set-Cookie": welcome } });
  if (toClaim) return toClaim;
  return redirectWithToast(deps.env, request, "/dashboard", {
    type: "success",
    title: (created ? PROFILE_SAID.created : PROFILE_SAID.updated)(),
  });
}

const ALERT_SAVED = {
  each: () => m.account_alert_saved_each(),
  daily: () => m.account_alert_saved_daily(),
  off: () => m.account_alert_saved_off(),
} as const;

export default function ProfileSetupRoute({ loaderData, actionData }: Route.ComponentProps) {
  const initial = loaderData.values;
  const notificationsError =
    actionData && "notificationsError" in actionData ? actionData.notificationsError : undefined;
  const deleteError = actionData && "deleteError" in actionData ? actionData.deleteError : undefined;
  const profileAction = actionData && "fieldErrors" in actionData ? actionData : undefined;
  const state = profileFormState(initial, profileAction);
  const { errors, checked } = state;

  const formRef = useRef<HTMLFormElement>(null);
  const [preview, setPreview] = useState<PublicProfile>(() =>
    publicProfile({
      ...(initial as unknown as ShareableProfile),
      email: loaderData.email,
      email_verified: loaderData.emailVerified,
    }),
  );
  const [sharingOn, setSharingOn] = useState(() => checked("nfc_sharing_enabled"));
  const refresh = () => {
    if (!formRef.current) return;
    const form = new FormData(formRef.current);
    setPreview(previewFromForm(form, loaderData.email, loaderData.emailVerified));
    setSharingOn(form.get("nfc_sharing_enabled") === "on");
  };

  return (
    <section className="mx-auto w-full max-w-6xl px-5 py-10 sm:py-16">
      <BackLink to="/dashboard">{m.nav_dashboard()}</BackLink>
      <h1 className="mt-6 font-display text-4xl">
        {loaderData.exists ? m.account_profile_edit_title() : m.account_profile_create_title()}
      </h1>
      <p className="mt-2 max-w-xl text-stone">{m.account_profile_lead()}</p>
      {loaderData.fromClaim && (
        <p className="mt-4 border-l-2 border-gold pl-4 text-sm">{m.account_profile_from_claim()}</p>
      )}

      <div className="mt-10 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Form ref={formRef} method="post" onChange={refresh} className="flex min-w-0 flex-col gap-8" noValidate>
          {profileAction && "failed" in profileAction ? (
            <FormAlert title={m.account_profile_failed()}>{m.account_profile_failed_detail()}</FormAlert>
          ) : (
            Object.keys(errors).length > 0 && (
              <FormAlert title={m.account_check_fields()}>{m.account_nothing_saved()}</FormAlert>
            )
          )}
          <fieldset className="flex min-w-0 flex-col gap-5">
            <legend className="mb-2 font-display text-xl">{m.account_about_you()}</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              <NameFields state={state} />
              <ProfileText
                state={state}
                label={m.account_display_name_optional()}
                name="display_name"
                autoComplete="nickname"
              />
              <ProfileText
                state={state}
                label={m.account_city_region_optional()}
                name="city_region"
                autoComplete="address-level2"
              />
              <ProfileText
                state={state}
                label={m.account_title_optional()}
                name="job_title"
                autoComplete="organization-title"
              />
              <ProfileText
                state={state}
                label={m.account_company_optional()}
                name="company"
                autoComplete="organization"
              />
            </div>
            <BioField state={state} />
          </fieldset>

          <fieldset className="flex min-w-0 flex-col gap-5">
            <legend className="mb-2 font-display text-xl">{m.account_what_you_share()}</legend>
            <div className="flex flex-col gap-2 border border-ink/10 bg-white p-4">
              <p className="text-xs uppercase tracking-[0.16em] text-stone">{m.label_email()}</p>
              <p className="break-all">{loaderData.email}</p>
              <SwitchField
                name="share_email"
                label={m.account_share_email()}
                description={loaderData.emailVerified ? undefined : m.account_share_email_unverified()}
                defaultChecked={checked("share_email")}
              />
            </div>
            {INPUT_CHANNELS.map((c) => (
              <ChannelField key={c.field} channel={c} state={state} />
            ))}
          </fieldset>

          <fieldset className="min-w-0 border border-ink bg-white p-4">
            <legend className="px-1 font-display text-xl">{m.account_nfc_sharing()}</legend>
            <SwitchField
              name="nfc_sharing_enabled"
              label={m.account_nfc_sharing_label()}
              states={{ on: m.dashboard_sharing_on_text(), off: m.account_nfc_sharing_off() }}
              defaultChecked={checked("nfc_sharing_enabled")}
            />
          </fieldset>

          <SubmitButton
            busyLabel={m.account_saving()}
            pending={(n) => !n.formData?.get("intent")}
            className="w-full sm:w-auto sm:self-start"
          >
            {m.account_save_profile()}
          </SubmitButton>
        </Form>

        <aside aria-label={m.account_live_preview()} className="lg:sticky lg:top-6 lg:self-start">
          <p className="mb-3 text-xs uppercase tracking-[0.2em] text-stone">{m.account_visitor_sees()}</p>
          {sharingOn ? (
            <OwnerCard profile={preview} />
          ) : (
            <p className="border border-ink/10 bg-white p-6 text-center text-stone">{m.share_owner_unavailable()}</p>
          )}
        </aside>
      </div>

      <div className="mt-16 flex max-w-xl flex-col gap-12 border-t border-ink/10 pt-10">
        {loaderData.exists && <NotificationsForm frequency={loaderData.alertFrequency} error={notificationsError} />}
        <DataRightsForms deleteError={deleteError} />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
