import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { Link } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import type { RouteHandle } from "../../lib/document";
import type { Route } from "./+types/home";
import { Artwork } from "./artwork";
import { ARTWORK } from "./artwork-specs";
import { EditorialTeaser } from "./editorial-teaser";
import { InstagramGrid } from "./instagram-grid";
import { NumberedSteps } from "./numbered-steps";
import { seo } from "./seo";
import { loadShowcase } from "./showcase.server";

// Links and native forms only: sent as plain HTML with inline CSS, no client script (decision 0020).
export const handle: RouteHandle = { hydrate: false, alternates: true };

export function loader({ request, context }: Route.LoaderArgs) {
  return loadShowcase(request, context);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    title: "Relevé",
    description: m.site_home_meta_description(),
    origin: loaderData?.origin ?? "",
    path: "/",
  });

// Said when the page renders, so in its reader's language.
const features = () => [
  { title: m.site_home_feature_discreet_title(), text: m.site_home_feature_discreet_text() },
  { title: m.site_home_feature_choice_title(), text: m.site_home_feature_choice_text() },
  { title: m.site_home_feature_memory_title(), text: m.site_home_feature_memory_text() },
];

const steps = () => [
  { title: m.site_home_step_register_title(), text: m.site_home_step_register_text() },
  { title: m.site_home_step_profile_title(), text: m.site_home_step_profile_text() },
  { title: m.site_home_step_connect_title(), text: m.site_home_step_connect_text() },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-5 pt-16 pb-20 sm:pt-24 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:gap-16 lg:pb-28">
        <div className="min-w-0">
          <p className="text-xs uppercase tracking-[0.3em] text-gold">{m.site_home_eyebrow()}</p>
          <h1 className="mt-6 font-display text-5xl leading-[1.05] sm:text-7xl">{m.site_home_title()}</h1>
          <p className="mt-6 max-w-xl text-lg text-stone">{m.site_home_intro()}</p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Link to="/nfc-demo" className={buttonClass("primary")}>
              {m.site_home_experience()}
            </Link>
            <Link to="/learn-more" className={buttonClass("secondary")}>
              {m.site_home_learn_more()}
            </Link>
          </div>
        </div>
        <div className="mx-auto w-full max-w-md min-w-0 lg:max-w-none">
          <Artwork spec={ARTWORK.hero} sizes="(min-width: 1024px) 520px, (min-width: 448px) 448px, 100vw" priority />
        </div>
      </section>

      <section aria-labelledby="register-heading" className="border-y border-ink/10 bg-white">
        <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-5 py-16 sm:py-20 md:grid-cols-[minmax(0,1fr)_auto] md:items-center">
          <div className="min-w-0">
            <p className="text-xs uppercase tracking-[0.3em] text-gold">{m.site_home_register_eyebrow()}</p>
            <h2 id="register-heading" className="mt-4 font-display text-3xl sm:text-4xl">
              {m.site_home_register_title()}
            </h2>
            <p className="mt-4 max-w-xl text-stone">{m.site_home_register_text()}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/tap-register" className={buttonClass("primary")}>
              {m.site_home_tap_register()}
            </Link>
            <Link to="/garment-registration" className={buttonClass("secondary")}>
              {m.site_home_view_wardrobe()}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-5 py-20 sm:py-28">
        <p className="text-xs uppercase tracking-[0.3em] text-gold">{m.site_home_house_eyebrow()}</p>
        <h2 id="features-heading" className="mt-4 max-w-2xl font-display text-3xl leading-tight sm:text-4xl">
          {m.site_home_house_title()}
        </h2>
        <ul className="mt-12 grid grid-cols-1 gap-px border border-ink/10 bg-ink/10 md:grid-cols-3">
          {features().map((f) => (
            <li key={f.title} className="min-w-0 bg-ivory p-8">
              <h3 className="font-display text-2xl">{f.title}</h3>
              <p className="mt-4 text-stone">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {loaderData.featured && <EditorialTeaser article={loaderData.featured} />}

      <section aria-labelledby="steps-heading" className="mx-auto max-w-6xl px-5 py-20 sm:py-28">
        <p className="text-xs uppercase tracking-[0.3em] text-gold">{m.site_home_how_eyebrow()}</p>
        <h2 id="steps-heading" className="mt-4 font-display text-3xl sm:text-4xl">
          {m.site_home_how_title()}
        </h2>
        <NumberedSteps steps={steps()} />
      </section>

      <section aria-labelledby="early-access-heading" className="bg-sand">
        <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 px-5 py-20 sm:py-24 md:grid-cols-2">
          <div className="min-w-0">
            <Artwork spec={ARTWORK.tag} sizes="(min-width: 768px) 560px, 100vw" />
          </div>
          <div className="min-w-0">
            <p className="text-xs uppercase tracking-[0.3em] text-[#765731]">{m.site_by_invitation()}</p>
            <h2 id="early-access-heading" className="mt-4 font-display text-3xl leading-tight sm:text-4xl">
              {m.site_home_invite_title()}
            </h2>
            <p className="mt-4 text-stone">{m.site_home_invite_text()}</p>
            <Link to="/get-early-access" className={buttonClass("primary", "mt-8")}>
              {m.site_get_early_access()}
            </Link>
          </div>
        </div>
      </section>

      <InstagramGrid tiles={loaderData.tiles} heading={m.site_home_instagram_heading()} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
