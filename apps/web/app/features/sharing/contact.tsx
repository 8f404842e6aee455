import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { data, Link } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import type { RouteHandle } from "../../lib/document";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/contact";
import { OwnerCard } from "./owner-card";
import { CONTACT_SAID } from "./said";
import { loadContactCard } from "./share.server";

export const meta = () => [{ title: m.visit_contact_card_title() }, { name: "robots", content: "noindex" }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

/** A card opened for anyone: no staff way in (issue #49). */
export const handle: RouteHandle = { noStaffLink: true };

/** The contact card (spec part 2 §2), by the profile's unguessable client id. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("id")?.trim() ?? "";
  if (!id) return data({ error: "missingUserId" as const, card: null, id }, { status: 400 });
  const card = await loadContactCard(requestContext(request, context).db, id.toLowerCase());
  // Not echoed back: it named no card.
  if (!card) return data({ error: "userNotFound" as const, card: null, id: "" }, { status: 404 });
  return { error: null, card: { profile: card.profile }, id: id.toLowerCase() };
}

export default function ContactRoute({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-md px-5 py-10 sm:py-14">
      {loaderData.card ? (
        <>
          <OwnerCard profile={loaderData.card.profile} />
          <Link to={`/receive-info?id=${loaderData.id}`} className={buttonClass("primary", "mt-6 w-full")}>
            {m.visit_share_back()}
          </Link>
        </>
      ) : (
        <p role="alert" className="border border-ink/10 bg-white p-6 text-center">
          {loaderData.error && CONTACT_SAID[loaderData.error]()}
        </p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  // Spec part 2 §8: 'Error: Could not load user profile.'
  return <GeneralErrorBoundary failure={{ title: m.visit_error(), text: m.visit_card_load_failed() }} />;
}
