import { CHART_DAYS, TOP_WINDOW_DAYS } from "@releve/core/crm/rules";
import { formatNumber } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import { BackLink } from "../../components/back-link";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { ScrollRegion } from "../../components/scroll-region";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import type { Route } from "./+types/dashboard.analytics";
import { type ConversionRow, loadAnalytics, WINDOWS, type WindowKey } from "./analytics.server";
import { barChart } from "./chart.server";
import { formatRate } from "./crm-format";
import { ScansChart } from "./scans-chart";

export const meta = () => [{ title: m.crm_analytics_title() }, { name: "robots", content: "noindex" }];

const n = (value: number) => formatNumber(currentLocale(), value);

/** Each window's name, in the page's language. */
const WINDOW_NAMES: Record<WindowKey, () => string> = {
  today: () => m.crm_window_today(),
  week: () => m.crm_window_week(),
  month: () => m.crm_window_month(),
  all: () => m.crm_window_all(),
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const analytics = await loadAnalytics(requestContext(request, context).db, user.userId);
  return {
    ...analytics,
    windowKeys: WINDOWS,
    chart: barChart(analytics.scansByDay),
  };
}

function ConversionTable({
  id,
  title,
  rows,
  empty,
}: {
  id: string;
  title: string;
  rows: ConversionRow[];
  empty: string;
}) {
  return (
    <section aria-labelledby={`conv-${id}`} className="min-w-0">
      <h2 id={`conv-${id}`} className="font-display text-2xl">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-stone">{empty}</p>
      ) : (
        <ScrollRegion label={m.crm_table_caption({ title })} className="mt-3 border border-ink/10 bg-white">
          <table className="w-full text-left text-xs sm:text-sm">
            <caption className="sr-only">{m.crm_table_caption({ title })}</caption>
            <thead className="text-xs uppercase tracking-[0.14em] text-stone">
              <tr>
                {[
                  m.crm_col_name(),
                  m.crm_col_taps(),
                  m.crm_contacts(),
                  m.crm_conversion(),
                  m.crm_col_without_tap(),
                ].map((heading, i) => (
                  <th
                    key={heading}
                    scope="col"
                    className={i === 0 ? "p-2 font-normal sm:p-3" : "p-2 text-right font-normal sm:p-3"}
                  >
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-ink/10">
                  <th scope="row" className="p-2 font-normal sm:p-3">
                    {r.name}
                  </th>
                  <td className="p-2 text-right tabular-nums sm:p-3">{n(r.visitorScans)}</td>
                  <td className="p-2 text-right tabular-nums sm:p-3">{n(r.contacts)}</td>
                  <td className="p-2 text-right tabular-nums sm:p-3">{formatRate(r.conversion)}</td>
                  <td className="p-2 text-right tabular-nums sm:p-3">{n(r.otherContacts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

function TopList({ id, title, rows }: { id: string; title: string; rows: Array<{ label: string; scans: number }> }) {
  const max = Math.max(1, ...rows.map((r) => r.scans));
  return (
    <section aria-labelledby={`top-${id}`} className="min-w-0 border border-ink/10 bg-white p-5">
      <h2 id={`top-${id}`} className="font-display text-xl">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-stone">{m.crm_top_empty({ days: TOP_WINDOW_DAYS })}</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-2 text-sm">
          {rows.map((r) => (
            <li key={r.label} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3">
              <span className="truncate">{r.label}</span>
              <span className="tabular-nums text-stone">{n(r.scans)}</span>
              <span aria-hidden className="col-span-2 h-1 bg-ink/5">
                <span className="block h-1 bg-gold" style={{ width: `${(r.scans / max) * 100}%` }} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default function AnalyticsRoute({ loaderData }: Route.ComponentProps) {
  const { windows, windowKeys, chart, garments, events, cities, browsers } = loaderData;
  return (
    <section className="mx-auto w-full max-w-6xl px-5 py-10 sm:py-16">
      <BackLink to="/dashboard">{m.nav_dashboard()}</BackLink>
      <h1 className="mt-6 font-display text-4xl sm:text-5xl">{m.crm_analytics()}</h1>
      <p className="mt-3 max-w-2xl text-sm text-stone">{m.crm_analytics_intro()}</p>

      <ul className="mt-8 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {windowKeys.map((key) => {
          const f = windows[key];
          return (
            <li key={key} className="min-w-0 border border-ink/10 bg-white p-4">
              <h2 className="text-xs uppercase tracking-[0.16em] text-stone">{WINDOW_NAMES[key]()}</h2>
              <dl className="mt-3 grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 gap-y-1 text-sm">
                <dt>{m.crm_scans()}</dt>
                <dd className="font-display text-2xl tabular-nums">{n(f.scans)}</dd>
                <dt>{m.crm_visitor_taps()}</dt>
                <dd className="tabular-nums">{n(f.visitorScans)}</dd>
                <dt>{m.crm_contacts()}</dt>
                <dd className="tabular-nums">{n(f.contacts)}</dd>
                <dt>{m.crm_conversion()}</dt>
                <dd className="tabular-nums">{formatRate(f.conversion)}</dd>
              </dl>
              {f.otherContacts > 0 && (
                <p className="mt-2 text-xs text-stone">{m.crm_more_without_tap({ count: f.otherContacts })}</p>
              )}
            </li>
          );
        })}
      </ul>

      <section aria-labelledby="per-day" className="mt-10 border border-ink/10 bg-white p-5">
        <h2 id="per-day" className="font-display text-2xl">
          {m.crm_scans_per_day()}
        </h2>
        <p className="mt-1 text-sm text-stone">{m.crm_last_days_every_tap({ days: CHART_DAYS })}</p>
        <div className="mt-4">
          <ScansChart chart={chart} title={m.crm_chart_title_last_days({ days: CHART_DAYS })} />
        </div>
      </section>

      <div className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TopList id="cities" title={m.crm_top_cities()} rows={cities} />
        <TopList id="browsers" title={m.crm_top_browsers()} rows={browsers} />
      </div>
      <p className="mt-2 text-xs text-stone">{m.crm_top_window_note({ days: TOP_WINDOW_DAYS })}</p>

      <div className="mt-10 grid grid-cols-1 gap-10 lg:grid-cols-2">
        <ConversionTable id="garments" title={m.crm_by_garment()} rows={garments} empty={m.crm_no_garments()} />
        <ConversionTable id="events" title={m.crm_by_event()} rows={events} empty={m.crm_no_events()} />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  // Spec part 2 §8, Connections and contacts: 'Error: Failed to load dashboard data'.
  return <GeneralErrorBoundary failure={{ title: m.crm_error(), text: m.crm_load_dashboard_failed() }} />;
}
