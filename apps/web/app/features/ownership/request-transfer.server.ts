import { TRANSFER_REQUEST_MESSAGE_MAX } from "@releve/core/ownership/transfer";
import { cleanText, textLength, textProblemMessage } from "@releve/core/platform/text";
import { BASE_LOCALE } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import { requestTransfer } from "@releve/verbs/ownership/request-transfer";
import { data, type RouterContextProvider, redirect } from "react-router";
import { pendingClaimHeader } from "../../lib/cookies.server";
import type { FormInput } from "../../lib/form.server";
import { sayReportedMissing } from "../../lib/tap-said";
import { redirectWithToast } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import { TRANSFER_SAID } from "./said";

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
  // Said in the person's language (issue #34): each outcome's message.
  const refuse = (status: number, say: () => string, message = raw.slice(0, TRANSFER_REQUEST_MESSAGE_MAX)) =>
    data<RequestRefusal>({ requestError: say(), message }, { status });
  // The text rule's refusals: in English the rule's sentence with this form's full stop, else the field messages.
  const ruleSays = (english: string, say: (label: string) => string) => () =>
    currentLocale() === BASE_LOCALE ? `${english}.` : say(m.transfer_label_message());
  if (!slug) return refuse(404, TRANSFER_SAID.requestNotFound);
  const cleaned = cleanText(raw, { multiline: true });
  if (!cleaned.ok) {
    const english = textProblemMessage(cleaned.problem, "Message", { multiline: true });
    const malformed = cleaned.problem === "malformed";
    return refuse(
      400,
      ruleSays(english, (label) => (malformed ? m.field_malformed({ label }) : m.field_control_multiline({ label }))),
    );
  }
  if (textLength(cleaned.value) > TRANSFER_REQUEST_MESSAGE_MAX) {
    const max = TRANSFER_REQUEST_MESSAGE_MAX;
    return refuse(
      400,
      ruleSays(`Message must be at most ${max} characters`, (label) => m.field_at_most({ label, max })),
    );
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
        title: TRANSFER_SAID.requested(),
        description: TRANSFER_SAID.requestedText(),
      });
    case "already_requested":
      return refuse(409, TRANSFER_SAID.alreadyRequested);
    case "rate_limited":
      return refuse(429, TRANSFER_SAID.requestLimited);
    case "own_piece":
      return refuse(409, TRANSFER_SAID.ownPiece);
    case "unclaimed":
      return refuse(409, TRANSFER_SAID.requestUnclaimed);
    case "reported_missing":
      return refuse(409, sayReportedMissing);
    case "profile_missing":
      // A transfer makes them an owner: a profile first, then back to the piece.
      return redirect("/onboarding/profile", {
        headers: { "Set-Cookie": await pendingClaimHeader(deps.env, request, slug) },
      });
    default:
      return refuse(404, TRANSFER_SAID.requestNotFound);
  }
}
