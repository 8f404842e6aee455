import { ResetPasswordSchema } from "@releve/core";
import { m } from "@releve/i18n/messages";
import { buttonClass, FormAlert } from "@releve/ui";
import { setPassword } from "@releve/verbs/accounts/set-password";
import { data, Form, Link, redirect } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { SubmitButton } from "../../components/submit-button";
import { sayFieldErrors } from "../../lib/field-said";
import { readForm } from "../../lib/form.server";
import { toastHeader } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/reset-password";
import { peekToken } from "./auth.server";
import { NewPasswordFields } from "./password-fields";
import { ACCOUNT_FIELDS, AUTH_SAID } from "./said";
import { createSession, destroyUserSessions, signInHeaders } from "./session.server";

export const meta = () => [{ title: m.account_meta_new_password() }, { name: "robots", content: "noindex" }];
export const headers = () => ({ "Referrer-Policy": "no-referrer" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = (await peekToken(requestContext(request, context).db, token, "password_reset")) !== null;
  return data({ token: valid ? token : "", valid }, { status: valid ? 200 : 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const deps = requestContext(request, context);
  const form = await readForm(request);
  const parsed = ResetPasswordSchema.safeParse({
    token: form.get("token"),
    password: form.get("password"),
    confirmPassword: form.get("confirmPassword"),
  });
  // Said in the reader's language (issues #34, #48), by each field's rule.
  if (!parsed.success) {
    return data({ fieldErrors: sayFieldErrors(ACCOUNT_FIELDS, parsed.error), formError: undefined }, { status: 400 });
  }
  const outcome = await setPassword(deps.effects, { token: parsed.data.token, password: parsed.data.password });
  if (outcome.code === "invalid_token") {
    return data({ fieldErrors: {}, formError: AUTH_SAID.tokenInvalid() }, { status: 400 });
  }
  const { userId } = outcome;
  // Whoever held a session before the reset (perhaps whoever knew the old password) is out.
  await destroyUserSessions(deps.db, userId);
  const session = await createSession(deps.db, request, userId);
  const headers = signInHeaders(session);
  headers.append(
    "Set-Cookie",
    await toastHeader(deps.env, request, {
      type: "success",
      title: m.account_success(),
      description: AUTH_SAID.passwordUpdated(),
    }),
  );
  return redirect("/dashboard", { headers });
}

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  const formError = actionData?.formError ?? (loaderData.valid ? undefined : m.account_token_invalid());

  return (
    <section className="mx-auto w-full max-w-md px-5 py-12 sm:py-20">
      <h1 className="font-display text-4xl">{m.account_new_password_title()}</h1>
      {formError && (
        <div className="mt-6">
          <FormAlert title={m.account_error()}>{formError}</FormAlert>
        </div>
      )}
      {loaderData.valid ? (
        <Form method="post" className="mt-8 flex flex-col gap-5" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields label={m.account_label_new_password()} errors={errors} />
          <SubmitButton busyLabel={m.account_saving()} className="mt-2 w-full">
            {m.account_save_new_password()}
          </SubmitButton>
        </Form>
      ) : (
        <Link to="/auth?mode=forgot" className={buttonClass("primary", "mt-8")}>
          {m.account_request_new_link()}
        </Link>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
