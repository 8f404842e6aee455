import { REPORTED_MISSING_MESSAGE } from "@releve/core/tap/rules";
import { normalizeSlug } from "@releve/core/tap/slug";
import { AUTO_CLAIM_DELAY_MS, CLAIM_MESSAGES, CLAIM_TIMEOUT_MS, garmentLabels } from "@releve/core/wardrobe/garment";
import { pendingRequestOf } from "@releve/db/ownership/queries";
import { garmentBySlug } from "@releve/db/wardrobe/queries";
import { Button, buttonClass } from "@releve/ui";
import { useEffect, useRef, useState } from "react";
import { data, Link, redirect, useActionData, useFetcher } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { SubmitButton } from "../../components/submit-button";
import { getUser } from "../../context";
import { pendingClaimHeader } from "../../lib/cookies.server";
import { readForm } from "../../lib/form.server";
import { requestContext } from "../../request-context.server";
import { formatDay } from "../crm/crm-format";
import { TransferRequestForm } from "../ownership/request-form";
import { type RequestRefusal, requestStep } from "../ownership/request-transfer.server";
import type { Route } from "./+types/claim";
import { type ClaimFailure, claimAndRespond } from "./claim.server";
import { GarmentFacts } from "./garment-card";

export const meta = () => [{ title: "Claim Your Garment · Relevé" }, { name: "robots", content: "noindex" }];

type ClaimError = ClaimFailure;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const slug = normalizeSlug(params.slug);
  if (!slug) throw new Response("Not Found", { status: 404 });
  const deps = requestContext(request, context);
  // The tap sent us here from a routing hint (KV); D1 decides what is true (DESIGN.md §3).
  const garment = await garmentBySlug(deps.db, slug);
  if (garment?.is_active !== true) throw new Response("Not Found", { status: 404 });

  const user = getUser(context);
  const passport = garment.product_id !== null;
  // Lost or stolen (issue #18): refused before anyone is asked to sign in, owner aside.
  if (garment.reported_missing && garment.owner_user_id !== user?.userId) {
    return data(
      {
        slug,
        labels: garmentLabels(garment),
        passport,
        claimable: false,
        error: { title: "Claim Failed", message: REPORTED_MISSING_MESSAGE, retryable: false },
        // Whoever found it writes to the brand's configured address (issue #35).
        brandEmail: deps.env.BRAND_CONTACT_EMAIL,
      },
      { status: 409 },
    );
  }
  // A pool garment (issue #19): its first owner registers it with its details; /tap-register
  // asks them (and signs them in first when needed).
  if (garment.pool && garment.status === "unclaimed") {
    throw redirect(`/tap-register?code=${encodeURIComponent(slug)}`);
  }
  if (!user) {
    // Spec part 1 §4: remember the garment, then sign in (or up) and come back.
    throw redirect(`/auth?redirect=${encodeURIComponent(`/claim/${slug}`)}`, {
      headers: { "Set-Cookie": await pendingClaimHeader(deps.env, request, slug) },
    });
  }
  if (garment.owner_user_id === user.userId) throw redirect("/dashboard/wardrobe");
  const labels = garmentLabels(garment);
  if (garment.status === "claimed") {
    // Someone else's piece (issue #32): its new holder may ask its owner to hand it over.
    const asked = await pendingRequestOf(deps.db, garment.id, user.userId, Date.now());
    return data(
      {
        slug,
        labels,
        passport,
        claimable: false,
        error: { title: "Garment Already Claimed", message: CLAIM_MESSAGES.claimedByOther, retryable: false },
        transferRequest: { sentUntil: asked ? formatDay(asked.expires_at) : null },
      },
      { status: 409 },
    );
  }
  return { slug, labels, passport, claimable: true, error: null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // The claim has no fields: an empty post is fine, a body that is not a form is refused.
  const form = await readForm(request, { allowEmpty: true });
  // A transfer request for someone else's piece (issue #32): the ownership room's step.
  if (form.get("intent") === "request-transfer") return requestStep(request, context, normalizeSlug(params.slug), form);
  try {
    return await claimAndRespond(request, context, normalizeSlug(params.slug));
  } catch (error) {
    if (error instanceof Response) throw error;
    // Spec part 1 §8: anything unforeseen (the claim's own failures have their words) says this.
    console.error("[claim]", error);
    return data<ClaimError>(
      { error: { title: "Claim Failed", message: CLAIM_MESSAGES.error, retryable: true, status: "error" } },
      { status: 500 },
    );
  }
}

export default function ClaimRoute({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<ClaimError>();
  const transferRequest: { sentUntil: string | null } | null =
    "transferRequest" in loaderData ? (loaderData.transferRequest as { sentUntil: string | null }) : null;
  const busy = fetcher.state !== "idle";
  const [timedOut, setTimedOut] = useState(false);
  const started = useRef(false);
  // fetcher.data with JavaScript; the action's own answer when the form posted without it.
  const posted = useActionData<ClaimError | RequestRefusal>();
  const requestRefusal = posted && "requestError" in posted ? posted : null;
  const error =
    fetcher.data?.error ??
    (posted && "error" in posted ? posted.error : undefined) ??
    loaderData.error ??
    (timedOut ? { title: "Claim Failed" as const, message: CLAIM_MESSAGES.timedOut, retryable: true } : null);
  const { labels } = loaderData;
  const brandEmail = "brandEmail" in loaderData ? (loaderData.brandEmail as string) : null;

  const claim = () => {
    setTimedOut(false);
    fetcher.submit(null, { method: "post" });
  };

  // Spec part 1 §4: once signed in, wait 500 ms, then claim exactly once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: claim is stable in effect; runs once per page
  useEffect(() => {
    if (!loaderData.claimable || started.current) return;
    const timer = setTimeout(() => {
      started.current = true;
      claim();
    }, AUTO_CLAIM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaderData.claimable]);

  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setTimedOut(true), CLAIM_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <section className="mx-auto w-full max-w-md px-5 py-12 sm:py-20">
      <article aria-labelledby="claim-title" className="border border-ink/10 bg-white p-6 sm:p-8">
        <h1 id="claim-title" className="font-display text-3xl">
          {error ? error.title : "Claim Your Garment"}
        </h1>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-stone">Piece</dt>
          <dd className="font-display text-lg">{labels.name}</dd>
          <GarmentFacts labels={labels} />
        </dl>
        {loaderData.passport && (
          // The piece's passport (issue #31): its model, care and provenance, before it is anyone's.
          <p className="mt-4 text-sm">
            <a href={`/passport/${loaderData.slug}`} className="underline underline-offset-4">
              About this piece
            </a>
          </p>
        )}
        {error ? (
          <div role="alert" className="mt-6">
            <p className="text-danger">{error.message}</p>
            {error.message === REPORTED_MISSING_MESSAGE && brandEmail && (
              <p className="mt-2 text-sm text-stone">
                If you have found it, please contact Relevé at{" "}
                <a href={`mailto:${brandEmail}`} className="underline underline-offset-4">
                  {brandEmail}
                </a>
                .
              </p>
            )}
            <div className="mt-6 flex flex-wrap gap-3">
              {error.retryable && (
                <Button onClick={claim} disabled={busy}>
                  {busy ? "Claiming..." : "Retry Claim"}
                </Button>
              )}
              <Link to="/" className={buttonClass("secondary")}>
                Return Home
              </Link>
            </div>
            {transferRequest && <TransferRequestForm sentUntil={transferRequest.sentUntil} refusal={requestRefusal} />}
          </div>
        ) : (
          <>
            <p className="mt-6 inline-block border border-gold/40 px-3 py-1 text-xs uppercase tracking-[0.18em] text-gold">
              Available to Claim
            </p>
            <p className="mt-4 text-stone">This garment will be permanently added to your personal collection</p>
            <fetcher.Form method="post" className="mt-6">
              <SubmitButton busy={busy} busyLabel="Claiming..." className="w-full">
                Claim & Add to My Wardrobe
              </SubmitButton>
            </fetcher.Form>
            <p className="mt-4 text-xs text-stone">
              By claiming, you confirm that you own this garment and agree to the terms of the Relevé digital wardrobe.
            </p>
          </>
        )}
      </article>
    </section>
  );
}

export function ErrorBoundary() {
  // Spec part 1 §8, Claim messages: a claim page that could not load, or a claim that failed unexpectedly.
  return <GeneralErrorBoundary failure={{ title: "Claim Failed", text: CLAIM_MESSAGES.error }} />;
}
