import { AUTO_CLAIM_DELAY_MS, garmentLabels } from "@releve/core/wardrobe/garment";
import { transferById, transferIsLive } from "@releve/db/ownership/queries";
import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import type { AcceptTransferOutcome } from "@releve/verbs/ownership/accept-transfer";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation, useSubmit } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { GarmentFacts } from "../../components/garment-facts";
import { SubmitButton } from "../../components/submit-button";
import { getUser } from "../../context";
import { acceptedTransferHeader, pendingTransferHeader, readAcceptedTransfer } from "../../lib/cookies.server";
import { readForm } from "../../lib/form.server";
import { sayReportedMissing } from "../../lib/tap-said";
import { requestContext } from "../../request-context.server";
import { formatDay } from "../crm/crm-format";
import type { Route } from "./+types/transfer";
import { TRANSFER_SAID } from "./said";
import { acceptAndAnswer, transferIdFrom } from "./transfer.server";

export const meta = () => [{ title: m.transfer_page_title() }, { name: "robots", content: "noindex" }];

type Refusal = { title: string; message: string };

/** A spent link's refusal, in the reader's language (issue #34). */
const invalid = (): Refusal => ({
  title: TRANSFER_SAID.invalidLink(),
  message: TRANSFER_SAID.invalidLinkText(),
});

/** The transfer a token names; a forged, truncated or unknown token is a 404 (nothing says whether it ever existed). */
async function transferOf(request: Request, context: Route.LoaderArgs["context"], token: string | undefined) {
  const deps = requestContext(request, context);
  const id = await transferIdFrom(deps.env, token);
  const transfer = id === null ? undefined : await transferById(deps.db, id);
  if (transfer?.kind !== "link") throw new Response("Not Found", { status: 404 });
  return { deps, transfer };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { deps, transfer } = await transferOf(request, context, params.token);
  const user = getUser(context);
  const piece = {
    labels: garmentLabels(transfer),
    product: transfer.product_name,
    // The passport shows the piece, never its owners (issue #31).
    passport: transfer.product_id !== null ? `/passport/${transfer.short_slug}` : null,
  };
  if (user && user.userId === transfer.from_user_id) {
    const live = transferIsLive(transfer, Date.now());
    const own = { state: "own" as const, piece, garmentId: transfer.garment_id, live, signedIn: true };
    // A spent link answers its maker as it answers anyone: 410, with the way back to the piece.
    return live ? { ...own, refusal: null } : data({ ...own, refusal: invalid() }, { status: 410 });
  }
  if (!transferIsLive(transfer, Date.now())) {
    return data(
      { state: "invalid" as const, piece: null, refusal: invalid(), signedIn: user !== null },
      { status: 410 },
    );
  }
  const here = new URL(request.url).pathname;
  const offer = {
    state: "offer" as const,
    piece,
    expires: formatDay(transfer.expires_at),
    signIn: `/auth?redirect=${encodeURIComponent(here)}`,
    signUp: `/auth?mode=signup&redirect=${encodeURIComponent(here)}`,
    refusal: null,
    signedIn: user !== null,
    complete: false,
  };
  // Accepted before the profile it needed (issue #49): back from onboarding, it completes, as a claim does.
  if (user) return { ...offer, complete: (await readAcceptedTransfer(deps.env, request)) === params.token };
  // Signed out: the link is remembered through sign-up and email verification, as a pending claim is.
  return data(offer, {
    headers: { "Set-Cookie": await pendingTransferHeader(deps.env, request, params.token ?? "") },
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await readForm(request, { allowEmpty: true });
  const { deps, transfer } = await transferOf(request, context, params.token);
  const user = getUser(context);
  if (!user) {
    throw redirect(`/auth?redirect=${encodeURIComponent(new URL(request.url).pathname)}`, {
      headers: { "Set-Cookie": await pendingTransferHeader(deps.env, request, params.token ?? "") },
    });
  }
  const refuse = (status: number, refused: Refusal) => data({ refusal: refused }, { status });
  let result: AcceptTransferOutcome;
  try {
    const accepted = await acceptAndAnswer(deps, request, transfer, user.userId);
    if (accepted.response) return accepted.response;
    result = accepted.outcome;
  } catch (error) {
    console.error("[transfer]", error);
    return refuse(503, { title: m.transfer_failed(), message: TRANSFER_SAID.unexpected() });
  }
  switch (result.code) {
    case "profile_missing":
      // Onboarding saves the profile, then completes this acceptance (issue #49).
      return redirect("/onboarding/profile", {
        headers: { "Set-Cookie": await acceptedTransferHeader(deps.env, request, params.token ?? "") },
      });
    case "own_link":
      return refuse(409, { title: m.transfer_not_accepted(), message: TRANSFER_SAID.ownLink() });
    case "own_piece":
      return refuse(409, { title: m.transfer_not_accepted(), message: TRANSFER_SAID.ownPiece() });
    case "reported_missing":
      return refuse(409, { title: m.transfer_not_accepted(), message: sayReportedMissing() });
    case "not_found":
      throw new Response("Not Found", { status: 404 });
    default:
      return refuse(410, invalid());
  }
}

export default function TransferRoute({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const submit = useSubmit();
  const completing = useRef(false);
  const complete = loaderData.state === "offer" && loaderData.complete && !posted?.refusal;
  // Issue #49: an acceptance that waited for the profile completes once, as a claim does (spec
  // part 1 §4: after AUTO_CLAIM_DELAY_MS); without script, the button is there.
  useEffect(() => {
    if (!complete || completing.current) return;
    const timer = setTimeout(() => {
      completing.current = true;
      submit(null, { method: "post" });
    }, AUTO_CLAIM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [complete, submit]);
  const refusal = posted?.refusal ?? loaderData.refusal;
  const piece = loaderData.piece;

  return (
    <section className="mx-auto w-full max-w-md px-5 py-12 sm:py-20">
      <article aria-labelledby="transfer-title" className="border border-ink/10 bg-white p-6 sm:p-8">
        <p className="text-xs uppercase tracking-[0.18em] text-gold">{m.transfer_change_of_ownership()}</p>
        <h1 id="transfer-title" className="mt-3 font-display text-3xl">
          {refusal ? refusal.title : loaderData.state === "own" ? m.transfer_your_link() : m.transfer_piece_for_you()}
        </h1>
        {piece && (
          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-stone">{m.transfer_piece()}</dt>
            <dd className="font-display text-lg">{piece.labels.name}</dd>
            {piece.product && piece.product !== piece.labels.name && (
              <>
                <dt className="text-stone">{m.transfer_model()}</dt>
                <dd>{piece.product}</dd>
              </>
            )}
            <GarmentFacts labels={piece.labels} />
          </dl>
        )}
        {piece?.passport && (
          <p className="mt-4 text-sm">
            <a href={piece.passport} className="underline underline-offset-4">
              {m.tap_about_piece()}
            </a>
          </p>
        )}

        {refusal ? (
          <div role="alert" className="mt-6">
            <p className="text-danger">{refusal.message}</p>
          </div>
        ) : null}

        {loaderData.state === "own" ? (
          <div className="mt-6 flex flex-col gap-3">
            {loaderData.live && <p className="text-stone">{m.transfer_own_link()}</p>}
            <Link to={`/dashboard/garment/${loaderData.garmentId}`} className={buttonClass("secondary")}>
              {m.transfer_back_to_piece()}
            </Link>
          </div>
        ) : loaderData.state === "offer" && !posted?.refusal ? (
          <div className="mt-6">
            <p className="text-stone">{m.transfer_offer_text()}</p>
            <p className="mt-2 text-sm text-stone">{m.transfer_valid_until({ date: loaderData.expires })}</p>
            {loaderData.signedIn ? (
              <Form method="post" className="mt-6">
                <SubmitButton busy={busy} busyLabel={m.transfer_accepting()} className="w-full">
                  {m.transfer_accept()}
                </SubmitButton>
              </Form>
            ) : (
              <div className="mt-6 flex flex-col gap-3">
                <Link to={loaderData.signUp} className={buttonClass("primary")}>
                  {m.transfer_create_account()}
                </Link>
                <Link to={loaderData.signIn} className={buttonClass("secondary")}>
                  {m.transfer_sign_in()}
                </Link>
              </div>
            )}
          </div>
        ) : (
          <div className="mt-6">
            <Link to="/" className={buttonClass("secondary")}>
              {m.transfer_return_home()}
            </Link>
          </div>
        )}
      </article>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFound={{
        title: m.transfer_link_not_found(),
        text: m.transfer_link_not_found_text(),
        to: "/",
        label: m.transfer_return_home(),
      }}
    />
  );
}
