import { unsubscribeUserId } from "@releve/core/crm/alerts";
import { readAlertSettings } from "@releve/db/crm/alerts";
import { m } from "@releve/i18n/messages";
import { setAlertFrequency } from "@releve/verbs/crm/set-alert-frequency";
import { actingAs } from "@releve/verbs/effects";
import { data, Link } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { TokenPage } from "../../components/token-page";
import { readForm } from "../../lib/form.server";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/unsubscribe";
import { UNSUBSCRIBE_SAID } from "./said";

export const meta = () => [{ title: m.crm_unsubscribe_title() }, { name: "robots", content: "noindex" }];

/** "c•••@example.com": enough for the reader to know the account, not enough to learn an address. */
const masked = (email: string) => {
  const [name = "", domain = ""] = email.split("@");
  return `${name.slice(0, 1)}•••@${domain}`;
};

const INVALID = { state: "invalid" as const };

/**
 * `/unsubscribe/<token>` (issue #33): the link in every alert mail and its List-Unsubscribe
 * header. GET asks (a mail scanner's prefetch changes nothing); POST, from the page's button or a
 * mail client's RFC 8058 one-click (`List-Unsubscribe=One-Click`, no cookie, no Origin: the
 * shell lets this path through its same-origin check, the token being the proof), turns the
 * owner's alerts off and says so. A forged, truncated or deleted account's token: a clear 404.
 */
async function ownerOf(request: Request, context: Route.LoaderArgs["context"], token: string | undefined) {
  const { db, env, effects } = requestContext(request, context);
  const userId = await unsubscribeUserId(env.SESSION_SECRET, token);
  const settings = userId === null ? undefined : await readAlertSettings(db, userId);
  return userId !== null && settings ? { effects, userId, settings } : null;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const owner = await ownerOf(request, context, params.token);
  if (!owner) return data(INVALID, { status: 404 });
  return { state: "confirm" as const, email: masked(owner.settings.email), off: owner.settings.frequency === "off" };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await readForm(request, { allowEmpty: true });
  const owner = await ownerOf(request, context, params.token);
  if (!owner) return data(INVALID, { status: 404 });
  // The token proves the owner (a one-click unsubscribe carries no session): they are the actor.
  const asOwner = actingAs(owner.effects, { kind: "client", id: owner.userId });
  const outcome = await setAlertFrequency(asOwner, { userId: owner.userId, frequency: "off", via: "unsubscribe" });
  if (outcome.code === "no_user") return data(INVALID, { status: 404 });
  return { state: "done" as const, alreadyOff: outcome.previous === "off" };
}

export default function UnsubscribeRoute({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  return (
    <TokenPage
      state={view.state}
      invalid={{ title: UNSUBSCRIBE_SAID.invalid(), detail: UNSUBSCRIBE_SAID.invalidDetail() }}
      done={{
        title: UNSUBSCRIBE_SAID.done(),
        detail:
          view.state === "done" && view.alreadyOff ? UNSUBSCRIBE_SAID.alreadyOff() : UNSUBSCRIBE_SAID.doneDetail(),
      }}
      confirm={{
        title: UNSUBSCRIBE_SAID.confirmTitle(),
        detail:
          view.state !== "confirm"
            ? ""
            : view.off
              ? m.crm_unsub_off_for({ email: view.email })
              : m.crm_unsub_confirm({ email: view.email }),
        button: m.crm_unsub_button(),
        busyLabel: m.crm_unsub_busy(),
        fields: { "List-Unsubscribe": "One-Click" },
      }}
      after={
        <Link to="/profile-setup" className="underline underline-offset-4">
          {m.crm_profile_settings()}
        </Link>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
