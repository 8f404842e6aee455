import { DELETION_MESSAGES } from "@releve/core/accounts/deletion";
import { OWNER_TOKEN_COOKIE } from "@releve/core/tap/owner-token";
import { deleteAccount } from "@releve/verbs/accounts/delete-account";
import { data, redirect } from "react-router";
import { clearCookieHeader } from "../../lib/cookies.server";
import type { FormInput } from "../../lib/form.server";
import { localizeMessage } from "../../lib/localize.server";
import { toastHeader } from "../../lib/toast.server";
import type { RequestContext } from "../../request-context.server";
import { clearSessionCookie } from "./session.server";

/**
 * The profile page's 'Delete my account' (issue #33): the verb (packages/verbs) does all it
 * means; this adapter maps its outcome to a message, or home, signed out.
 */
export async function deleteOwnAccount(deps: RequestContext, request: Request, userId: string, form: FormInput) {
  // Said in the reader's language (issue #34); core's rules say it in English.
  const refuse = (status: number, deleteError: string) =>
    data({ deleteError: localizeMessage(deleteError) }, { status });
  const outcome = await deleteAccount(deps.effects, { userId, password: form.get("password") });
  if (outcome.code === "failed") return refuse(503, DELETION_MESSAGES.failed);
  if (outcome.code === "last_admin") return refuse(409, DELETION_MESSAGES.lastAdmin);
  if (outcome.code !== "deleted") return refuse(400, DELETION_MESSAGES.wrongPassword);
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(request));
  headers.append("Set-Cookie", clearCookieHeader(request, OWNER_TOKEN_COOKIE));
  headers.append(
    "Set-Cookie",
    await toastHeader(deps.env, request, {
      type: "success",
      title: localizeMessage(DELETION_MESSAGES.deleted),
      description: localizeMessage(DELETION_MESSAGES.deletedDetail),
    }),
  );
  return redirect("/", { headers });
}
