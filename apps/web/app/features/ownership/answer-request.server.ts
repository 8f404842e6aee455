import { parseId } from "@releve/core/platform/input-limits";
import { m } from "@releve/i18n/messages";
import { type AnswerTransferOutcome, answerTransfer } from "@releve/verbs/ownership/accept-transfer";
import { data, type RouterContextProvider } from "react-router";
import type { FormInput } from "../../lib/form.server";
import { redirectWithToast } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import { TRANSFER_SAID } from "./said";

/** An answer refused: what the dashboard's requests banner shows, nothing changed. */
export type AnswerRefusal = { answerError: string; transferId: number | null };

/**
 * The owner approves or declines a transfer request for their piece (issue #32), from the
 * dashboard. Approving hands the piece over at once; only the owner it was made to may answer.
 */
export async function answerStep(request: Request, context: Readonly<RouterContextProvider>, form: FormInput) {
  const user = requireUser(request, context);
  const deps = requestContext(request, context);
  const transferId = parseId(form.get("transferId"));
  const intent = form.get("intent");
  // Said in the owner's language (issue #34): each outcome's message.
  const refuse = (status: number, say: () => string) =>
    data<AnswerRefusal>({ answerError: say(), transferId }, { status });
  if (!transferId || (intent !== "approve-transfer" && intent !== "decline-transfer")) {
    return refuse(400, m.transfer_choose_request);
  }
  let result: AnswerTransferOutcome;
  try {
    result = await answerTransfer(deps.effects, {
      transferId,
      userId: user.userId,
      approve: intent === "approve-transfer",
    });
  } catch (error) {
    console.error("[transfer-request]", error);
    return refuse(503, TRANSFER_SAID.unexpected);
  }
  switch (result.code) {
    case "transferred":
      return redirectWithToast(deps.env, request, "/dashboard", {
        type: "success",
        title: TRANSFER_SAID.approved(),
        description: m.transfer_approved_text(),
      });
    case "declined":
      return redirectWithToast(deps.env, request, "/dashboard", {
        type: "info",
        title: TRANSFER_SAID.declined(),
      });
    case "requester_gone":
      return refuse(409, TRANSFER_SAID.requesterGone);
    case "not_found":
      return refuse(404, TRANSFER_SAID.requestGone);
    default:
      return refuse(409, TRANSFER_SAID.requestGone);
  }
}
