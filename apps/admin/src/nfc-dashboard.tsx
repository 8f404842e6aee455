import { ButtonAnchor } from "@releve/ui";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { AuditLog } from "./audit-log";
import { TagBatches } from "./batches";
import { GarmentsTab } from "./garments-tab";
import { statsQuery } from "./queries";
import { ScansTab } from "./scans-tab";
import { Tabs } from "./tabs";
import { UnclaimedTab } from "./unclaimed-tab";

const CARDS = [
  ["garments", "Garments"],
  ["profiles", "Profiles"],
  ["scans", "Scans"],
] as const;

const number = new Intl.NumberFormat("en-GB");

/** `/admin/nfc-dashboard`: 7- and 30-day counts, the four tabs, tag batches and the audit log. */
export function NfcDashboard() {
  const stats = useQuery(statsQuery);
  const [tab, setTab] = useState("claimed");

  return (
    <>
      <section aria-labelledby="stats-heading" className="mt-8">
        <h2 id="stats-heading" className="sr-only">
          Activity
        </h2>
        {stats.isError ? (
          <div role="alert" className="border border-danger/40 bg-white p-4 text-sm text-danger">
            <p>Failed to load dashboard data: {stats.error.message}</p>
            <button type="button" onClick={() => stats.refetch()} className="mt-3 underline underline-offset-4">
              Try again
            </button>
          </div>
        ) : (
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-busy={stats.isPending}>
            {CARDS.map(([key, label]) => (
              <div key={key} className="border border-ink/10 bg-white p-5">
                <dt className="text-xs uppercase tracking-[0.2em] text-stone">{label}</dt>
                {stats.isSuccess ? (
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
      <Tabs
        active={tab}
        onChange={setTab}
        tabs={[
          { id: "claimed", label: "Registered & Claimed", panel: () => <GarmentsTab /> },
          { id: "unclaimed", label: "Unclaimed / To Program", panel: () => <UnclaimedTab /> },
          {
            id: "program",
            label: "Program NFC Tags",
            panel: () => (
              <div className="border border-ink/10 bg-white p-6">
                <p className="text-sm text-stone">
                  Write garment links to NFC tags with the tag programmer (it arrives with the programmer issue).
                </p>
                <ButtonAnchor href="/admin/nfc-programmer" size="sm" className="mt-4">
                  Open the NFC programmer
                </ButtonAnchor>
              </div>
            ),
          },
          { id: "scans", label: "Scan History", panel: () => <ScansTab /> },
        ]}
      />
      <TagBatches />
      <AuditLog />
    </>
  );
}
