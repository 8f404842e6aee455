import { detailsSharedMail, withdrawContactId, withdrawPath, withdrawToken } from "@releve/core/sharing/withdraw";
import type { RequestContext } from "../../request-context.server";
import { queueOwnerAlert } from "../crm/alerts.server";

/**
 * What follows a visitor's details being stored through a public door (issue #33): the owner's
 * alert is queued (a repeat was alerted already), a visitor who gave an address gets the one mail
 * with their withdrawal link (after the answer, never delaying it), and the success screen gets
 * the same link's token.
 */
export async function afterPublicIntake(
  deps: Pick<RequestContext, "env" | "ctx" | "mail">,
  intake: { status: "stored" | "repeat"; contactId: number },
  to: { ownerUserId: string; ownerName: string; visitorEmail: string | null },
): Promise<string> {
  const token = await withdrawToken(deps.env.SESSION_SECRET, intake.contactId);
  if (intake.status === "stored") {
    await queueOwnerAlert(deps.env, to.ownerUserId);
    if (to.visitorEmail) {
      const mail = detailsSharedMail({
        to: to.visitorEmail,
        ownerName: to.ownerName,
        withdrawUrl: `${deps.mail.origin}${withdrawPath(token)}`,
      });
      deps.ctx.waitUntil(deps.mail.sender.send(mail).catch((error) => console.error("[details-shared-email]", error)));
    }
  }
  return token;
}

/** The success screen's withdrawal link from its `w` parameter, only when the server signed it. */
export async function withdrawLinkFrom(env: { SESSION_SECRET: string }, url: URL): Promise<string | null> {
  const token = url.searchParams.get("w");
  return (await withdrawContactId(env.SESSION_SECRET, token)) === null ? null : withdrawPath(token ?? "");
}
