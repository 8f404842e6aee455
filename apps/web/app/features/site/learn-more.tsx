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
    title: "Our Story",
    description:
      "Relevé is a Paris atelier making garments that connect the people who wear them: natural cloth, hand finishing, and a tag woven into every label.",
    origin: loaderData?.origin ?? "",
    path: "/learn-more",
  });

const PRINCIPLES = [
  {
    term: "Cloth first",
    text: "Natural fibres from mills we visit in person, cut by hand after the cloth has rested.",
  },
  {
    term: "Finished by hand",
    text: "Seams, buttonholes and labels are sewn by the same small team, one piece at a time.",
  },
  {
    term: "Connected quietly",
    text: "A tag in the label opens the wearer's card. It holds no personal data of its own.",
  },
];

export default function LearnMore({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="mx-auto max-w-6xl px-5 pt-16 pb-12 sm:pt-24">
        <p className="text-xs uppercase tracking-[0.3em] text-gold">Our Story</p>
        <h1 className="mt-6 max-w-4xl font-display text-5xl leading-[1.05] sm:text-7xl">
          A house built on the moment two people meet.
        </h1>
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
            The atelier
          </h2>
          <div className="mt-6 space-y-5 text-lg text-stone">
            <p>
              Relevé began in a small Paris workroom with a tailor, a pattern cutter and an engineer who kept losing the
              business cards she was handed at openings. The idea was simple: the clothes we wear to meet people should
              help us remember them.
            </p>
            <p>
              We make a short collection each season, in natural cloth, finished by hand. Into every label we weave a
              small NFC tag. Tap it with any phone and you meet the person wearing it, on their terms: they choose what
              their card shows, and can switch it off with one touch.
            </p>
            <p>The garments are made to last decades. The connections they make belong to the people who make them.</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="principles-heading" className="border-t border-ink/10">
        <div className="mx-auto max-w-6xl px-5 py-20 sm:py-28">
          <h2 id="principles-heading" className="font-display text-3xl sm:text-4xl">
            What we hold to
          </h2>
          <dl className="mt-12 grid grid-cols-1 gap-10 md:grid-cols-3">
            {PRINCIPLES.map((p) => (
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

      <InstagramGrid tiles={loaderData.tiles} heading="Inside the house" />

      {loaderData.featured && <EditorialTeaser article={loaderData.featured} />}

      <section aria-labelledby="demo-heading" className="mx-auto max-w-3xl px-5 py-20 text-center sm:py-28">
        <h2 id="demo-heading" className="font-display text-3xl sm:text-4xl">
          See a tap for yourself.
        </h2>
        <p className="mt-4 text-stone">A short demonstration of what happens when someone taps a Relevé garment.</p>
        <Link to="/nfc-demo" className={buttonClass("primary", "mt-8")}>
          Try NFC Demo
        </Link>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
