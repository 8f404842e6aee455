import { AUTH_MESSAGES, fieldErrors, LoginSchema, safeRedirect } from "@releve/core";
import { FormAlert, TextField } from "@releve/ui";
import { useEffect } from "react";
import { data, Form, redirect, type ShouldRevalidateFunction, useNavigate } from "react-router";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { SubmitButton } from "../components/submit-button";
import { getUser } from "../context";
import { authenticate } from "../features/accounts/auth.server";
import { PasswordField } from "../features/accounts/password-fields";
import { createSession, signInHeaders } from "../features/accounts/session.server";
import { ECHO_MAX, readForm } from "../lib/form.server";
import { requestContext } from "../request-context.server";
import type { Route } from "./+types/admin.login";

const HOME = "/admin/nfc-dashboard";
/** Spec part 2 §9: the admin login redirects 2 s after success. */
export const ADMIN_LOGIN_REDIRECT_MS = 2000;

export const meta = () => [{ title: "Admin Login · Relevé" }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const to = safeRedirect(new URL(request.url).searchParams.get("redirect"), HOME);
  // Already an admin on arrival: straight on. Not right after signing in here, where the
  // success message shows for 2 s first.
  if (request.method === "GET" && getUser(context)?.adminRole) throw redirect(to);
  return { redirectTo: to };
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

type Result =
  | { ok: false; message: string; fieldErrors?: Record<string, string>; email?: string }
  | { ok: true; to: string };

const ADMIN_LOGIN_UNEXPECTED = "An unexpected error occurred";

export async function action({ request, context }: Route.ActionArgs) {
  const deps = requestContext(request, context);
  const form = await readForm(request);
  const email = form.get("email");
  // What goes back into the form is bounded.
  const shownEmail = email.slice(0, ECHO_MAX);
  const parsed = LoginSchema.safeParse({ email, password: form.get("password") });
  if (!parsed.success) {
    return data<Result>(
      {
        ok: false,
        message: "Email and password are required.",
        fieldErrors: fieldErrors(parsed.error),
        email: shownEmail,
      },
      { status: 400 },
    );
  }
  let result: Awaited<ReturnType<typeof authenticate>>;
  let session: Awaited<ReturnType<typeof createSession>> | null = null;
  try {
    result = await authenticate(deps.db, { ...parsed.data, ip: deps.ip });
    // Right password and admin rights: the session, opened in the same guard.
    if (result.ok && result.adminRole) session = await createSession(deps.db, request, result.userId);
  } catch (error) {
    // Spec part 2 §8, Admin: anything unforeseen on the way in says this; no session is opened.
    console.error("[admin-login]", error);
    return data<Result>({ ok: false, message: ADMIN_LOGIN_UNEXPECTED, email: shownEmail }, { status: 503 });
  }
  if (!result.ok) {
    const locked = result.reason === "locked";
    return data<Result>(
      { ok: false, message: locked ? AUTH_MESSAGES.lockedOut : AUTH_MESSAGES.invalidCredentials, email: shownEmail },
      { status: locked ? 429 : 400 },
    );
  }
  // Right password, no admin rights: no session is opened from this screen.
  if (!result.adminRole || !session)
    return data<Result>({ ok: false, message: AUTH_MESSAGES.notAdmin, email: shownEmail }, { status: 403 });
  const to = safeRedirect(form.get("redirectTo"), HOME);
  return data<Result>({ ok: true, to }, { headers: signInHeaders(session) });
}

export default function AdminLoginRoute({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as Result | undefined;
  const navigate = useNavigate();

  useEffect(() => {
    if (!result?.ok) return;
    const timer = setTimeout(() => navigate(result.to), ADMIN_LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [result, navigate]);

  if (result?.ok) {
    return (
      <section className="mx-auto max-w-md px-5 py-24 text-center" role="status">
        <meta httpEquiv="refresh" content={`${ADMIN_LOGIN_REDIRECT_MS / 1000};url=${result.to}`} />
        <h1 className="font-display text-3xl">Login successful</h1>
        <p className="mt-3 text-stone">Opening the admin portal...</p>
      </section>
    );
  }

  const errors = result?.fieldErrors ?? {};
  return (
    <section className="mx-auto w-full max-w-md px-5 py-12 sm:py-20">
      <p className="text-xs uppercase tracking-[0.3em] text-gold">Maison Relevé</p>
      <h1 className="mt-4 font-display text-4xl">Admin Login</h1>
      <p className="mt-2 text-stone">For brand staff. Client accounts sign in from Client Login.</p>
      <Form method="post" className="mt-8 flex flex-col gap-5" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        {result && !result.ok && <FormAlert title="Login Failed">{result.message}</FormAlert>}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={result && !result.ok ? result.email : undefined}
          error={errors.email}
        />
        <PasswordField error={errors.password} />
        <SubmitButton busyLabel="Signing in..." className="mt-2 w-full">
          Sign In
        </SubmitButton>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
