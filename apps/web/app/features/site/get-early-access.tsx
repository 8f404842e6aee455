import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { data, Link } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import type { RouteHandle } from "../../lib/document";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/get-early-access";
import { Artwork } from "./artwork";
import { ARTWORK } from "./artwork-specs";
import { earlyAccessAction } from "./early-access.server";
import { EarlyAccessForm } from "./early-access-form";
import { seo } from "./seo";

// Links and native forms only: sent as plain HTML with inline CSS, no client script (decision 0020).
export const handle: RouteHandle = { hydrate: false, alternates: true };

export function loader({ request }: Route.LoaderArgs) {
  return { origin: new URL(request.url).origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    title: m.site_ea_meta_title(),
    description: m.site_ea_meta_description(),
    origin: loaderData?.origin ?? "",
    path: "/get-early-access",
  });

export async function action({ request, context }: Route.ActionArgs) {
  const { effects } = requestContext(request, context);
  const outcome = await earlyAccessAction(effects, request);
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

export default function GetEarlyAccess({ actionData }: Route.ComponentProps) {
  if (actionData?.ok) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-5 py-24 text-center sm:py-32">
        <p className="text-xs uppercase tracking-[0.3em] text-gold">{m.site_ea_done_eyebrow()}</p>
        <h1 className="mt-6 font-display text-4xl sm:text-5xl">{m.site_ea_success()}</h1>
        <p className="mt-6 text-stone">
          {actionData.firstName ? m.site_ea_thanks_name({ name: actionData.firstName }) : m.site_ea_thanks()}
        </p>
        <Link to="/" className={buttonClass("primary", "mt-10")}>
          {m.site_ea_return_home()}
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto grid max-w-6xl grid-cols-1 gap-12 px-5 py-14 sm:py-20 lg:grid-cols-2 lg:gap-16">
      <div className="min-w-0">
        <p className="text-xs uppercase tracking-[0.3em] text-gold">{m.site_by_invitation()}</p>
        <h1 className="mt-6 font-display text-4xl leading-tight sm:text-6xl">{m.site_ea_title()}</h1>
        <p className="mt-6 max-w-md text-lg text-stone">{m.site_ea_intro()}</p>
        <div className="mt-10 hidden lg:block">
          <Artwork spec={ARTWORK.tag} sizes="560px" />
        </div>
      </div>
      <div className="min-w-0 border border-ink/10 bg-white p-6 sm:p-10">
        <EarlyAccessForm failure={actionData && !actionData.ok ? actionData : null} submitLabel={m.site_ea_join()} />
        <p className="mt-6 text-xs text-stone">{m.site_ea_required()}</p>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
