import { buttonClass } from "@releve/ui";
import { Link } from "react-router";
import { GeneralErrorBoundary } from "../components/error-boundary";

export const meta = () => [
  { title: "Relevé · Couture that connects" },
  { name: "description", content: "Garments with a quiet NFC tag: tap one with any phone and meet its wearer." },
];

export default function Home() {
  return (
    <section className="mx-auto flex max-w-6xl flex-col items-start px-5 py-20 sm:py-32">
      <p className="text-xs uppercase tracking-[0.3em] text-gold">Maison Relevé</p>
      <h1 className="mt-6 max-w-3xl font-display text-5xl leading-[1.05] sm:text-7xl">Couture that connects.</h1>
      <p className="mt-6 max-w-xl text-lg text-stone">
        Every Relevé piece carries a discreet tag. Tap it with any phone to meet its wearer, exchange details, and keep
        the moment.
      </p>
      <div className="mt-10 flex flex-wrap gap-3">
        <Link to="/nfc-demo" className={buttonClass("primary")}>
          Experience
        </Link>
        <Link to="/learn-more" className={buttonClass("secondary")}>
          Learn More
        </Link>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
