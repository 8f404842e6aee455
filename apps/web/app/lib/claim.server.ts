import { CLAIM_MESSAGES, garmentLabels } from "@releve/core/garment";
import { REPORTED_MISSING_MESSAGE } from "@releve/core/tap-rules";
import { claimGarment, garmentBySlug } from "@releve/db/garments";
import { data, type RouterContextProvider, redirect } from "react-router";
import { tapStores } from "../env.server";
import { authDeps } from "./auth-page.server";
import { pendingClaimHeader } from "./cookies.server";
import { toastHeader } from "./toast.server";
import { getUser } from "./user.server";

export type ClaimFailure = {
  error: { title: "Garment Already Claimed" | "Claim Failed"; message: string; retryable: boolean; status: string };
};

/**
 * The one claim path (spec part 1 §4) behind /claim/:slug, /garment-registration and
 * /tap-register: a redirect on success or when a profile is needed, else the error to show.
 */
export async function claimAndRespond(request: Request, context: Readonly<RouterContextProvider>, slug: string | null) {
  const deps = authDeps(request, context);
  const user = getUser(context);
  const fail = (status: number, error: ClaimFailure["error"]) => data<ClaimFailure>({ error }, { status });
  if (!user)
    return fail(401, { title: "Claim Failed", message: CLAIM_MESSAGES.authRequired, retryable: true, status: "auth" });
  if (!slug)
    return fail(404, {
      title: "Claim Failed",
      message: CLAIM_MESSAGES.notFound,
      retryable: false,
      status: "not_found",
    });

  let result: Awaited<ReturnType<typeof claimGarment>>;
  try {
    result = await claimGarment(deps.db, tapStores(deps.env), { slug, userId: user.userId });
  } catch (error) {
    console.error("[claim]", error);
    return fail(503, { title: "Claim Failed", message: CLAIM_MESSAGES.trouble, retryable: true, status: "error" });
  }

  switch (result.status) {
    case "claimed":
    case "already_owned": {
      const headers = new Headers([["Set-Cookie", await pendingClaimHeader(deps.env, request, null)]]);
      // The success names the garment (spec part 1 §8); the claim itself answers only its id.
      const claimed = result.status === "claimed" ? await garmentBySlug(deps.db, slug) : undefined;
      const name = claimed ? garmentLabels(claimed).name.slice(0, 200) : "Your garment";
      headers.append(
        "Set-Cookie",
        await toastHeader(
          deps.env,
          request,
          result.status === "claimed"
            ? {
                type: "success",
                title: "Garment Registered Successfully",
                description: `${name} has been added to your digital wardrobe.`,
              }
            : { type: "info", title: "Already in your wardrobe" },
        ),
      );
      return redirect(`/dashboard/wardrobe?claimed=${result.garmentId}`, { headers });
    }
    case "profile_missing":
      // Onboarding saves the profile and brings the user back to the claim (the pending slug stays).
      return redirect("/onboarding/profile", {
        headers: { "Set-Cookie": await pendingClaimHeader(deps.env, request, slug) },
      });
    case "claimed_by_other":
      return fail(409, {
        title: "Garment Already Claimed",
        message: CLAIM_MESSAGES.claimedByOther,
        retryable: false,
        status: result.status,
      });
    case "reported_missing":
      // Lost or stolen (issue #18): nobody takes it over; nothing changed.
      return fail(409, {
        title: "Claim Failed",
        message: REPORTED_MISSING_MESSAGE,
        retryable: false,
        status: result.status,
      });
    case "not_found":
      return fail(404, {
        title: "Claim Failed",
        message: CLAIM_MESSAGES.notFound,
        retryable: false,
        status: result.status,
      });
    default:
      return fail(500, { title: "Claim Failed", message: CLAIM_MESSAGES.unexpected, retryable: true, status: "error" });
  }
}
