import { CHART_DAYS, TOP_WINDOW_DAYS } from "@releve/core/crm/rules";
import { counted } from "@releve/core/platform/plural";
import { BackLink } from "../../components/back-link";
import { failureFrom, GeneralErrorBoundary } from "../../components/error-boundary";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import type { Route } from "./+types/dashboard.analytics";
import { type ConversionRow, loadAnalytics, WINDOWS } from "./analytics.server";
import { barChart } from "./chart.server";
import { formatRate } from "./crm-format";
import { ScansChart } from "./scans-chart";

export const meta = () => [{ title: "Analytics · Relevé" }, { name: "robots", content: "noindex" }];

const n = (value: number) => value.toLocaleString("en-GB");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const analytics = await loadAnalytics(requestContext(request, context).db, user.userId);
  return {
    ...analytics,
    windowLabels: WINDOWS,
    chart: barChart(analytics.scansByDay),
  };
}

function ConversionTable({ title, rows, empty }: { title: string; rows: ConversionRow[]; empty: string }) {
  return (
    <section aria-labelledby={`conv-${title}`} className="min-w-0">
      <h2 id={`conv-${title}`} className="font-display text-2xl">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-stone">{empty}</p>
      ) : (
        <div className="mt-3 overflow-x-auto border border-ink/10 bg-white">
          <table className="w-full text-left text-xs sm:text-sm">
            <caption className="sr-only">
              {title}: visitor taps, contacts through them, conversion and contacts without a tap, all time
            </caption>
            <thead className="text-xs uppercase tracking-[0.14em] text-stone">
              <tr>
                {["Name", "Taps", "Contacts", "Conversion", "Without a tap"].map((heading, i) => (
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
        </div>
      )}
    </section>
  );
}

function TopList({ title, rows }: { title: string; rows: Array<{ label: string; scans: number }> }) {
  const max = Math.max(1, ...rows.map((r) => r.scans));
  return (
    <section aria-labelledby={`top-${title}`} className="min-w-0 border border-ink/10 bg-white p-5">
      <h2 id={`top-${title}`} className="font-display text-xl">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-stone">No visitor taps in the last {TOP_WINDOW_DAYS} days</p>
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
  const { windows, windowLabels, chart, garments, events, cities, browsers } = loaderData;
  return (
    <section className="mx-auto w-full max-w-6xl px-5 py-10 sm:py-16">
      <BackLink to="/dashboard">Dashboard</BackLink>
      <h1 className="mt-6 font-display text-4xl sm:text-5xl">Analytics</h1>
      <p className="mt-3 max-w-2xl text-sm text-stone">
        Scan figures include every tap up to a few seconds ago; days are UTC. Conversion is the share of visitor taps
        (your own are left out) that brought a contact, never over 100%. Contacts that came without a tap, through your
        contact card, a share link or a guest Relevé added for you, are counted apart. Relevé keeps no visitor
        identifier, so taps are counted, not people.
      </p>

      <ul className="mt-8 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {windowLabels.map((w) => {
          const f = windows[w.key];
          return (
            <li key={w.key} className="min-w-0 border border-ink/10 bg-white p-4">
              <h2 className="text-xs uppercase tracking-[0.16em] text-stone">{w.label}</h2>
              <dl className="mt-3 grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 gap-y-1 text-sm">
                <dt>Scans</dt>
                <dd className="font-display text-2xl tabular-nums">{n(f.scans)}</dd>
                <dt>Visitor taps</dt>
                <dd className="tabular-nums">{n(f.visitorScans)}</dd>
                <dt>Contacts</dt>
                <dd className="tabular-nums">{n(f.contacts)}</dd>
                <dt>Conversion</dt>
                <dd className="tabular-nums">{formatRate(f.conversion)}</dd>
              </dl>
              {f.otherContacts > 0 && (
                <p className="mt-2 text-xs text-stone">
                  {counted(f.otherContacts, ["more contact", "more contacts"])} without a tap
                </p>
              )}
            </li>
          );
        })}
      </ul>

      <section aria-labelledby="per-day" className="mt-10 border border-ink/10 bg-white p-5">
        <h2 id="per-day" className="font-display text-2xl">
          Scans per day
        </h2>
        <p className="mt-1 text-sm text-stone">The last {CHART_DAYS} days, every tap of your garments.</p>
        <div className="mt-4">
          <ScansChart chart={chart} title={`Scans per day, last ${CHART_DAYS} days`} />
        </div>
      </section>

      <div className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TopList title="Top cities" rows={cities} />
        <TopList title="Top browsers" rows={browsers} />
      </div>
      <p className="mt-2 text-xs text-stone">Visitor taps of the last {TOP_WINDOW_DAYS} days.</p>

      <div className="mt-10 grid grid-cols-1 gap-10 lg:grid-cols-2">
        <ConversionTable title="By garment" rows={garments} empty="No garments in your wardrobe yet" />
        <ConversionTable title="By event" rows={events} empty="No events yet" />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  // Spec part 2 §8, Connections and contacts: 'Error: Failed to load dashboard data'.
  return <GeneralErrorBoundary failure={failureFrom("Error: Failed to load dashboard data")} />;
}
