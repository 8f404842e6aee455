import { parseId } from "@releve/core/platform/input-limits";
import { GARMENTS_LOAD_FAILED, garmentLabels } from "@releve/core/wardrobe/garment";
import { listWardrobe } from "@releve/db/wardrobe/queries";
import { buttonClass } from "@releve/ui";
import { useState } from "react";
import { data, Link } from "react-router";
import { BackLink } from "../../components/back-link";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { readForm } from "../../lib/form.server";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import type { Route } from "./+types/dashboard.wardrobe";
import { AddGarmentDialog } from "./add-garment-dialog";
import { type ClaimFailure, claimAndRespond } from "./claim.server";
import { GarmentCard } from "./garment-card";
import { slugFromCode } from "./garment-code.server";
import { WardrobeDetailDialog } from "./wardrobe-detail-dialog";

export const meta = () => [{ title: "My Digital Wardrobe · Relevé" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const garments = await listWardrobe(requestContext(request, context).db, user.userId);
  const claimed = parseId(new URL(request.url).searchParams.get("claimed"));
  return { garments, claimed };
}

const addFailure = (status: number, code: ClaimFailure["error"]["status"], message: string) =>
  data<ClaimFailure>({ error: { title: "Claim Failed", message, retryable: false, status: code } }, { status });

/**
 * 'Add Garment' (issue #19): the code on a label adds the piece like the claim page does; a
 * pool tag, whose details its first owner gives, goes on to the tap-register details step.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireUser(request, context);
  const form = await readForm(request);
  if (form.get("intent") !== "add") return addFailure(400, "bad_intent", "This form cannot be sent like that.");
  const code = form.get("code");
  if (code.trim() === "") return addFailure(400, "empty", "Enter the code printed on the label.");
  const { db } = requestContext(request, context);
  const slug = await slugFromCode(db, code);
  if (!slug) return addFailure(404, "not_found", "We could not find a garment with that code.");
  // A pool tag is answered with the redirect to its details step.
  return claimAndRespond(request, context, slug);
}

export default function WardrobeRoute({ loaderData }: Route.ComponentProps) {
  const { garments, claimed } = loaderData;
  const [openId, setOpenId] = useState<number | null>(null);
  // Read from the loader's list, so a saved photo shows here as soon as it revalidates.
  const open = garments.find((g) => g.id === openId) ?? null;
  return (
    <section className="mx-auto w-full max-w-6xl px-5 py-10 sm:py-16">
      <BackLink to="/dashboard">Dashboard</BackLink>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-xs uppercase tracking-[0.22em] text-gold">Your Digital Atelier</p>
          <h1 className="mt-2 font-display text-4xl sm:text-5xl">My Digital Wardrobe</h1>
        </div>
        <nav aria-label="Your connections" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {[
            ["/connections", "Connections"],
            ["/dashboard/events", "Events"],
            ["/dashboard/analytics", "Analytics"],
          ].map(([to, label]) => (
            <Link key={to} to={to as string} className="underline underline-offset-4">
              {label}
            </Link>
          ))}
        </nav>
      </div>
      <div className="mt-10 flex flex-wrap items-center justify-between gap-4 border-b border-ink/10 pb-4">
        <h2 className="font-display text-2xl">Your Collection</h2>
        <AddGarmentDialog />
      </div>
      {garments.length === 0 ? (
        <div className="mt-8 flex flex-col items-start gap-4 border border-ink/10 bg-white p-8">
          <h2 className="font-display text-2xl">No Garments Yet</h2>
          <p className="text-stone">
            Tap a Relevé garment with your phone, or enter the code on its label, to add it here.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/garment-registration" className={buttonClass("primary")}>
              Add a Garment
            </Link>
            <Link to="/dashboard" className={buttonClass("secondary")}>
              Back to Dashboard
            </Link>
          </div>
        </div>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {garments.map((g) => (
            <li key={g.id} className="flex flex-col gap-2">
              <GarmentCard garment={g} highlight={g.id === claimed} onOpen={() => setOpenId(g.id)} />
              <Link
                to={`/connections?garment=${g.id}`}
                className="self-start text-sm underline underline-offset-4"
                aria-label={`View connections of ${garmentLabels(g).name}`}
              >
                View Connections
              </Link>
            </li>
          ))}
          <li>
            <Link
              to="/garment-registration"
              className="flex h-full min-h-64 flex-col items-center justify-center gap-3 border border-dashed border-ink/30 p-8 text-center hover:border-ink"
            >
              <span aria-hidden className="font-display text-5xl text-gold">
                +
              </span>
              <span className="font-display text-xl">Add Another Garment</span>
              <span className="text-sm text-stone">Tap its tag or enter the code on its label</span>
            </Link>
          </li>
        </ul>
      )}
      <WardrobeDetailDialog piece={open} onClose={() => setOpenId(null)} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary failure={GARMENTS_LOAD_FAILED} />;
}
