import type { AdminStats } from "@releve/core/admin-portal";
import { useAdminGet } from "./use-api";

const CARDS = [
  ["garments", "Garments"],
  ["profiles", "Profiles"],
  ["scans", "Scans"],
] as const;

const number = new Intl.NumberFormat("en-GB");

/** `/admin/nfc-dashboard`: 7- and 30-day counts (the tabs follow). */
export function NfcDashboard() {
  const stats = useAdminGet<AdminStats>("/stats");
  return (
    <section aria-labelledby="stats-heading" className="mt-8">
      <h2 id="stats-heading" className="sr-only">
        Activity
      </h2>
      {stats.state === "error" ? (
        <div role="alert" className="border border-danger/40 bg-white p-4 text-sm text-danger">
          <p>Could not load the dashboard figures: {stats.message}</p>
          <button type="button" onClick={stats.retry} className="mt-3 underline underline-offset-4">
            Try again
          </button>
        </div>
      ) : (
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-busy={stats.state === "loading"}>
          {CARDS.map(([key, label]) => (
            <div key={key} className="border border-ink/10 bg-white p-5">
              <dt className="text-xs uppercase tracking-[0.2em] text-stone">{label}</dt>
              {stats.state === "ready" ? (
                <dd className="mt-3">
                  <span className="font-display text-4xl">{number.format(stats.data[key].total)}</span>
                  <span className="mt-2 block text-sm text-stone">
                    {number.format(stats.data[key].last7)} in 7 days · {number.format(stats.data[key].last30)} in 30
                    days
                  </span>
                </dd>
              ) : (
                <dd className="mt-3 h-16 animate-pulse bg-sand">
                  <span className="sr-only">Loading</span>
                </dd>
              )}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
