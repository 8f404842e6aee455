import { type FieldErrors, ForgotPasswordSchema, LoginSchema, SignupSchema } from "@releve/core";
import { claimSlugFromPath, safeRedirect, transferTokenFromPath } from "@releve/core/accounts/auth-constants";
import { HONEYPOT_FIELD } from "@releve/core/platform/input-limits";
import { slot, splitSlots } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { FormAlert, TextField } from "@releve/ui";
import { requestPasswordReset } from "@releve/verbs/accounts/request-password-reset";
import { signUp } from "@releve/verbs/accounts/sign-up";
import { data, Form, Link, redirect } from "react-router";
import { BackLink } from "../../components/back-link";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { Honeypot } from "../../components/honeypot";
import { SubmitButton } from "../../components/submit-button";
import { getUser } from "../../context";
import { pendingClaimHeader, pendingTransferHeader } from "../../lib/cookies.server";
import type { RouteHandle } from "../../lib/document";
import { sayFieldErrors } from "../../lib/field-said";
import { readForm } from "../../lib/form.server";
import { toastHeader } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import { CONTACT_SAID } from "../sharing/said";
import type { Route } from "./+types/auth";
import { authenticate } from "./auth.server";
import { pieceToClaimName, signupNextHeader } from "./auth-page.server";
import { NewPasswordFields, PasswordField } from "./password-fields";
import { pendingClaimRedirect } from "./pending-claim.server";
import { ACCOUNT_FIELDS, AUTH_SAID } from "./said";
import { createSession, signInHeaders } from "./session.server";

/**
 * Plain HTML (decision 0049): links and native forms only, every message rendered by the server,
 * so a document load of /auth sends no client script; a client-side navigation renders it in the
 * hydrated app.
 */
export const handle: RouteHandle = { hydrate: false };

const MODES = ["login", "signup", "forgot"] as const;
type Mode = (typeof MODES)[number];
const modeOf = (value: unknown): Mode => (MODES.includes(value as Mode) ? (value as Mode) : "login");

type ActionData = {
  mode: Mode;
  formError?: string;
  fieldErrors?: FieldErrors;
  values?: { email?: string; firstName?: string; lastName?: string };
  /** Sign-up's answer, alike for a new and a taken address: the address the mail went to. */
  checkInbox?: string;
};

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  {
    title:
      data?.mode === "signup"
        ? m.account_meta_signup()
        : data?.mode === "forgot"
          ? m.account_meta_forgot()
          : m.account_meta_login(),
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectParam = url.searchParams.get("redirect");
  const redirectTo = redirectParam ? safeRedirect(redirectParam, "") : "";
  const deps = requestContext(request, context);

  // Spec part 1 §4: a signed-in user arriving here goes to the pending claim, else the
  // redirect, else /dashboard (the screen rule, as opposed to the sign-in handler's wardrobe).
  if (getUser(context)) throw (await pendingClaimRedirect(deps.env, request)) ?? redirect(redirectTo || "/dashboard");

  const headers = new Headers();
  const claimSlug = claimSlugFromPath(redirectTo);
  if (claimSlug) headers.append("Set-Cookie", await pendingClaimHeader(deps.env, request, claimSlug));
  // A transfer link (issue #32) is kept the same way, through sign-up and email verification.
  const transferToken = transferTokenFromPath(redirectTo);
  if (transferToken) headers.append("Set-Cookie", await pendingTransferHeader(deps.env, request, transferToken));
  const claiming = claimSlug ? await pieceToClaimName(deps.db, claimSlug) : null;
  return data({ mode: modeOf(url.searchParams.get("mode")), redirectTo, claiming }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const deps = requestContext(request, context);
  const form = await readForm(request);
  const mode = modeOf(form.get("intent"));
  // Checked here and not only when used: the forgot flow echoes it into its link back.
  const redirectTo = safeRedirect(form.get("redirectTo"), "");
  // Said in the reader's language (issues #34, #48): the form's refusal and its fields' errors by code.
  const fail = (status: number, body: Omit<ActionData, "mode">) => data<ActionData>({ mode, ...body }, { status });
  const fieldErrors = (error: Parameters<typeof sayFieldErrors>[1]) => sayFieldErrors(ACCOUNT_FIELDS, error);
  // Spec part 1 §4 (the global handler): a pending claim first, then a same-origin redirect, else the wardrobe.
  const signedIn = async (headers: Headers) =>
    (await pendingClaimRedirect(deps.env, request, { headers })) ??
    redirect(redirectTo || "/dashboard/wardrobe", { headers });

  if (mode === "login") {
    const parsed = LoginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) return fail(400, { fieldErrors: fieldErrors(parsed.error), values: form.echo(["email"]) });
    const result = await authenticate(deps.db, { ...parsed.data, ip: deps.ip });
    if (!result.ok) {
      return fail(result.reason === "locked" ? 429 : 400, {
        formError: result.reason === "locked" ? AUTH_SAID.lockedOut() : AUTH_SAID.invalidCredentials(),
        values: { email: parsed.data.email },
      });
    }
    const session = await createSession(deps.db, request, result.userId);
    return signedIn(signInHeaders(session));
  }

  if (mode === "signup") {
    const values = form.echo(["firstName", "lastName", "email"]);
    // Honeypot: a field people never see; bots fill it. No account, no mail.
    if (form.filled(HONEYPOT_FIELD)) return fail(400, { formError: CONTACT_SAID.rejected(), values });
    const parsed = SignupSchema.safeParse({
      firstName: form.get("firstName"),
      lastName: form.get("lastName"),
      email: form.get("email"),
      password: form.get("password"),
      confirmPassword: form.get("confirmPassword"),
    });
    if (!parsed.success) return fail(400, { fieldErrors: fieldErrors(parsed.error), values });
    // The same answer, headers and work for a new and a taken address (issue #28): the session
    // starts when the emailed link is opened, and the taken address's owner is mailed instead.
    const result = await signUp(deps.effects, { ...parsed.data, ip: deps.ip }, { defer: true });
    if (result.code === "rate_limited") return fail(429, { formError: AUTH_SAID[result.limit](), values });
    const headers = new Headers();
    if (redirectTo) headers.append("Set-Cookie", await signupNextHeader(deps.env, request, redirectTo));
    return data<ActionData>({ mode, checkInbox: parsed.data.email }, { headers });
  }

  if (form.filled(HONEYPOT_FIELD))
    return fail(400, { formError: CONTACT_SAID.rejected(), values: form.echo(["email"]) });
  const parsed = ForgotPasswordSchema.safeParse({ email: form.get("email") });
  if (!parsed.success) return fail(400, { fieldErrors: fieldErrors(parsed.error), values: form.echo(["email"]) });
  // Sent after the response, so an existing and an unknown email answer alike, at the same speed.
  const reset = await requestPasswordReset(deps.effects, { email: parsed.data.email, ip: deps.ip }, { defer: true });
  if (reset.code === "rate_limited")
    return fail(429, { formError: AUTH_SAID[reset.limit](), values: { email: parsed.data.email } });
  const back = `/auth?mode=login${redirectTo ? `&redirect=${encodeURIComponent(redirectTo)}` : ""}`;
  return redirect(back, {
    headers: {
      "Set-Cookie": await toastHeader(deps.env, request, {
        type: "success",
        title: m.account_success(),
        description: AUTH_SAID.resetSent(),
      }),
    },
  });
}

/** Each mode's words, read as the page renders (in its language). */
const COPY: Record<Mode, () => { title: string; lead: string; submit: string; busy: string }> = {
  login: () => ({
    title: m.account_login_title(),
    lead: m.account_login_lead(),
    submit: m.account_login_submit(),
    busy: m.account_login_busy(),
  }),
  signup: () => ({
    title: m.account_signup_title(),
    lead: m.account_signup_lead(),
    submit: m.account_signup_submit(),
    busy: m.account_signup_busy(),
  }),
  forgot: () => ({
    title: m.account_forgot_title(),
    lead: m.account_forgot_lead(),
    submit: m.account_forgot_submit(),
    busy: m.site_sending(),
  }),
};

export default function AuthRoute({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionData | undefined;
  const mode = loaderData.mode;
  const copy = COPY[mode]();
  const errors = result?.mode === mode ? (result.fieldErrors ?? {}) : {};
  const values = result?.mode === mode ? (result.values ?? {}) : {};
  const formError = result?.mode === mode ? result.formError : undefined;
  const withRedirect = (to: Mode) =>
    `/auth?mode=${to}${loaderData.redirectTo ? `&redirect=${encodeURIComponent(loaderData.redirectTo)}` : ""}`;

  const checkInbox = result?.mode === mode ? result.checkInbox : undefined;

  if (checkInbox) return <CheckInbox email={checkInbox} signInHref={withRedirect("login")} />;

  return (
    <section className="mx-auto w-full max-w-md px-5 py-12 sm:py-20">
      <BackLink to="/">{m.account_back_home()}</BackLink>
      <h1 className="mt-8 font-display text-4xl">{copy.title}</h1>
      <p className="mt-2 text-stone">{copy.lead}</p>
      {loaderData.claiming && (
        <p className="mt-4 border-l-2 border-gold pl-4 text-sm">
          {splitSlots(
            mode === "forgot"
              ? m.account_claim_then({ piece: slot("piece") })
              : m.account_claim_sign_in({ piece: slot("piece") }),
          ).map((part) =>
            typeof part === "string" ? (
              part
            ) : (
              <strong key={part.slot} className="font-medium">
                {loaderData.claiming}
              </strong>
            ),
          )}
        </p>
      )}

      {/* key: switching modes mounts a fresh, empty form */}
      <Form key={mode} method="post" action={`/auth?mode=${mode}`} className="mt-8 flex flex-col gap-5" noValidate>
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        {mode !== "login" && <Honeypot />}
        {formError && <FormAlert title={m.account_error()}>{formError}</FormAlert>}
        {mode === "signup" && (
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField
              label={m.label_first_name()}
              name="firstName"
              autoComplete="given-name"
              required
              defaultValue={values.firstName}
              error={errors.firstName}
            />
            <TextField
              label={m.label_last_name()}
              name="lastName"
              autoComplete="family-name"
              required
              defaultValue={values.lastName}
              error={errors.lastName}
            />
          </div>
        )}
        <TextField
          label={m.label_email()}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
        {mode === "login" && <PasswordField error={errors.password} />}
        {mode === "signup" && <NewPasswordFields label={m.account_label_password()} minLength={10} errors={errors} />}
        <SubmitButton
          busyLabel={copy.busy}
          pending={(navigation) => navigation.formAction?.startsWith("/auth") === true}
          className="mt-2 w-full"
        >
          {copy.submit}
        </SubmitButton>
      </Form>

      <nav aria-label={m.account_other_options()} className="mt-8 flex flex-col gap-3 text-sm text-stone">
        {mode !== "login" && (
          <Link to={withRedirect("login")} className="underline underline-offset-4">
            {m.account_have_account()}
          </Link>
        )}
        {mode !== "signup" && (
          <Link to={withRedirect("signup")} className="underline underline-offset-4">
            {m.account_new_here()}
          </Link>
        )}
        {mode === "login" && (
          <Link to={withRedirect("forgot")} className="underline underline-offset-4">
            {m.account_forgot_link()}
          </Link>
        )}
      </nav>
    </section>
  );
}

/** After sign-up, for a new and a taken address alike: the emailed link signs in and carries on. */
function CheckInbox({ email, signInHref }: { email: string; signInHref: string }) {
  return (
    <section className="mx-auto w-full max-w-md px-5 py-12 sm:py-20">
      <BackLink to="/">{m.account_back_home()}</BackLink>
      {/* Spec part 1 §8's sign-up message, in the page itself: a plain page runs no toaster. */}
      <p role="status" className="mt-8 border-l-2 border-gold bg-gold/5 px-4 py-3 text-sm">
        {m.account_signup_created()}
      </p>
      <h1 className="mt-8 font-display text-4xl">{m.account_check_inbox()}</h1>
      <p className="mt-4 text-stone">
        {splitSlots(m.account_check_inbox_sent({ email: slot("email") })).map((part) =>
          typeof part === "string" ? (
            part
          ) : (
            <strong key={part.slot} className="break-all font-medium text-ink">
              {email}
            </strong>
          ),
        )}
      </p>
      <p className="mt-4 text-sm text-stone">
        {splitSlots(m.account_check_inbox_nothing({ signIn: slot("signIn") })).map((part) =>
          typeof part === "string" ? (
            part
          ) : (
            <Link key={part.slot} to={signInHref} className="underline underline-offset-4">
              {m.account_check_inbox_sign_in()}
            </Link>
          ),
        )}
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
