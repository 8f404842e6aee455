import type { PoolGarmentDetails } from "@releve/db/wardrobe/commands";
import { garmentBySlug } from "@releve/db/wardrobe/queries";
import { m } from "@releve/i18n/messages";
import { type ClaimGarmentOutcome, claimGarment } from "@releve/verbs/wardrobe/claim-garment";
import { data, type RouterContextProvider, redirect } from "react-router";
import { getUser } from "../../context";
import { pendingClaimHeader } from "../../lib/cookies.server";
import { toastHeader } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import { garmentWords } from "./words";

/**
 * A claim's refusal, in the request's language (issue #34): the spec's English words (part 1 §8,
 * CLAIM_MESSAGES and the like) for an English reader, the same said in theirs for another.
 */
export type ClaimFailure = {
  error: { title: string; message: string; retryable: boolean; status: string };
};

type Deps = ReturnType<typeof requestContext>;
type Registered = { code: "claimed" | "already_owned"; garmentId: number };

/**
 * The one claim path (spec part 1 §4) behind /claim/:slug, /garment-registration and
 * /tap-register: with `details`, a pool garment is registered with them (issue #19). The
 * claimed garment, or the answer to give: the error to show, or a redirect when a profile
 * (onboarding) or the garment's details (/tap-register's 'garment' step) are needed.
 */
export async function claimOrRegister(
  request: Request,
  context: Readonly<RouterContextProvider>,
  slug: string | null,
  details?: PoolGarmentDetails,
): Promise<{ ok: true; deps: Deps; result: Registered } | { ok: false; response: ClaimAnswer }> {
  const deps = requestContext(request, context);
  const user = getUser(context);
  const fail = (status: number, error: ClaimFailure["error"]) =>
    ({ ok: false, response: data<ClaimFailure>({ error }, { status }) }) as const;
  if (!user)
    return fail(401, {
      title: m.wardrobe_claim_failed(),
      message: m.wardrobe_claim_auth_required(),
      retryable: true,
      status: "auth",
    });
  if (!slug)
    return fail(404, {
      title: m.wardrobe_claim_failed(),
      message: m.wardrobe_garment_not_found(),
      retryable: false,
      status: "not_found",
    });

  let result: ClaimGarmentOutcome;
  try {
    result = await claimGarment(deps.effects, { slug, userId: user.userId, ...(details ? { details } : {}) });
  } catch (error) {
    console.error("[claim]", error);
    return fail(503, {
      title: m.wardrobe_claim_failed(),
      message: m.wardrobe_claim_trouble(),
      retryable: true,
      status: "error",
    });
  }

  switch (result.code) {
    case "claimed":
    case "already_owned":
      return { ok: true, deps, result };
    case "profile_missing":
      // Onboarding saves the profile and brings the user back to the claim (the pending slug stays).
      return {
        ok: false,
        response: redirect("/onboarding/profile", {
          headers: { "Set-Cookie": await pendingClaimHeader(deps.env, request, slug) },
        }),
      };
    case "details_required":
      // A pool garment (issue #19): its owner names it first.
      return { ok: false, response: redirect(`/tap-register?code=${encodeURIComponent(slug)}`) };
    case "claimed_by_other":
      return fail(409, {
        title: m.wardrobe_already_claimed(),
        message: m.wardrobe_claimed_by_other(),
        retryable: false,
        status: result.code,
      });
    case "reported_missing":
      // Lost or stolen (issue #18): nobody takes it over; nothing changed.
      return fail(409, {
        title: m.wardrobe_claim_failed(),
        message: m.tap_missing_title(),
        retryable: false,
        status: result.code,
      });
    case "not_pool":
      // Details sent for a stock garment (only a crafted post does): it keeps the brand's.
      return fail(409, {
        title: m.wardrobe_claim_failed(),
        message: m.wardrobe_not_pool(),
        retryable: false,
        status: result.code,
      });
    case "not_found":
      return fail(404, {
        title: m.wardrobe_claim_failed(),
        message: m.wardrobe_garment_not_found(),
        retryable: false,
        status: result.code,
      });
    default:
      return fail(500, {
        title: m.wardrobe_claim_failed(),
        message: m.wardrobe_claim_unexpected(),
        retryable: true,
        status: "error",
      });
  }
}

type ClaimAnswer = Response | ReturnType<typeof data<ClaimFailure>>;

/** The headers of a successful claim: the pending claim forgotten, and the toast naming the garment (spec part 1 §8). */
async function claimedHeaders(
  deps: Deps,
  request: Request,
  slug: string,
  result: Registered,
  note?: string,
): Promise<Headers> {
  const headers = new Headers([["Set-Cookie", await pendingClaimHeader(deps.env, request, null)]]);
  // The success names the garment (spec part 1 §8); the claim itself answers only its id.
  const claimed = result.code === "claimed" ? await garmentBySlug(deps.db, slug) : undefined;
  const name = claimed ? garmentWords(claimed).name.slice(0, 200) : m.wardrobe_your_garment();
  headers.append(
    "Set-Cookie",
    await toastHeader(
      deps.env,
      request,
      result.code === "claimed"
        ? {
            type: "success",
            title: m.wardrobe_registered(),
            description: `${m.wardrobe_added_to_wardrobe({ name })}${note ? ` ${note}` : ""}`,
          }
        : { type: "info", title: m.wardrobe_already_in_wardrobe() },
    ),
  );
  return headers;
}

/**
 * Claims (or with `details` registers) and answers: on success the wardrobe with the piece
 * highlighted (`?claimed=<id>`), else claimOrRegister's answer.
 */
export async function claimAndRespond(
  request: Request,
  context: Readonly<RouterContextProvider>,
  slug: string | null,
  details?: PoolGarmentDetails,
) {
  const outcome = await claimOrRegister(request, context, slug, details);
  if (!outcome.ok) return outcome.response;
  const headers = await claimedHeaders(outcome.deps, request, slug ?? "", outcome.result);
  return redirect(`/dashboard/wardrobe?claimed=${outcome.result.garmentId}`, { headers });
}
