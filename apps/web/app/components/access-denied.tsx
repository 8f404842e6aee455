import { buttonClass } from "@releve/ui";
import { Link } from "react-router";

/**
 * Spec part 1 §2, Admin access screens: the exact words for a signed-in non-admin. The QA tools
 * say theirs (part 2 §6: 'Access Denied / Admin privileges required') through `detail`.
 */
export function AccessDenied({ detail }: { detail?: string } = {}) {
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-5 py-24 text-center">
      <h1 className="font-display text-4xl">Access Denied</h1>
      <p className="mt-4 text-stone">
        {detail ??
          "You don't have permission to access the admin portal. Please contact your system administrator if you believe this is an error."}
      </p>
      <Link to="/" className={buttonClass("primary", "mt-10")}>
        Return to Home
      </Link>
    </section>
  );
}
