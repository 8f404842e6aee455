import { buttonClass } from "@releve/ui";
import { Link } from "react-router";

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-5 py-24 text-center">
      <p className="font-display text-7xl text-gold">404</p>
      <h1 className="mt-6 font-display text-3xl">Oops! Page not found</h1>
      <p className="mt-3 text-stone">The page you were looking for has moved, or never existed.</p>
      <Link to="/" className={buttonClass("primary", "mt-10")}>
        Return to Home
      </Link>
    </section>
  );
}
