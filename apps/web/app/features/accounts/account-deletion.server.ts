import { verifyPassword } from "@releve/core";
import { accountDeletedMail, DELETION_MESSAGES } from "@releve/core/accounts/deletion";
import { OWNER_TOKEN_COOKIE } from "@releve/core/tap/owner-token";
import { accountForDeletion, deleteAccount } from "@releve/db/accounts/deletion";
import { data, redirect } from "react-router";
import { clearCookieHeader } from "../../lib/cookies.server";
import type { FormInput } from "../../lib/form.server";
import { localizeMessage } from "../../lib/localize.server";
import { toastHeader } from "../../lib/toast.server";
import type { RequestContext } from "../../request-context.server";
import { deletePhotoObject } from "../wardrobe/photos-api";
import { clearSessionCookie } from "./session.server";

/**
 * The profile page's 'Delete my account' (issue #33): confirmed by the password; the account and
 * everything that names the person go in one batch (packages/db/src/accounts/deletion.ts), every
 * session with it; then the photos' objects, the confirmation mail, and home, signed out.
 */
export async function deleteOwnAccount(deps: RequestContext, request: Request, userId: string, form: FormInput) {
  // Said in the reader's language (issue #34); core's rules say it in English.
  const refuse = (status: number, deleteError: string) =>
    data({ deleteError: localizeMessage(deleteError) }, { status });
  const account = await accountForDeletion(deps.db, userId);
  if (!account || !(await verifyPassword(form.get("password"), account.password_hash))) {
    return refuse(400, DELETION_MESSAGES.wrongPassword);
  }
  let result: Awaited<ReturnType<typeof deleteAccount>>;
  try {
    result = await deleteAccount(deps.db, deps.tap, userId);
  } catch (error) {
    console.error("[account-deletion]", error);
    return refuse(503, DELETION_MESSAGES.failed);
  }
  if (result.status === "last_admin") return refuse(409, DELETION_MESSAGES.lastAdmin);
  if (result.status !== "deleted") return refuse(400, DELETION_MESSAGES.wrongPassword);
  await Promise.all(result.photoKeys.map((key) => deletePhotoObject(deps.env, key)));
  deps.ctx.waitUntil(
    deps.mail.sender.send(accountDeletedMail(result.email)).catch((error) => console.error("[deletion-email]", error)),
  );
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
