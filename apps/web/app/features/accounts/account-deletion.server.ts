import { OWNER_TOKEN_COOKIE } from "@releve/core/tap/owner-token";
import { deleteAccount } from "@releve/verbs/accounts/delete-account";
import { data, redirect } from "react-router";
import { clearCookieHeader } from "../../lib/cookies.server";
import type { FormInput } from "../../lib/form.server";
import { toastHeader } from "../../lib/toast.server";
import type { RequestContext } from "../../request-context.server";
import { DELETION_SAID } from "./said";
import { clearSessionCookie } from "./session.server";

/**
 * The profile page's 'Delete my account' (issue #33): the verb (packages/verbs) does all it
 * means; this adapter maps its outcome to a message, or home, signed out.
 */
export async function deleteOwnAccount(deps: RequestContext, request: Request, userId: string, form: FormInput) {
  // Said in the reader's language (issue #34): each outcome's message.
  const refuse = (status: number, say: () => string) => data({ deleteError: say() }, { status });
  const outcome = await deleteAccount(deps.effects, { userId, password: form.get("password") });
  if (outcome.code === "failed") return refuse(503, DELETION_SAID.failed);
  if (outcome.code === "last_admin") return refuse(409, DELETION_SAID.lastAdmin);
  if (outcome.code !== "deleted") return refuse(400, DELETION_SAID.wrongPassword);
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(request));
  headers.append("Set-Cookie", clearCookieHeader(request, OWNER_TOKEN_COOKIE));
  headers.append(
    "Set-Cookie",
    await toastHeader(deps.env, request, {
      type: "success",
      title: DELETION_SAID.deleted(),
      description: DELETION_SAID.deletedDetail(),
    }),
  );
  return redirect("/", { headers });
}
