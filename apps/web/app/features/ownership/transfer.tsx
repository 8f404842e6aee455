import { REPORTED_MISSING_MESSAGE } from "@releve/core/tap/rules";
import { garmentLabels } from "@releve/core/wardrobe/garment";
import { TRANSFER_MESSAGES } from "@releve/core/wardrobe/transfer";
import { acceptTransferLink } from "@releve/db/ownership/commands";
import { transferById, transferIsLive } from "@releve/db/ownership/queries";
import { buttonClass } from "@releve/ui";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { SubmitButton } from "../../components/submit-button";
import { getUser } from "../../context";
import { pendingClaimHeader, pendingTransferHeader } from "../../lib/cookies.server";
import { readForm } from "../../lib/form.server";
import { toastHeader } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import { formatDay } from "../crm/crm-format";
import { GarmentFacts } from "../wardrobe/garment-card";
import type { Route } from "./+types/transfer";
import { dropPreviousPhoto, transferIdFrom } from "./transfer.server";

export const meta = () => [{ title: "Accept a transfer · Relevé" }, { name: "robots", content: "noindex" }];

type Refusal = { title: string; message: string };

const INVALID: Refusal = { title: TRANSFER_MESSAGES.invalidLink, message: TRANSFER_MESSAGES.invalidLinkText };

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
    return live ? { ...own, refusal: null } : data({ ...own, refusal: INVALID }, { status: 410 });
  }
  if (!transferIsLive(transfer, Date.now())) {
    return data({ state: "invalid" as const, piece: null, refusal: INVALID, signedIn: user !== null }, { status: 410 });
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
  };
  if (user) return offer;
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
  const refuse = (status: number, refusal: Refusal) => data({ refusal }, { status });
  let result: Awaited<ReturnType<typeof acceptTransferLink>>;
  try {
    result = await acceptTransferLink(deps.db, deps.tap, { transferId: transfer.id, userId: user.userId });
  } catch (error) {
    console.error("[transfer]", error);
    return refuse(503, { title: "Transfer failed", message: TRANSFER_MESSAGES.unexpected });
  }
  switch (result.status) {
    case "transferred": {
      await dropPreviousPhoto(deps.env, result);
      const headers = new Headers([["Set-Cookie", await pendingClaimHeader(deps.env, request, null)]]);
      headers.append(
        "Set-Cookie",
        await toastHeader(deps.env, request, {
          type: "success",
          title: TRANSFER_MESSAGES.accepted,
          description: TRANSFER_MESSAGES.acceptedText(garmentLabels(transfer).name.slice(0, 200)),
        }),
      );
      return redirect(`/dashboard/wardrobe?claimed=${result.garmentId}`, { headers });
    }
    case "profile_missing":
      // Onboarding saves the profile and brings them back here (the pending link stays).
      return redirect("/onboarding/profile", {
        headers: { "Set-Cookie": await pendingTransferHeader(deps.env, request, params.token ?? "") },
      });
    case "own_link":
      return refuse(409, { title: "Transfer not accepted", message: TRANSFER_MESSAGES.ownLink });
    case "own_piece":
      return refuse(409, { title: "Transfer not accepted", message: TRANSFER_MESSAGES.ownPiece });
    case "reported_missing":
      return refuse(409, { title: "Transfer not accepted", message: REPORTED_MISSING_MESSAGE });
    case "not_found":
      throw new Response("Not Found", { status: 404 });
    default:
      return refuse(410, INVALID);
  }
}

export default function TransferRoute({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const refusal = posted?.refusal ?? loaderData.refusal;
  const piece = loaderData.piece;

  return (
    <section className="mx-auto w-full max-w-md px-5 py-12 sm:py-20">
      <article aria-labelledby="transfer-title" className="border border-ink/10 bg-white p-6 sm:p-8">
        <p className="text-xs uppercase tracking-[0.18em] text-gold">Change of ownership</p>
        <h1 id="transfer-title" className="mt-3 font-display text-3xl">
          {refusal ? refusal.title : loaderData.state === "own" ? "Your transfer link" : "A piece for your wardrobe"}
        </h1>
        {piece && (
          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-stone">Piece</dt>
            <dd className="font-display text-lg">{piece.labels.name}</dd>
            {piece.product && piece.product !== piece.labels.name && (
              <>
                <dt className="text-stone">Model</dt>
                <dd>{piece.product}</dd>
              </>
            )}
            <GarmentFacts labels={piece.labels} />
          </dl>
        )}
        {piece?.passport && (
          <p className="mt-4 text-sm">
            <a href={piece.passport} className="underline underline-offset-4">
              About this piece
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
            {loaderData.live && <p className="text-stone">{TRANSFER_MESSAGES.ownLink}</p>}
            <Link to={`/dashboard/garment/${loaderData.garmentId}`} className={buttonClass("secondary")}>
              Back to the piece
            </Link>
          </div>
        ) : loaderData.state === "offer" && !posted?.refusal ? (
          <div className="mt-6">
            <p className="text-stone">
              Its owner is handing it to you. Accept, and it moves to your wardrobe: its passport and its tag become
              yours, and nothing of the previous owner comes with it.
            </p>
            <p className="mt-2 text-sm text-stone">This link is valid until {loaderData.expires}, and works once.</p>
            {loaderData.signedIn ? (
              <Form method="post" className="mt-6">
                <SubmitButton busy={busy} busyLabel="Accepting..." className="w-full">
                  Accept transfer
                </SubmitButton>
              </Form>
            ) : (
              <div className="mt-6 flex flex-col gap-3">
                <Link to={loaderData.signUp} className={buttonClass("primary")}>
                  Create an account to accept
                </Link>
                <Link to={loaderData.signIn} className={buttonClass("secondary")}>
                  Sign in to accept
                </Link>
              </div>
            )}
          </div>
        ) : (
          <div className="mt-6">
            <Link to="/" className={buttonClass("secondary")}>
              Return Home
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
        title: "Transfer link not found",
        text: "Check that the whole link was copied. A transfer link is long; a part of one opens nothing.",
        to: "/",
        label: "Return Home",
      }}
    />
  );
}
