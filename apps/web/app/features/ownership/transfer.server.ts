import { transferIdOf, transferPath, transferToken } from "@releve/core/ownership/transfer";
import { garmentLabels } from "@releve/core/wardrobe/garment";
import type { transferById } from "@releve/db/ownership/queries";
import { m } from "@releve/i18n/messages";
import { type AcceptTransferOutcome, acceptTransfer } from "@releve/verbs/ownership/accept-transfer";
import { redirect } from "react-router";
import type { WebEnv } from "../../env.server";
import { pendingClaimHeader } from "../../lib/cookies.server";
import { toastHeader } from "../../lib/toast.server";
import type { RequestContext } from "../../request-context.server";
import { TRANSFER_SAID } from "./said";

/**
 * Transfer links (issue #32) are signed with the server's session secret under their own label
 * (core ownership/transfer): rotating the secret kills every live link, as it ends every session.
 */
export const linkToken = (env: WebEnv, id: number) => transferToken(env.SESSION_SECRET, id);

/** The transfer a token names, or null for a forged, truncated or malformed one (a 404, before any query). */
export const transferIdFrom = (env: WebEnv, token: string | undefined) => transferIdOf(env.SESSION_SECRET, token);

/** The absolute URL of a transfer link, for the owner to copy or show as a QR code. */
export async function transferUrl(env: WebEnv, request: Request, id: number): Promise<string> {
  return `${new URL(request.url).origin}${transferPath(await linkToken(env, id))}`;
}

type Transfer = NonNullable<Awaited<ReturnType<typeof transferById>>>;

/**
 * Accepts a transfer link for `userId` (the one verb) and, when the piece has changed hands, the
 * answer: the wardrobe with it highlighted, the pending step forgotten, 'Transfer complete' said.
 * Any other outcome is the caller's to say.
 */
export async function acceptAndAnswer(
  deps: RequestContext,
  request: Request,
  transfer: Transfer,
  userId: string,
): Promise<{ outcome: AcceptTransferOutcome; response: Response | null }> {
  const outcome = await acceptTransfer(deps.effects, { transferId: transfer.id, userId });
  if (outcome.code !== "transferred") return { outcome, response: null };
  const headers = new Headers([["Set-Cookie", await pendingClaimHeader(deps.env, request, null)]]);
  headers.append(
    "Set-Cookie",
    await toastHeader(deps.env, request, {
      type: "success",
      title: TRANSFER_SAID.accepted(),
      description: m.transfer_accepted_text({ name: garmentLabels(transfer).name.slice(0, 200) }),
    }),
  );
  return { outcome, response: redirect(`/dashboard/wardrobe?claimed=${outcome.garmentId}`, { headers }) };
}
