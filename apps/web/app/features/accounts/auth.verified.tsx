import { m } from "@releve/i18n/messages";
import { Button, buttonClass, FormAlert } from "@releve/ui";
import { verifyEmail } from "@releve/verbs/accounts/verify-email";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { getUser } from "../../context";
import { readForm } from "../../lib/form.server";
import { toastHeader } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/auth.verified";
import { readSignupNext, signupNextHeader } from "./auth-page.server";
import { pendingClaimRedirect } from "./pending-claim.server";
import { AUTH_SAID } from "./said";
import { createSession, signInHeaders } from "./session.server";

export const meta = () => [{ title: m.account_meta_verifying() }, { name: "robots", content: "noindex" }];
export const headers = () => ({ "Referrer-Policy": "no-referrer" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  // The link in the email lands here; the token is spent by the POST below, so a mail
  // scanner that merely fetches the link cannot use it up.
  // Echoed into the form: a token longer than any we issue is no token (the POST then says so).
  if (token) return { token: token.length <= 200 ? token : "" };
  // Spec part 1 §2: pending claim -> the claim; signed in -> the wardrobe; else /auth.
  if (getUser(context)) {
    throw (
      (await pendingClaimRedirect(requestContext(request, context).env, request)) ?? redirect("/dashboard/wardrobe")
    );
  }
  throw redirect("/auth");
}

/**
 * Spends the link and starts the account's session (issue #28: sign-up no longer signs in; the
 * mailed link does), then carries on as a sign-in does: the pending claim, else the sign-up's
 * redirect (kept in this browser), else the wardrobe.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const deps = requestContext(request, context);
  const token = (await readForm(request)).get("token");
  const verified = await verifyEmail(deps.effects, { token });
  if (verified.code === "invalid_token") return data({ error: AUTH_SAID.tokenInvalid() }, { status: 400 });
  const session = await createSession(deps.db, request, verified.userId);
  const next = await readSignupNext(deps.env, request);
  const headers = signInHeaders(session);
  if (next) headers.append("Set-Cookie", await signupNextHeader(deps.env, request, null));
  headers.append(
    "Set-Cookie",
    await toastHeader(deps.env, request, {
      type: "success",
      title: m.account_email_verified_title(),
      description: AUTH_SAID.emailVerified(),
    }),
  );
  return (
    (await pendingClaimRedirect(deps.env, request, { headers })) ?? redirect(next || "/dashboard/wardrobe", { headers })
  );
}

export default function VerifiedRoute({ loaderData, actionData }: Route.ComponentProps) {
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  useEffect(() => {
    if (!actionData && !submitted.current) {
      submitted.current = true;
      form.current?.requestSubmit();
    }
  }, [actionData]);

  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-5 py-24 text-center">
      {actionData?.error ? (
        <>
          <h1 className="font-display text-3xl">{m.account_verification_failed()}</h1>
          <div className="mt-6 w-full text-left">
            <FormAlert>{actionData.error}</FormAlert>
          </div>
          <Link to="/auth" className={buttonClass("primary", "mt-8")}>
            {m.account_go_to_login()}
          </Link>
        </>
      ) : (
        <>
          <span aria-hidden className="size-10 animate-spin rounded-full border-2 border-ink/15 border-t-gold" />
          <h1 className="mt-6 font-display text-3xl" aria-live="polite">
            {m.account_verifying()}
          </h1>
          <Form ref={form} method="post" className="mt-8">
            <input type="hidden" name="token" value={loaderData.token} />
            <noscript>
              <Button type="submit">{m.account_verify_email()}</Button>
            </noscript>
          </Form>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
