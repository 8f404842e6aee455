import { OnboardingSchema, PROFILE_DEFAULTS } from "@releve/core/accounts/profile";
import { INPUT_CHANNELS } from "@releve/core/sharing/channels";
import { m } from "@releve/i18n/messages";
import { FormAlert } from "@releve/ui";
import { saveProfile } from "@releve/verbs/accounts/save-profile";
import { data, Form, redirect } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { SubmitButton } from "../../components/submit-button";
import { SwitchField } from "../../components/switch-field";
import { sayFieldErrors } from "../../lib/field-said";
import { readForm } from "../../lib/form.server";
import { toastHeader } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/onboarding.profile";
import { pendingClaimRedirect } from "./pending-claim.server";
import { getProfile } from "./profile.server";
import { BioField, ChannelField, NameFields, ProfileText, profileFormState } from "./profile-fields";
import { ACCOUNT_FIELDS, PROFILE_SAID } from "./said";
import { requireUser } from "./user.server";

export const meta = () => [{ title: m.account_meta_onboarding() }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const profile = await getProfile(requestContext(request, context).db, user.userId);
  const fallback: Record<string, string | boolean | null> = {
    ...PROFILE_DEFAULTS,
    first_name: user.firstName,
    last_name: user.lastName,
  };
  const values = Object.fromEntries(
    OnboardingSchema.keyof().options.map((k) => [k, profile?.[k] ?? fallback[k] ?? ""]),
  );
  return { email: user.email, values };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const deps = requestContext(request, context);
  const form = await readForm(request);
  const parsed = OnboardingSchema.safeParse(form.record());
  if (!parsed.success) {
    // Only the form's own fields go back into it, each bounded.
    const values = form.echo(OnboardingSchema.keyof().options);
    // Said in the reader's language (issues #34, #48), by each field's rule.
    return data({ fieldErrors: sayFieldErrors(ACCOUNT_FIELDS, parsed.error), values }, { status: 400 });
  }
  try {
    await saveProfile(deps.effects, { user, profile: { ...parsed.data, onboarded: true } });
  } catch (error) {
    // Spec part 1 §8: an unexpected failure says 'Failed to create profile'; what was typed stays.
    console.error("[profile]", error);
    const values = form.echo(OnboardingSchema.keyof().options);
    return data({ fieldErrors: { form: PROFILE_SAID.failed() }, values }, { status: 503 });
  }
  const headers = {
    "Set-Cookie": await toastHeader(deps.env, request, {
      type: "success",
      title: PROFILE_SAID.onboarded(),
    }),
  };
  // Back to the garment being claimed (spec part 1 §4) or the transfer being accepted, which then
  // completes (issue #49), else the wardrobe.
  return (
    (await pendingClaimRedirect(deps.env, request, { keep: true, headers })) ??
    redirect("/dashboard/wardrobe", { headers })
  );
}

export default function OnboardingRoute({ loaderData, actionData }: Route.ComponentProps) {
  const state = profileFormState(loaderData.values, actionData);

  return (
    <section className="mx-auto w-full max-w-xl px-5 py-10 sm:py-16">
      <p className="text-xs uppercase tracking-[0.3em] text-gold">{m.account_welcome()}</p>
      <h1 className="mt-3 font-display text-4xl">{m.account_onboarding_title()}</h1>
      <p className="mt-2 text-stone">{m.account_onboarding_lead()}</p>
      <Form method="post" className="mt-8 flex flex-col gap-6" noValidate>
        {state.errors.form && <FormAlert>{state.errors.form}</FormAlert>}
        <div className="grid gap-5 sm:grid-cols-2">
          <NameFields state={state} />
        </div>
        <ProfileText state={state} label={m.account_display_name_optional()} name="display_name" />
        <BioField state={state} />
        <div className="flex flex-col gap-4 border border-ink/10 bg-white p-4">
          <p className="break-all text-sm">
            <span className="text-xs uppercase tracking-[0.16em] text-stone">{m.label_email()}</span>
            <br />
            {loaderData.email}
          </p>
          <SwitchField
            name="share_email"
            label={m.account_share_email()}
            defaultChecked={state.checked("share_email")}
          />
        </div>
        {INPUT_CHANNELS.map((c) => c.onboarding && <ChannelField key={c.field} channel={c} state={state} onboarding />)}
        <div className="border border-ink bg-white p-4">
          <SwitchField
            name="nfc_sharing_enabled"
            label={m.account_nfc_sharing_label()}
            states={{ on: m.dashboard_sharing_on_text(), off: m.account_nfc_sharing_off() }}
            defaultChecked={state.checked("nfc_sharing_enabled")}
          />
        </div>
        <SubmitButton busyLabel={m.account_saving()} className="w-full">
          {m.account_onboarding_submit()}
        </SubmitButton>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
