import { claimedSampleSlugs } from "@releve/db/seed";
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
    title: "NFC Demo",
    description:
      "See what happens when someone taps a Relevé garment: no app, just a phone held near the label, and the wearer's card opens.",
    origin: loaderData?.origin ?? "",
    path: "/nfc-demo",
  });

const STEPS = [
  {
    title: "Tap",
    text: "Hold any recent iPhone or Android phone near the label. The tag inside needs no battery and no app.",
  },
  {
    title: "Meet",
    text: "The wearer's card opens: only the channels they chose to share, checked on our server at that moment.",
  },
  {
    title: "Exchange",
    text: "Send your own details back in a few fields. The wearer finds you in their connections, filed by event.",
  },
];

export default function NfcDemo({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="mx-auto max-w-6xl px-5 pt-16 pb-20 sm:pt-24 sm:pb-28">
        <p className="text-xs uppercase tracking-[0.3em] text-gold">NFC Demo</p>
        <h1 className="mt-6 font-display text-5xl leading-[1.05] sm:text-7xl">Tap to Connect</h1>
        <p className="mt-6 max-w-xl text-lg text-stone">
          One tap on a Relevé label opens its wearer's card on your phone. Watch it happen, or try it yourself.
        </p>
        <div className="mt-10 flex flex-wrap gap-3">
          <DemoVideoDialog />
          <a href="#demo" className={buttonClass("secondary")}>
            Try Interactive Demo
          </a>
        </div>
      </section>

      <section id="demo" aria-labelledby="demo-heading" className="scroll-mt-6 border-y border-ink/10 bg-sand">
        <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-5 py-20 sm:py-24 md:grid-cols-2">
          <div className="min-w-0">
            <p className="text-xs uppercase tracking-[0.3em] text-[#765731]">Interactive demo</p>
            <h2 id="demo-heading" className="mt-4 font-display text-3xl sm:text-4xl">
              Try Interactive Demo
            </h2>
            <p className="mt-4 text-stone">
              Tap the label as if your phone were touching it. After a moment you will land on a real share page, the
              one a guest sees when they tap our demo wearer's Cashmere Gown.
            </p>
          </div>
          <DemoTap href={loaderData.demoHref} />
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-5 py-20 sm:py-28">
        <h2 id="how-heading" className="font-display text-3xl sm:text-4xl">
          How It Works
        </h2>
        <NumberedSteps steps={STEPS} />
        <div className="mt-16 flex flex-wrap gap-3">
          <Link to="/garment-registration" className={buttonClass("primary")}>
            Register a Garment
          </Link>
          <Link to="/get-early-access" className={buttonClass("secondary")}>
            Get Early Access
          </Link>
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
