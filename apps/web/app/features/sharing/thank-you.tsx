import { CONTACT_MESSAGES } from "@releve/core/sharing/contact";
import { buttonClass } from "@releve/ui";
import { Link } from "react-router";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/thank-you";
import { withdrawLinkFrom } from "./intake.server";
import { WithdrawNote } from "./withdraw-note";

export const meta = () => [{ title: "Thank you · Relevé" }, { name: "robots", content: "noindex" }];
// It can carry the visitor's private withdrawal link (issue #33): never kept by a cache.
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  return { withdraw: await withdrawLinkFrom(requestContext(request, context).env, new URL(request.url)) };
}

export default function ThankYouRoute({ loaderData }: Route.ComponentProps) {
  const [title, ...rest] = CONTACT_MESSAGES.thankYou.split("! ");
  return (
    <section role="status" className="mx-auto flex max-w-md flex-col items-center px-5 py-20 text-center">
      <h1 className="font-display text-4xl">{title}!</h1>
      <p className="mt-3 text-stone">{rest.join("! ")}</p>
      <WithdrawNote href={loaderData.withdraw} />
      <Link to="/" className={buttonClass("secondary", "mt-8")}>
        Return Home
      </Link>
    </section>
  );
}
