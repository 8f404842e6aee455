import type { InputChannel } from "@releve/core/sharing/channels";
import { m } from "@releve/i18n/messages";
import { TextAreaField, TextField, type TextFieldProps } from "@releve/ui";
import { SwitchField } from "../../components/switch-field";

type Submitted = { fieldErrors?: Record<string, string>; values?: Record<string, unknown> };

/**
 * What a profile form shows: what was just submitted (after a 400), else what is saved.
 * Unticked switches are absent from a submission, so after one they read as off.
 */
export function profileFormState(initial: Record<string, unknown>, actionData: Submitted | undefined) {
  const submitted = actionData?.values as Record<string, string> | undefined;
  return {
    errors: actionData?.fieldErrors ?? {},
    value: (name: string) => submitted?.[name] ?? (initial[name] as string | null | undefined) ?? "",
    checked: (name: string) => (submitted ? submitted[name] === "on" : initial[name] === true),
  };
}

export type ProfileFormState = ReturnType<typeof profileFormState>;

/** A text field of a profile form, filled and flagged from the form's state. */
export function ProfileText({
  state,
  name,
  ...props
}: { state: ProfileFormState } & Omit<TextFieldProps, "defaultValue" | "error">) {
  return <TextField name={name} defaultValue={state.value(name)} error={state.errors[name]} {...props} />;
}

export function NameFields({ state }: { state: ProfileFormState }) {
  return (
    <>
      <ProfileText state={state} label={m.label_first_name()} name="first_name" required autoComplete="given-name" />
      <ProfileText state={state} label={m.label_last_name()} name="last_name" required autoComplete="family-name" />
    </>
  );
}

export function BioField({ state }: { state: ProfileFormState }) {
  return (
    <TextAreaField
      label={m.account_bio_optional()}
      name="bio"
      maxLength={500}
      defaultValue={state.value("bio")}
      error={state.errors.bio}
    />
  );
}

/**
 * Each channel's field label and share switch as core's channels name them (`input.label`,
 * `input.share`, and onboarding's rewording), in the page's language.
 */
const CHANNEL_WORDS: Record<
  InputChannel["kind"],
  { label: () => string; share: () => string; onboardingShare?: () => string }
> = {
  mobile: {
    label: () => m.account_field_mobile_phone(),
    share: () => m.account_share_mobile(),
    onboardingShare: () => m.account_share_mobile_onboarding(),
  },
  website: { label: () => m.account_field_website(), share: () => m.account_share_website() },
  instagram: { label: () => m.account_field_instagram(), share: () => m.account_share_instagram() },
  linkedin: { label: () => m.account_field_linkedin(), share: () => m.account_share_linkedin() },
  tiktok: { label: () => m.account_field_tiktok(), share: () => m.account_share_tiktok() },
  facebook: { label: () => m.account_field_facebook(), share: () => m.account_share_facebook() },
  twitter: { label: () => m.account_field_x(), share: () => m.account_share_x() },
};

/** One contact channel: its value and the switch that shares it (worded as onboarding asks, there). */
export function ChannelField({
  channel: c,
  state,
  onboarding = false,
}: {
  channel: InputChannel;
  state: ProfileFormState;
  onboarding?: boolean;
}) {
  const words = CHANNEL_WORDS[c.kind];
  const share = (onboarding && words.onboardingShare) || words.share;
  return (
    <div className="flex flex-col gap-3 border border-ink/10 bg-white p-4">
      <TextField
        label={words.label()}
        name={c.field}
        type={c.input.type}
        autoComplete={c.input.autoComplete}
        defaultValue={state.value(c.field)}
        error={state.errors[c.field]}
      />
      <SwitchField name={c.flag} label={share()} defaultChecked={state.checked(c.flag)} />
    </div>
  );
}
