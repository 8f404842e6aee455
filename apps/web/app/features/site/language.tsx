import { safeRedirect } from "@releve/core";
import { toLocale } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { setLanguage } from "@releve/verbs/accounts/set-language";
import { redirect } from "react-router";
import { getUser } from "../../context";
import { languageCookieHeader } from "../../lib/cookies.server";
import { readForm } from "../../lib/form.server";
import { redirectWithToast } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/language";

/**
 * The language switcher's one door (issue #34): remembers the choice in the language cookie,
 * and with the profile of a signed-in person, then sends them back where they were. A GET just
 * goes home: a choice is a POST.
 */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { effects, env } = requestContext(request, context);
  const form = await readForm(request);
  const back = safeRedirect(form.get("back"), "/");
  const locale = toLocale(form.get("locale"));
  if (!locale) {
    // Nothing changes: the page stays in the language it was in.
    return redirectWithToast(env, request, back, { type: "error", title: m.language_unknown() });
  }
  const headers = new Headers([["Set-Cookie", languageCookieHeader(request, locale)]]);
  const user = getUser(context);
  if (user) {
    try {
      await setLanguage(effects, { userId: user.userId, locale });
    } catch (error) {
      // The device remembers the choice; the profile will learn it at the next sign-in.
      console.error("[language]", error);
      return redirectWithToast(
        env,
        request,
        back,
        { type: "error", title: m.language_save_failed({}, { locale }) },
        { headers },
      );
    }
  }
  return redirect(back, { headers });
}
