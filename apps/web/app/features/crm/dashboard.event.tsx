import { EVENT_CONTACTS_SHOWN, eventDay, eventState, parseId } from "@releve/core/crm/rules";
import { loadEventDetail } from "@releve/db/crm/queries";
import { m } from "@releve/i18n/messages";
import { FormAlert } from "@releve/ui";
import { data, Link } from "react-router";
import { BackLink } from "../../components/back-link";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import type { Route } from "./+types/dashboard.event";
import { ActiveEventStar, choosable, EventBadge } from "./active-event-star";
import { fillDays, utcDay } from "./analytics.server";
import { barChart } from "./chart.server";
import { ContactExports } from "./contact-exports";
import { ContactItem } from "./contact-item";
import { crmAction } from "./crm-actions.server";
import { formatEventDate } from "./crm-format";
import { ScansChart } from "./scans-chart";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.event.name ?? m.crm_event_fallback()} · Relevé` },
  { name: "robots", content: "noindex" },
];

const DAY_MS = 86_400_000;
/** The chart spans the event's scans, at least two weeks and at most the last 90 days. */
const MAX_CHART_DAYS = 90;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const id = parseId(params.eventId);
  const detail = id ? await loadEventDetail(requestContext(request, context).db, user.userId, id) : null;
  if (!detail) throw data(m.crm_event_not_found(), { status: 404 });
  const now = Date.now();
  const first = detail.scansByDay[0]?.day;
  const earliest = utcDay(now - (MAX_CHART_DAYS - 1) * DAY_MS);
  const twoWeeks = utcDay(now - 13 * DAY_MS);
  const from = first && first < twoWeeks ? (first < earliest ? earliest : first) : twoWeeks;
  const chart = barChart(fillDays(detail.scansByDay, from, utcDay(now)));
  return { ...detail, chart, state: eventState(detail.event, detail.active ? detail.event.id : null, eventDay(now)) };
}

export function action({ request, context, params }: Route.ActionArgs) {
  // The page's own id must be one (strictly parsed) before any form is acted on.
  if (!parseId(params.eventId)) throw data(m.crm_event_not_found(), { status: 404 });
  return crmAction(request, context, ["mark-contacted", "update-notes", "set-active-event"]);
}

export default function EventRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { event, active, contacts, chart, state } = loaderData;
  const exportQuery = `?event=${event.id}`;
  return (
    <section className="mx-auto w-full max-w-5xl px-5 py-10 sm:py-16">
      <BackLink to="/dashboard/events">{m.crm_events()}</BackLink>
      <header className="mt-6 flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="break-words font-display text-4xl sm:text-5xl">{event.name}</h1>
          <p className="mt-3 text-stone">
            {[event.date ? formatEventDate(event.date) : null, event.location].filter(Boolean).join(" · ") ||
              m.crm_no_date_place()}
          </p>
          {event.description && <p className="mt-3 max-w-2xl break-words">{event.description}</p>}
          <EventBadge state={state} className="mt-3" />
        </div>
        {choosable(state) && <ActiveEventStar eventId={event.id} name={event.name} active={active} />}
      </header>
      {actionData?.intent === "set-active-event" && (
        <div className="mt-4">
          <FormAlert>{actionData.error}</FormAlert>
        </div>
      )}

      <dl className="mt-8 grid grid-cols-2 gap-3 text-center">
        <div className="border border-ink/10 bg-white p-4">
          <dt className="text-xs uppercase tracking-[0.16em] text-stone">{m.crm_scans()}</dt>
          <dd className="mt-2 font-display text-3xl">{event.scans}</dd>
        </div>
        <div className="border border-ink/10 bg-white p-4">
          <dt className="text-xs uppercase tracking-[0.16em] text-stone">{m.crm_contacts()}</dt>
          <dd className="mt-2 font-display text-3xl">{event.contacts}</dd>
        </div>
      </dl>

      <section aria-labelledby="scans-title" className="mt-10 border border-ink/10 bg-white p-5">
        <h2 id="scans-title" className="font-display text-2xl">
          {m.crm_scans_over_time()}
        </h2>
        <p className="mt-1 text-sm text-stone">{m.crm_event_chart_hint()}</p>
        <div className="mt-4">
          <ScansChart chart={chart} title={m.crm_chart_title_event({ name: event.name })} />
        </div>
      </section>

      <section aria-labelledby="contacts-title" className="mt-10">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="contacts-title" className="font-display text-2xl">
            {m.crm_contacts()}
          </h2>
          {contacts.length > 0 && <ContactExports query={exportQuery} empty={false} />}
        </div>
        {contacts.length === 0 ? (
          <p className="mt-4 text-stone">{m.crm_no_contacts()}</p>
        ) : (
          <>
            <ul className="mt-4 flex flex-col gap-3">
              {contacts.map((c) => (
                <li key={c.id}>
                  <ContactItem contact={c} actionData={actionData} showEvent={false} />
                </li>
              ))}
            </ul>
            {event.contacts > EVENT_CONTACTS_SHOWN && (
              <p className="mt-4 text-sm">
                {m.crm_showing_latest({ shown: EVENT_CONTACTS_SHOWN, total: event.contacts })}{" "}
                <Link to={`/dashboard/contacts${exportQuery}`} className="underline underline-offset-4">
                  {m.crm_see_all_contacts()}
                </Link>
              </p>
            )}
          </>
        )}
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFound={{
        title: m.crm_event_not_found(),
        text: m.crm_event_not_found_text(),
        to: "/dashboard/events",
        label: m.crm_back_to_events(),
      }}
      failure={{ title: m.crm_error(), text: m.crm_load_events_failed() }}
    />
  );
}
