import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { Link } from "react-router";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/thank-you";
import { withdrawLinkFrom } from "./intake.server";
import { WithdrawNote } from "./withdraw-note";

export const meta = () => [{ title: m.visit_thank_you_title() }, { name: "robots", content: "noindex" }];
// It can carry the visitor's private withdrawal link (issue #33): never kept by a cache.
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  return { withdraw: await withdrawLinkFrom(requestContext(request, context).env, new URL(request.url)) };
}

/** The spec's 'Thank You! Your info has been shared successfully.' (CONTACT_MESSAGES.thankYou), heading and line. */
export default function ThankYouRoute({ loaderData }: Route.ComponentProps) {
  return (
    <section role="status" className="mx-auto flex max-w-md flex-col items-center px-5 py-20 text-center">
      <h1 className="font-display text-4xl">{m.visit_thank_you()}</h1>
      <p className="mt-3 text-stone">{m.visit_info_shared()}</p>
      <WithdrawNote href={loaderData.withdraw} />
      <Link to="/" className={buttonClass("secondary", "mt-8")}>
        {m.visit_return_home()}
      </Link>
    </section>
  );
}
