import { m } from "@releve/i18n/messages";
import { cancelTransferLink } from "@releve/verbs/ownership/cancel-transfer-link";
import { createTransferLink } from "@releve/verbs/ownership/create-transfer-link";
import { releaseGarment } from "@releve/verbs/ownership/release-garment";
import { data, type RouterContextProvider } from "react-router";
import type { FormInput } from "../../lib/form.server";
import { sayReportedMissing } from "../../lib/tap-said";
import { redirectWithToast } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import { TRANSFER_SAID } from "./said";

const OWNERSHIP_INTENTS = ["transfer", "cancel-transfer", "release"] as const;
type Intent = (typeof OWNERSHIP_INTENTS)[number];
const isIntent = (v: unknown): v is Intent => OWNERSHIP_INTENTS.includes(v as Intent);

/** An ownership step refused: what the garment page shows, nothing changed. */
export type OwnershipRefusal = { ownershipError: string };

/**
 * The owner's ownership steps for one garment (issue #32), posted to its page with an `intent`: make a transfer
 * link (a new one replaces the old), cancel it, or release the piece. Only the owner's own
 * claimed garment; anyone else's id is a 404, as the garment page is.
 */
export async function ownershipStep(
  request: Request,
  context: Readonly<RouterContextProvider>,
  garmentId: number | null,
  form: FormInput,
) {
  const user = requireUser(request, context);
  const deps = requestContext(request, context);
  const intent = form.get("intent");
  if (!isIntent(intent)) return data<OwnershipRefusal>({ ownershipError: m.transfer_choose_step() }, { status: 400 });
  if (!garmentId) throw new Response("Garment not found", { status: 404 });
  const page = `/dashboard/garment/${garmentId}`;
  // Said in the owner's language (issue #34): each outcome's message.
  const refuse = (status: number, say: () => string) => data<OwnershipRefusal>({ ownershipError: say() }, { status });
  const refusedFor = (status: "not_owned" | "reported_missing") =>
    status === "reported_missing" ? refuse(409, sayReportedMissing) : refuse(404, TRANSFER_SAID.notOwned);

  if (intent === "transfer") {
    const made = await createTransferLink(deps.effects, { garmentId, userId: user.userId });
    if (made.code !== "created") return refusedFor(made.code);
    return redirectWithToast(deps.env, request, `${page}#ownership`, {
      type: "success",
      title: TRANSFER_SAID.created(),
      description: m.transfer_created_text(),
    });
  }
  if (intent === "cancel-transfer") {
    const cancelled = await cancelTransferLink(deps.effects, { garmentId, userId: user.userId });
    // Someone else's garment is a 404, as its page is; one's own without a live link, a conflict.
    if (cancelled.code === "not_owned") return refusedFor("not_owned");
    if (cancelled.code === "no_live_link") return refuse(409, TRANSFER_SAID.invalidLink);
    return redirectWithToast(deps.env, request, `${page}#ownership`, {
      type: "success",
      title: TRANSFER_SAID.cancelled(),
      description: m.transfer_cancelled_text(),
    });
  }
  const released = await releaseGarment(deps.effects, { garmentId, userId: user.userId });
  if (released.code !== "released") return refusedFor(released.code);
  return redirectWithToast(deps.env, request, "/dashboard/wardrobe", {
    type: "success",
    title: TRANSFER_SAID.released(),
    description: m.transfer_released_text(),
  });
}
