import { normalizeSlug } from "@releve/core/tap/slug";
import { AUTO_CLAIM_DELAY_MS, CLAIM_TIMEOUT_MS } from "@releve/core/wardrobe/garment";
import { photoUrl } from "@releve/core/wardrobe/photo";
import { pendingRequestOf } from "@releve/db/ownership/queries";
import { garmentBySlug } from "@releve/db/wardrobe/queries";
import { formatDay, slot, splitSlots } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import { Button, buttonClass } from "@releve/ui";
import { useEffect, useRef, useState } from "react";
import { data, Link, redirect, useActionData, useFetcher } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { GarmentFacts } from "../../components/garment-facts";
import { SubmitButton } from "../../components/submit-button";
import { getUser } from "../../context";
import { pendingClaimHeader } from "../../lib/cookies.server";
import { readForm } from "../../lib/form.server";
import { requestContext } from "../../request-context.server";
import { TransferRequestForm } from "../ownership/request-form";
import { type RequestRefusal, requestStep } from "../ownership/request-transfer.server";
import type { Route } from "./+types/claim";
import { type ClaimFailure, claimAndRespond } from "./claim.server";
import { garmentWords } from "./words";

export const meta = () => [{ title: m.wardrobe_claim_meta_title() }, { name: "robots", content: "noindex" }];

type ClaimError = ClaimFailure;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const slug = normalizeSlug(params.slug);
  if (!slug) throw new Response("Not Found", { status: 404 });
  const deps = requestContext(request, context);
  // The tap sent us here from a routing hint (KV); D1 decides what is true (decision 0010).
  const garment = await garmentBySlug(deps.db, slug);
  if (garment?.is_active !== true) throw new Response("Not Found", { status: 404 });

  const user = getUser(context);
  const passport = garment.product_id !== null;
  // Lost or stolen (issue #18): refused before anyone is asked to sign in, owner aside.
  if (garment.reported_missing && garment.owner_user_id !== user?.userId) {
    return data(
      {
        slug,
        labels: garmentWords(garment),
        passport,
        claimable: false,
        error: {
          title: m.wardrobe_claim_failed(),
          message: m.tap_missing_title(),
          retryable: false,
          status: "reported_missing",
        },
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
  const labels = garmentWords(garment);
  // What the page shows of the piece, whoever reads it (issue #49: its product and photograph too).
  const piece = { slug, labels, product: garment.product_name, photo: photoOf(garment), passport };
  if (!user) {
    if (garment.status === "claimed") {
      // Someone else's piece: nothing of it here; signing in says whose it is not (spec part 1 §4).
      throw redirect(`/auth?redirect=${encodeURIComponent(`/claim/${slug}`)}`, {
        headers: { "Set-Cookie": await pendingClaimHeader(deps.env, request, slug) },
      });
    }
    // Issue #49: the piece first, then an account to claim it. Spec part 1 §4: the garment is
    // remembered through sign-up, verification and onboarding, and the claim completes after.
    const back = encodeURIComponent(`/claim/${slug}`);
    return data(
      {
        ...piece,
        claimable: false,
        error: null,
        visitor: { signUp: `/auth?mode=signup&redirect=${back}`, signIn: `/auth?redirect=${back}` },
      },
      { headers: { "Set-Cookie": await pendingClaimHeader(deps.env, request, slug) } },
    );
  }
  if (garment.owner_user_id === user.userId) throw redirect("/dashboard/wardrobe");
  if (garment.status === "claimed") {
    // Someone else's piece (issue #32): its new holder may ask its owner to hand it over.
    const asked = await pendingRequestOf(deps.db, garment.id, user.userId, Date.now());
    return data(
      {
        ...piece,
        claimable: false,
        error: { title: m.wardrobe_already_claimed(), message: m.wardrobe_claimed_by_other(), retryable: false },
        transferRequest: { sentUntil: asked ? formatDay(currentLocale(), asked.expires_at) : null },
      },
      { status: 409 },
    );
  }
  return { ...piece, claimable: true, error: null };
}

/** The piece's photograph before it is anyone's: its product's (issue #49), or none. */
function photoOf(garment: {
  product_photo_key: string | null;
  product_photo_width: number | null;
  product_photo_height: number | null;
}) {
  const { product_photo_key: key, product_photo_width: width, product_photo_height: height } = garment;
  return key && width && height ? { url: photoUrl(key), width, height } : null;
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
      {
        error: {
          title: m.wardrobe_claim_failed(),
          message: m.wardrobe_claim_error(),
          retryable: true,
          status: "error",
        },
      },
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
    (timedOut ? { title: m.wardrobe_claim_failed(), message: m.wardrobe_claim_timed_out(), retryable: true } : null);
  // Lost or stolen (issue #18): whoever found it is told whom to write to.
  const missing = error !== null && "status" in error && error.status === "reported_missing";
  const { labels } = loaderData;
  const visitor = "visitor" in loaderData ? loaderData.visitor : null;
  const photo = "photo" in loaderData ? loaderData.photo : null;
  const product = "product" in loaderData ? loaderData.product : null;
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
        {photo && (
          <img
            src={photo.url}
            alt={labels.name}
            width={photo.width}
            height={photo.height}
            className="-mx-6 -mt-6 mb-6 aspect-[4/5] w-[calc(100%+3rem)] max-w-none bg-sand object-cover sm:-mx-8 sm:-mt-8 sm:w-[calc(100%+4rem)]"
          />
        )}
        <h1 id="claim-title" className="font-display text-3xl">
          {error ? error.title : m.wardrobe_claim_title()}
        </h1>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-stone">{m.wardrobe_piece()}</dt>
          <dd className="font-display text-lg">{labels.name}</dd>
          {product && product !== labels.name && (
            <>
              <dt className="text-stone">{m.transfer_model()}</dt>
              <dd>{product}</dd>
            </>
          )}
          <GarmentFacts labels={labels} />
        </dl>
        {loaderData.passport && (
          // The piece's passport (issue #31): its model, care and provenance, before it is anyone's.
          <p className="mt-4 text-sm">
            <a href={`/passport/${loaderData.slug}`} className="underline underline-offset-4">
              {m.tap_about_piece()}
            </a>
          </p>
        )}
        {error ? (
          <div role="alert" className="mt-6">
            <p className="text-danger">{error.message}</p>
            {missing && brandEmail && (
              <p className="mt-2 text-sm text-stone">
                {splitSlots(m.tap_missing_found({ email: slot("email") })).map((part) =>
                  typeof part === "string" ? (
                    part
                  ) : (
                    <a key={part.slot} href={`mailto:${brandEmail}`} className="underline underline-offset-4">
                      {brandEmail}
                    </a>
                  ),
                )}
              </p>
            )}
            <div className="mt-6 flex flex-wrap gap-3">
              {error.retryable && (
                <Button onClick={claim} disabled={busy}>
                  {busy ? m.wardrobe_claiming() : m.wardrobe_retry_claim()}
                </Button>
              )}
              <Link to="/" className={buttonClass("secondary")}>
                {m.wardrobe_return_home()}
              </Link>
            </div>
            {transferRequest && <TransferRequestForm sentUntil={transferRequest.sentUntil} refusal={requestRefusal} />}
          </div>
        ) : (
          <>
            <p className="mt-6 inline-block border border-gold/40 px-3 py-1 text-xs uppercase tracking-[0.18em] text-gold">
              {m.wardrobe_available_to_claim()}
            </p>
            <p className="mt-4 text-stone">{m.wardrobe_claim_intro()}</p>
            {visitor ? (
              // Issue #49: signed out, an account first (it comes back here and claims), then sign-in.
              <div className="mt-6 flex flex-col gap-3">
                <p className="text-sm text-stone">{m.wardrobe_claim_what()}</p>
                <Link to={visitor.signUp} className={buttonClass("primary", "w-full")}>
                  {m.wardrobe_claim_create_account()}
                </Link>
                <Link to={visitor.signIn} className={buttonClass("secondary", "w-full")}>
                  {m.wardrobe_claim_sign_in()}
                </Link>
              </div>
            ) : (
              <fetcher.Form method="post" className="mt-6">
                <SubmitButton busy={busy} busyLabel={m.wardrobe_claiming()} className="w-full">
                  {m.wardrobe_claim_button()}
                </SubmitButton>
              </fetcher.Form>
            )}
            <p className="mt-4 text-xs text-stone">{m.wardrobe_claim_terms()}</p>
          </>
        )}
      </article>
    </section>
  );
}

export function ErrorBoundary() {
  // Spec part 1 §8, Claim messages: a claim page that could not load, or a claim that failed unexpectedly.
  return <GeneralErrorBoundary failure={{ title: m.wardrobe_claim_failed(), text: m.wardrobe_claim_error() }} />;
}
