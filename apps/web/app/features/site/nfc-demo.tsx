import { claimedSampleSlugs } from "@releve/db/seed";
import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { Link } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import type { RouteHandle } from "../../lib/document";
import type { Route } from "./+types/nfc-demo";
import { DemoTap } from "./demo-tap";
import { DemoVideoDialog } from "./demo-video-dialog";
import { NumberedSteps } from "./numbered-steps";
import { seo } from "./seo";

/** A shareable page: it names its language alternates (issue #34). */
export const handle: RouteHandle = { alternates: true };

export function loader({ request }: Route.LoaderArgs) {
  // The demo wearer's (seeded) claimed garment: its share page is real, and a visit is not a
  // tap, so opening it records no scan in her statistics.
  return { origin: new URL(request.url).origin, demoHref: `/share/${claimedSampleSlugs[0]}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    title: m.site_demo_meta_title(),
    description: m.site_demo_meta_description(),
    origin: loaderData?.origin ?? "",
    path: "/nfc-demo",
  });

// Said when the page renders, so in its reader's language.
const steps = () => [
  { title: m.site_demo_step_tap_title(), text: m.site_demo_step_tap_text() },
  { title: m.site_demo_step_meet_title(), text: m.site_demo_step_meet_text() },
  { title: m.site_demo_step_exchange_title(), text: m.site_demo_step_exchange_text() },
];

export default function NfcDemo({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="mx-auto max-w-6xl px-5 pt-16 pb-20 sm:pt-24 sm:pb-28">
        <p className="text-xs uppercase tracking-[0.3em] text-gold">{m.site_demo_eyebrow()}</p>
        <h1 className="mt-6 font-display text-5xl leading-[1.05] sm:text-7xl">{m.site_demo_title()}</h1>
        <p className="mt-6 max-w-xl text-lg text-stone">{m.site_demo_intro()}</p>
        <div className="mt-10 flex flex-wrap gap-3">
          <DemoVideoDialog />
          <a href="#demo" className={buttonClass("secondary")}>
            {m.site_demo_try()}
          </a>
        </div>
      </section>

      <section id="demo" aria-labelledby="demo-heading" className="scroll-mt-6 border-y border-ink/10 bg-sand">
        <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-5 py-20 sm:py-24 md:grid-cols-2">
          <div className="min-w-0">
            <p className="text-xs uppercase tracking-[0.3em] text-[#765731]">{m.site_demo_interactive()}</p>
            <h2 id="demo-heading" className="mt-4 font-display text-3xl sm:text-4xl">
              {m.site_demo_try()}
            </h2>
            <p className="mt-4 text-stone">{m.site_demo_try_text()}</p>
          </div>
          <DemoTap href={loaderData.demoHref} />
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-5 py-20 sm:py-28">
        <h2 id="how-heading" className="font-display text-3xl sm:text-4xl">
          {m.site_demo_how()}
        </h2>
        <NumberedSteps steps={steps()} />
        <div className="mt-16 flex flex-wrap gap-3">
          <Link to="/garment-registration" className={buttonClass("primary")}>
            {m.site_demo_register()}
          </Link>
          <Link to="/get-early-access" className={buttonClass("secondary")}>
            {m.site_get_early_access()}
          </Link>
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
