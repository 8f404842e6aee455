import type { InputChannel } from "@releve/core/sharing/channels";
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
      <ProfileText state={state} label="First name" name="first_name" required autoComplete="given-name" />
      <ProfileText state={state} label="Last name" name="last_name" required autoComplete="family-name" />
    </>
  );
}

export function BioField({ state }: { state: ProfileFormState }) {
  return (
    <TextAreaField
      label="Short bio (optional)"
      name="bio"
      maxLength={500}
      defaultValue={state.value("bio")}
      error={state.errors.bio}
    />
  );
}

/** One contact channel: its value and the switch that shares it. */
export function ChannelField({
  channel: c,
  state,
  share,
}: {
  channel: InputChannel;
  state: ProfileFormState;
  share?: string | null;
}) {
  return (
    <div className="flex flex-col gap-3 border border-ink/10 bg-white p-4">
      <TextField
        label={c.input.label}
        name={c.field}
        type={c.input.type}
        autoComplete={c.input.autoComplete}
        defaultValue={state.value(c.field)}
        error={state.errors[c.field]}
      />
      <SwitchField name={c.flag} label={`Share ${share ?? c.input.share}`} defaultChecked={state.checked(c.flag)} />
    </div>
  );
}
