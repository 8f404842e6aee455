import { parseId } from "@releve/core/platform/input-limits";
import { listWardrobe } from "@releve/db/wardrobe/queries";
import { m } from "@releve/i18n/messages";
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
import { garmentWords } from "./words";

export const meta = () => [{ title: m.wardrobe_meta_title() }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const garments = await listWardrobe(requestContext(request, context).db, user.userId);
  const claimed = parseId(new URL(request.url).searchParams.get("claimed"));
  return { garments, claimed };
}

const addFailure = (status: number, code: ClaimFailure["error"]["status"], message: string) =>
  data<ClaimFailure>(
    { error: { title: m.wardrobe_claim_failed(), message, retryable: false, status: code } },
    { status },
  );

/**
 * 'Add Garment' (issue #19): the code on a label adds the piece like the claim page does; a
 * pool tag, whose details its first owner gives, goes on to the tap-register details step.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireUser(request, context);
  const form = await readForm(request);
  if (form.get("intent") !== "add") return addFailure(400, "bad_intent", m.wardrobe_bad_intent());
  const code = form.get("code");
  if (code.trim() === "") return addFailure(400, "empty", m.wardrobe_enter_code());
  const { db } = requestContext(request, context);
  const slug = await slugFromCode(db, code);
  if (!slug) return addFailure(404, "not_found", m.wardrobe_code_not_found());
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
      <BackLink to="/dashboard">{m.nav_dashboard()}</BackLink>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-xs uppercase tracking-[0.22em] text-gold">{m.wardrobe_atelier()}</p>
          <h1 className="mt-2 font-display text-4xl sm:text-5xl">{m.wardrobe_title()}</h1>
        </div>
        <nav aria-label={m.wardrobe_connections_nav()} className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {[
            ["/connections", m.dashboard_action_connections()],
            ["/dashboard/events", m.dashboard_action_events()],
            ["/dashboard/analytics", m.dashboard_action_analytics()],
          ].map(([to, label]) => (
            <Link key={to} to={to as string} className="underline underline-offset-4">
              {label}
            </Link>
          ))}
        </nav>
      </div>
      <div className="mt-10 flex flex-wrap items-center justify-between gap-4 border-b border-ink/10 pb-4">
        <h2 className="font-display text-2xl">{m.wardrobe_collection()}</h2>
        <AddGarmentDialog />
      </div>
      {garments.length === 0 ? (
        <div className="mt-8 flex flex-col items-start gap-4 border border-ink/10 bg-white p-8">
          <h2 className="font-display text-2xl">{m.wardrobe_empty_title()}</h2>
          <p className="text-stone">{m.wardrobe_empty_text()}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/garment-registration" className={buttonClass("primary")}>
              {m.wardrobe_add_a_garment()}
            </Link>
            <Link to="/dashboard" className={buttonClass("secondary")}>
              {m.wardrobe_back_to_dashboard()}
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
                aria-label={m.wardrobe_view_connections_of({ name: garmentWords(g).name })}
              >
                {m.wardrobe_view_connections()}
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
              <span className="font-display text-xl">{m.wardrobe_add_another()}</span>
              <span className="text-sm text-stone">{m.wardrobe_add_another_hint()}</span>
            </Link>
          </li>
        </ul>
      )}
      <WardrobeDetailDialog piece={open} onClose={() => setOpenId(null)} />
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary failure={{ title: m.wardrobe_load_failed_title(), text: m.wardrobe_load_failed_text() }} />
  );
}
