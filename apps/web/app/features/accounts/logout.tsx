import { safeRedirect } from "@releve/core";
import { OWNER_TOKEN_COOKIE } from "@releve/core/tap/owner-token";
import { m } from "@releve/i18n/messages";
import { redirect } from "react-router";
import { getUser } from "../../context";
import { clearCookieHeader } from "../../lib/cookies.server";
import { readForm } from "../../lib/form.server";
import { toastHeader } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/logout";
import { AUTH_SAID } from "./said";
import { clearSessionCookie, destroySession } from "./session.server";

// Signing out changes state, so it is a POST only; a GET just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const deps = requestContext(request, context);
  const user = getUser(context);
  // The admin portal's Sign Out says it in the portal's words (spec part 2 §8).
  // A bare POST (no body) signs out too; a body that is not a form is refused like anywhere else.
  const admin = (await readForm(request, { allowEmpty: true })).get("from") === "admin";
  const headers = new Headers();
  try {
    if (user) await destroySession(deps.db, user.sessionId);
  } catch (error) {
    console.error("[logout]", error);
    headers.append(
      "Set-Cookie",
      await toastHeader(deps.env, request, {
        type: "error",
        title: admin ? AUTH_SAID.adminSignOutFailed() : m.account_logout_error_title(),
        description: m.account_logout_error(),
      }),
    );
    return redirect(safeRedirect(new URL(request.headers.get("Referer") ?? "/", request.url).pathname), { headers });
  }
  headers.append("Set-Cookie", clearSessionCookie(request));
  headers.append("Set-Cookie", clearCookieHeader(request, OWNER_TOKEN_COOKIE));
  headers.append(
    "Set-Cookie",
    await toastHeader(
      deps.env,
      request,
      admin
        ? {
            type: "success",
            title: AUTH_SAID.adminSignedOut(),
            description: AUTH_SAID.loggedOut(),
          }
        : {
            type: "success",
            title: AUTH_SAID.loggedOutTitle(),
            description: AUTH_SAID.loggedOut(),
          },
    ),
  );
  return redirect("/", { headers });
}
