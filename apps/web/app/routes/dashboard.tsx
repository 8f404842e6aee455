import { publicName } from "@releve/core/sharing/share-visibility";
import { listRecentContacts } from "@releve/db/crm/queries";
import { requestsToAnswer } from "@releve/db/ownership/queries";
import { listWardrobe } from "@releve/db/wardrobe/queries";
import { formatDay } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { setNfcSharing } from "@releve/verbs/accounts/set-nfc-sharing";
import { data, Form, Link, redirect } from "react-router";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { SubmitButton } from "../components/submit-button";
import { getProfile } from "../features/accounts/profile.server";
import { requireUser } from "../features/accounts/user.server";
import { answerStep } from "../features/ownership/answer-request.server";
import { RequestsBanner } from "../features/ownership/requests-banner";
import { ownCard } from "../features/sharing/own-card.server";
import { ShareCardPanel } from "../features/sharing/share-card-panel";
import { garmentWords } from "../features/wardrobe/words";
import { readForm } from "../lib/form.server";
import { redirectWithToast } from "../lib/toast.server";
import { requestContext } from "../request-context.server";
import type { Route } from "./+types/dashboard";

export const meta = () => [{ title: m.dashboard_meta_title() }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = requestContext(request, context);
  const profile = await getProfile(db, user.userId);
  if (!profile) throw redirect("/profile-setup");
  const locale = currentLocale();
  const [garments, recent, requests] = await Promise.all([
    listWardrobe(db, user.userId, 4),
    // The user's OWN connections (the spec read owner_profile_id 1 for everyone: a defect, not a rule).
    listRecentContacts(db, user.userId, 5),
    // Transfer requests for their pieces to answer (issue #32).
    requestsToAnswer(db, user.userId, Date.now()),
  ]);
  return {
    name: publicName(profile),
    clientId: profile.client_id.slice(0, 8),
    sharing: profile.nfc_sharing_enabled,
    card: ownCard(request, profile.client_id),
    garments,
    connections: recent.map((c) => ({
      id: c.id,
      name: [c.first_name, c.last_name].filter(Boolean).join(" ") || m.dashboard_anonymous(),
      email: c.email,
      date: formatDay(locale, c.created_at),
    })),
    requests: requests.map((r) => ({
      id: r.id,
      piece: garmentWords(r).name,
      garmentId: r.garment_id,
      from: r.requester_display_name?.trim() || r.requester_first_name?.trim() || m.dashboard_someone(),
      message: r.message,
      asked: formatDay(locale, r.created_at),
      answerBy: formatDay(locale, r.expires_at),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const deps = requestContext(request, context);
  const form = await readForm(request);
  // Approve or decline a transfer request (issue #32): the ownership room's step.
  if (form.has("intent")) return answerStep(request, context, form);
  const enabled = form.get("nfc_sharing_enabled");
  if (enabled !== "true" && enabled !== "false") return data({ error: m.dashboard_choose_on_off() }, { status: 400 });
  const outcome = await setNfcSharing(deps.effects, { userId: user.userId, enabled: enabled === "true" });
  if (outcome.code === "no_profile") return data({ error: m.dashboard_profile_not_found() }, { status: 404 });
  return redirectWithToast(deps.env, request, "/dashboard", {
    type: "success",
    title: enabled === "true" ? m.dashboard_sharing_enabled_title() : m.dashboard_sharing_disabled_title(),
    description: enabled === "true" ? m.dashboard_sharing_enabled_text() : m.dashboard_sharing_disabled_text(),
  });
}

/** A dashboard list: its title, a 'View all' link, and the list or what to say when it is empty. */
function RecentList({
  id,
  title,
  all,
  empty,
  children,
}: {
  id: string;
  title: string;
  all: string;
  empty: string | false;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <div className="flex items-baseline justify-between">
        <h2 id={id} className="font-display text-2xl">
          {title}
        </h2>
        <Link to={all} className="text-sm underline underline-offset-4">
          {m.dashboard_view_all()}
        </Link>
      </div>
      {empty ? <p className="mt-4 text-stone">{empty}</p> : children}
    </section>
  );
}

export default function DashboardRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { sharing } = loaderData;
  const answerError =
    actionData && "answerError" in actionData
      ? { transferId: actionData.transferId, message: actionData.answerError }
      : null;

  return (
    <section className="mx-auto w-full max-w-6xl px-5 py-10 sm:py-16">
      <header className="flex flex-col gap-4 border-b border-ink/10 pb-8 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-xs uppercase tracking-[0.3em] text-gold">
            {m.dashboard_client_id({ id: loaderData.clientId })}
          </p>
          <h1 className="mt-3 font-display text-4xl sm:text-5xl">{loaderData.name}</h1>
        </div>
        <Link to="/profile-setup" className={buttonClass("secondary")}>
          {m.dashboard_edit_profile_button()}
        </Link>
      </header>

      <RequestsBanner requests={loaderData.requests} error={answerError} />

      <div className="mt-10 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-10">
          <RecentList
            id="wardrobe-title"
            title={m.dashboard_my_wardrobe()}
            all="/dashboard/wardrobe"
            empty={loaderData.garments.length === 0 && m.dashboard_no_garments()}
          >
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {loaderData.garments.map((g) => (
                <li key={g.id}>
                  <Link
                    to={`/dashboard/garment/${g.id}`}
                    className="flex items-center justify-between border border-ink/10 bg-white p-4 hover:border-ink"
                  >
                    <span className="font-display text-lg">{garmentWords(g).name}</span>
                    <span className="text-xs text-stone">{m.taps({ count: g.taps })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </RecentList>

          <RecentList
            id="connections-title"
            title={m.dashboard_recent_connections()}
            all="/connections"
            empty={loaderData.connections.length === 0 && m.dashboard_no_connections()}
          >
            <ul className="mt-4 divide-y divide-ink/10 border border-ink/10 bg-white">
              {loaderData.connections.map((c) => (
                <li key={c.id} className="flex items-center justify-between gap-4 p-4">
                  <span>
                    <span className="block">{c.name}</span>
                    {c.email && <span className="block text-sm text-stone">{c.email}</span>}
                  </span>
                  <span className="shrink-0 text-xs text-stone">{c.date}</span>
                </li>
              ))}
            </ul>
          </RecentList>
        </div>

        <aside className="flex flex-col gap-6">
          <section aria-labelledby="nfc-title" className="border border-ink bg-white p-6">
            <h2 id="nfc-title" className="font-display text-xl">
              {m.dashboard_nfc_sharing()}
            </h2>
            <p className="mt-3 flex items-center gap-3">
              <span aria-hidden className={`size-2.5 rounded-full ${sharing ? "bg-emerald-600" : "bg-stone"}`} />
              <span className="font-medium">{sharing ? m.dashboard_enabled() : m.dashboard_disabled()}</span>
            </p>
            {/* What the state means, not the state again ('Activé Actif', issue #49). */}
            <p className="mt-2 text-sm text-stone">
              {sharing ? m.dashboard_sharing_on_text() : m.account_nfc_sharing_off()}
            </p>
            <Form method="post" className="mt-5">
              <input type="hidden" name="nfc_sharing_enabled" value={sharing ? "false" : "true"} />
              <SubmitButton
                busyLabel={m.dashboard_saving()}
                pending={(navigation) => navigation.formData?.has("nfc_sharing_enabled") === true}
                variant={sharing ? "secondary" : "primary"}
                className="w-full"
              >
                {sharing ? m.dashboard_turn_sharing_off() : m.dashboard_turn_sharing_on()}
              </SubmitButton>
            </Form>
          </section>

          <ShareCardPanel card={loaderData.card} sharing={sharing} />

          <nav aria-labelledby="actions-title" className="border border-ink/10 bg-white p-6">
            <h2 id="actions-title" className="font-display text-xl">
              {m.dashboard_quick_actions()}
            </h2>
            <ul className="mt-4 flex flex-col gap-2 text-sm">
              {[
                ["/tap-register", m.dashboard_action_register_by_tap()],
                ["/dashboard/wardrobe", m.dashboard_action_wardrobe()],
                ["/connections", m.dashboard_action_connections()],
                ["/dashboard/contacts", m.dashboard_action_contacts()],
                ["/dashboard/events", m.dashboard_action_events()],
                ["/dashboard/analytics", m.dashboard_action_analytics()],
                ["/profile-setup", m.dashboard_action_edit_profile()],
              ].map(([to, label]) => (
                <li key={to}>
                  <Link
                    to={to as string}
                    className="flex min-h-11 items-center justify-between border-b border-ink/10 hover:underline"
                  >
                    {label} <span aria-hidden>→</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  // Spec part 1 §8, Dashboard.
  return <GeneralErrorBoundary failure={{ title: m.dashboard_load_failed(), text: m.site_try_again_moment() }} />;
}
