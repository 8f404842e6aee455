import { withdrawContactId } from "@releve/core/sharing/withdraw";
import { withdrawalOwner } from "@releve/db/sharing/withdrawal";
import { m } from "@releve/i18n/messages";
import { withdrawContact } from "@releve/verbs/sharing/withdraw-contact";
import { data, Link } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { TokenPage } from "../../components/token-page";
import { readForm } from "../../lib/form.server";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/withdraw";

export const meta = () => [{ title: m.visit_withdraw_title() }, { name: "robots", content: "noindex" }];
export const headers = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

const INVALID = { state: "invalid" as const };

/**
 * `/withdraw/<token>` (issue #33): a visitor takes back the details they left on someone's card.
 * GET asks (a mail scanner's prefetch changes nothing); POST deletes the contact and says so (the
 * sharing/withdraw-contact verb). It works once: a used, forged or truncated link answers a clear
 * 404 and changes nothing.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, env } = requestContext(request, context);
  const id = await withdrawContactId(env.SESSION_SECRET, params.token);
  const owner = id === null ? undefined : await withdrawalOwner(db, id);
  if (owner === undefined) return data(INVALID, { status: 404 });
  return { state: "confirm" as const, owner };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await readForm(request, { allowEmpty: true });
  const { effects } = requestContext(request, context);
  const outcome = await withdrawContact(effects, { token: params.token ?? "" });
  if (outcome.code !== "withdrawn") return data(INVALID, { status: 404 });
  return { state: "done" as const, owner: outcome.ownerName };
}

export default function WithdrawRoute({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  // An owner whose card has no name is named in the page's language.
  const owner = view.state === "invalid" ? "" : (view.owner ?? m.visit_withdraw_unnamed_owner());
  return (
    <TokenPage
      state={view.state}
      invalid={{ title: m.visit_withdraw_invalid(), detail: m.visit_withdraw_invalid_detail() }}
      done={{ title: m.visit_withdraw_done(), detail: m.visit_withdraw_done_detail({ owner }) }}
      confirm={{
        title: m.visit_withdraw_confirm_title(),
        detail: m.visit_withdraw_confirm({ owner }),
        button: m.withdraw_link(),
        busyLabel: m.visit_withdrawing(),
      }}
      after={
        <Link to="/" className="underline underline-offset-4">
          {m.visit_return_home()}
        </Link>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
