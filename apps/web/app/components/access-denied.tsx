import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { Link } from "react-router";

/**
 * Spec part 1 §2, Admin access screens: the exact words for a signed-in non-admin. The QA tools
 * say theirs (part 2 §6: 'Access Denied / Admin privileges required') through `detail`.
 */
export function AccessDenied({ detail }: { detail?: string } = {}) {
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-5 py-24 text-center">
      <h1 className="font-display text-4xl">{m.ui_access_denied_title()}</h1>
      <p className="mt-4 text-stone">{detail ?? m.ui_access_denied_text()}</p>
      <Link to="/" className={buttonClass("primary", "mt-10")}>
        {m.ui_return_home()}
      </Link>
    </section>
  );
}
