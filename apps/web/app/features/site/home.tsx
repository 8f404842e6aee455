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
    description:
      "Couture that connects. Every Relevé piece carries a discreet NFC tag: tap it with any phone to meet its wearer and exchange details.",
    origin: loaderData?.origin ?? "",
    path: "/",
  });

const FEATURES = [
  {
    title: "Discreet by design",
    text: "The tag is woven into the label by hand. No battery, no app, nothing to see: the cut and the cloth stay exactly as drawn.",
  },
  {
    title: "You decide what is shared",
    text: "Every contact detail has its own switch, and one master switch turns sharing off. A tap shows only what you chose.",
  },
  {
    title: "Every meeting remembered",
    text: "Everyone who taps and leaves their details appears in your wardrobe, filed under the evening you met.",
  },
];

const STEPS = [
  {
    title: "Register your garment",
    text: "Tap the label of a new piece, or type the code on it, to add it to your digital wardrobe.",
  },
  {
    title: "Curate your profile",
    text: "Choose the name, channels and few words a person sees when they tap what you are wearing.",
  },
  {
    title: "Connect and exchange",
    text: "A tap opens your card; they send their details back. Both of you leave with the introduction.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-5 pt-16 pb-20 sm:pt-24 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:gap-16 lg:pb-28">
        <div className="min-w-0">
          <p className="text-xs uppercase tracking-[0.3em] text-gold">Maison Relevé</p>
          <h1 className="mt-6 font-display text-5xl leading-[1.05] sm:text-7xl">Couture that connects.</h1>
          <p className="mt-6 max-w-xl text-lg text-stone">
            Every Relevé piece carries a discreet tag. Tap it with any phone to meet its wearer, exchange details, and
            keep the moment.
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Link to="/nfc-demo" className={buttonClass("primary")}>
              Experience
            </Link>
            <Link to="/learn-more" className={buttonClass("secondary")}>
              Learn More
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
            <p className="text-xs uppercase tracking-[0.3em] text-gold">Already wearing Relevé?</p>
            <h2 id="register-heading" className="mt-4 font-display text-3xl sm:text-4xl">
              Bring your piece into your wardrobe.
            </h2>
            <p className="mt-4 max-w-xl text-stone">
              Hold your phone to the label, or type the code printed on it. The garment becomes yours, and so does every
              connection it makes.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/tap-register" className={buttonClass("primary")}>
              Tap to Register
            </Link>
            <Link to="/garment-registration" className={buttonClass("secondary")}>
              View My Wardrobe
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-5 py-20 sm:py-28">
        <p className="text-xs uppercase tracking-[0.3em] text-gold">The House</p>
        <h2 id="features-heading" className="mt-4 max-w-2xl font-display text-3xl leading-tight sm:text-4xl">
          Quiet technology, made to be worn.
        </h2>
        <ul className="mt-12 grid grid-cols-1 gap-px border border-ink/10 bg-ink/10 md:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.title} className="min-w-0 bg-ivory p-8">
              <h3 className="font-display text-2xl">{f.title}</h3>
              <p className="mt-4 text-stone">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {loaderData.featured && <EditorialTeaser article={loaderData.featured} />}

      <section aria-labelledby="steps-heading" className="mx-auto max-w-6xl px-5 py-20 sm:py-28">
        <p className="text-xs uppercase tracking-[0.3em] text-gold">How it works</p>
        <h2 id="steps-heading" className="mt-4 font-display text-3xl sm:text-4xl">
          Three steps, one tap.
        </h2>
        <NumberedSteps steps={STEPS} />
      </section>

      <section aria-labelledby="early-access-heading" className="bg-sand">
        <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 px-5 py-20 sm:py-24 md:grid-cols-2">
          <div className="min-w-0">
            <Artwork spec={ARTWORK.tag} sizes="(min-width: 768px) 560px, 100vw" />
          </div>
          <div className="min-w-0">
            <p className="text-xs uppercase tracking-[0.3em] text-[#765731]">By invitation</p>
            <h2 id="early-access-heading" className="mt-4 font-display text-3xl leading-tight sm:text-4xl">
              The first collection is small, and made to order.
            </h2>
            <p className="mt-4 text-stone">
              Join the early access list to hear first when the atelier opens its appointments.
            </p>
            <Link to="/get-early-access" className={buttonClass("primary", "mt-8")}>
              Get Early Access
            </Link>
          </div>
        </div>
      </section>

      <InstagramGrid tiles={loaderData.tiles} heading="From the atelier" />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
