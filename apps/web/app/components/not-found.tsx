import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { Link } from "react-router";

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-5 py-24 text-center">
      <p className="font-display text-7xl text-gold">404</p>
      <h1 className="mt-6 font-display text-3xl">{m.ui_not_found_title()}</h1>
      <p className="mt-3 text-stone">{m.ui_not_found_text()}</p>
      <Link to="/" className={buttonClass("primary", "mt-10")}>
        {m.ui_return_home()}
      </Link>
    </section>
  );
}
