import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { Link } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import type { RouteHandle } from "../../lib/document";
import type { Route } from "./+types/learn-more";
import { Artwork } from "./artwork";
import { ARTWORK } from "./artwork-specs";
import { EditorialTeaser } from "./editorial-teaser";
import { InstagramGrid } from "./instagram-grid";
import { seo } from "./seo";
import { loadShowcase } from "./showcase.server";

// Links and native forms only: sent as plain HTML with inline CSS, no client script (decision 0020).
export const handle: RouteHandle = { hydrate: false, alternates: true };

export function loader({ request, context }: Route.LoaderArgs) {
  return loadShowcase(request, context);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    title: m.site_story_meta_title(),
    description: m.site_story_meta_description(),
    origin: loaderData?.origin ?? "",
    path: "/learn-more",
  });

// Said when the page renders, so in its reader's language.
const principles = () => [
  { term: m.site_story_principle_cloth_term(), text: m.site_story_principle_cloth_text() },
  { term: m.site_story_principle_hand_term(), text: m.site_story_principle_hand_text() },
  { term: m.site_story_principle_quiet_term(), text: m.site_story_principle_quiet_text() },
];

export default function LearnMore({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="mx-auto max-w-6xl px-5 pt-16 pb-12 sm:pt-24">
        <p className="text-xs uppercase tracking-[0.3em] text-gold">{m.site_story_eyebrow()}</p>
        <h1 className="mt-6 max-w-4xl font-display text-5xl leading-[1.05] sm:text-7xl">{m.site_story_title()}</h1>
      </section>

      <section
        aria-labelledby="atelier-heading"
        className="mx-auto grid max-w-6xl grid-cols-1 gap-12 px-5 pb-20 sm:pb-28 lg:grid-cols-2 lg:gap-16"
      >
        <div className="min-w-0">
          <Artwork spec={ARTWORK.pleats} sizes="(min-width: 1024px) 560px, 100vw" priority />
        </div>
        <div className="min-w-0 self-center">
          <h2 id="atelier-heading" className="font-display text-3xl sm:text-4xl">
            {m.site_story_atelier()}
          </h2>
          <div className="mt-6 space-y-5 text-lg text-stone">
            <p>{m.site_story_atelier_origin()}</p>
            <p>{m.site_story_atelier_making()}</p>
            <p>{m.site_story_atelier_lasting()}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="principles-heading" className="border-t border-ink/10">
        <div className="mx-auto max-w-6xl px-5 py-20 sm:py-28">
          <h2 id="principles-heading" className="font-display text-3xl sm:text-4xl">
            {m.site_story_principles()}
          </h2>
          <dl className="mt-12 grid grid-cols-1 gap-10 md:grid-cols-3">
            {principles().map((p) => (
              <div key={p.term} className="min-w-0 border-t border-ink pt-6">
                <dt className="text-xs font-medium uppercase tracking-[0.2em]">{p.term}</dt>
                <dd className="mt-3 text-stone">{p.text}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-14">
            <Artwork spec={ARTWORK.atelier} sizes="(min-width: 1152px) 1104px, 100vw" className="max-h-[560px]" />
          </div>
        </div>
      </section>

      <InstagramGrid tiles={loaderData.tiles} heading={m.site_story_instagram_heading()} />

      {loaderData.featured && <EditorialTeaser article={loaderData.featured} />}

      <section aria-labelledby="demo-heading" className="mx-auto max-w-3xl px-5 py-20 text-center sm:py-28">
        <h2 id="demo-heading" className="font-display text-3xl sm:text-4xl">
          {m.site_story_demo_title()}
        </h2>
        <p className="mt-4 text-stone">{m.site_story_demo_text()}</p>
        <Link to="/nfc-demo" className={buttonClass("primary", "mt-8")}>
          {m.site_story_try_demo()}
        </Link>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
