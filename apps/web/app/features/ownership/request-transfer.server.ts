import { TRANSFER_MESSAGES, TRANSFER_REQUEST_MESSAGE_MAX } from "@releve/core/ownership/transfer";
import { cleanText, textLength, textProblemMessage } from "@releve/core/platform/text";
import { REPORTED_MISSING_MESSAGE } from "@releve/core/tap/rules";
import { requestTransfer } from "@releve/verbs/ownership/request-transfer";
import { data, type RouterContextProvider, redirect } from "react-router";
import { pendingClaimHeader } from "../../lib/cookies.server";
import type { FormInput } from "../../lib/form.server";
import { localizeMessage } from "../../lib/localize.server";
import { redirectWithToast } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";

/** A transfer request refused: what the claim page shows under its form, nothing sent. */
export type RequestRefusal = { requestError: string; message: string };

/**
 * A signed-in person asks the owner of a claimed piece for it (issue #32), from the piece's
 * claim page. The owner is told on their dashboard; the requester never learns who they are.
 */
export async function requestStep(
  request: Request,
  context: Readonly<RouterContextProvider>,
  slug: string | null,
  form: FormInput,
) {
  const user = requireUser(request, context);
  const deps = requestContext(request, context);
  const raw = form.get("message");
  // Said in the person's language (issue #34); the rules say it in English.
  const refuse = (status: number, requestError: string, message = raw.slice(0, TRANSFER_REQUEST_MESSAGE_MAX)) =>
    data<RequestRefusal>({ requestError: localizeMessage(requestError), message }, { status });
  // The text rule's sentences, with this form's full stop in English (its own words elsewhere).
  const ruleSays = (sentence: string) => {
    const localized = localizeMessage(sentence);
    return localized === sentence ? `${sentence}.` : localized;
  };
  if (!slug) return refuse(404, TRANSFER_MESSAGES.requestNotFound);
  const cleaned = cleanText(raw, { multiline: true });
  if (!cleaned.ok) return refuse(400, ruleSays(textProblemMessage(cleaned.problem, "Message", { multiline: true })));
  if (textLength(cleaned.value) > TRANSFER_REQUEST_MESSAGE_MAX) {
    return refuse(400, ruleSays(`Message must be at most ${TRANSFER_REQUEST_MESSAGE_MAX} characters`));
  }
  const result = await requestTransfer(deps.effects, {
    slug,
    userId: user.userId,
    message: cleaned.value || null,
  });
  switch (result.code) {
    case "requested":
      return redirectWithToast(deps.env, request, `/claim/${slug}`, {
        type: "success",
        title: localizeMessage(TRANSFER_MESSAGES.requested),
        description: localizeMessage(TRANSFER_MESSAGES.requestedText),
      });
    case "already_requested":
      return refuse(409, TRANSFER_MESSAGES.alreadyRequested);
    case "rate_limited":
      return refuse(429, TRANSFER_MESSAGES.requestLimited);
    case "own_piece":
      return refuse(409, TRANSFER_MESSAGES.ownPiece);
    case "unclaimed":
      return refuse(409, TRANSFER_MESSAGES.requestUnclaimed);
    case "reported_missing":
      return refuse(409, REPORTED_MISSING_MESSAGE);
    case "profile_missing":
      // A transfer makes them an owner: a profile first, then back to the piece.
      return redirect("/onboarding/profile", {
        headers: { "Set-Cookie": await pendingClaimHeader(deps.env, request, slug) },
      });
    default:
      return refuse(404, TRANSFER_MESSAGES.requestNotFound);
  }
}
