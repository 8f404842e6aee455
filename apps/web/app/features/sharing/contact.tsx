import { CONTACT_MESSAGES } from "@releve/core/sharing/contact";
import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { data, Link } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/contact";
import { OwnerCard } from "./owner-card";
import { loadContactCard } from "./share.server";

export const meta = () => [{ title: m.visit_contact_card_title() }, { name: "robots", content: "noindex" }];

/** What a link that opens no card says, in the page's language (the loader names it in the spec's words). */
const NO_CARD_SAID = new Map<unknown, () => string>([
  [CONTACT_MESSAGES.missingUserId, () => m.visit_missing_user_id()],
  [CONTACT_MESSAGES.userNotFound, () => m.visit_user_not_found()],
]);
export const headers = () => ({ "Cache-Control": "private, no-store" });

/** The contact card (spec part 2 §2), by the profile's unguessable client id. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("id")?.trim() ?? "";
  if (!id) return data({ error: CONTACT_MESSAGES.missingUserId, card: null, id }, { status: 400 });
  const card = await loadContactCard(requestContext(request, context).db, id.toLowerCase());
  // Not echoed back: it named no card.
  if (!card) return data({ error: CONTACT_MESSAGES.userNotFound, card: null, id: "" }, { status: 404 });
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
          {NO_CARD_SAID.get(loaderData.error)?.() ?? loaderData.error}
        </p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  // Spec part 2 §8: 'Error: Could not load user profile.'
  return <GeneralErrorBoundary failure={{ title: m.visit_error(), text: m.visit_card_load_failed() }} />;
}
