import { ButtonAnchor } from "@releve/ui";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { NewsList } from "../crm/news-list";
import { AuditLog } from "../platform/audit-log";
import { EventLog } from "../platform/event-log";
import { statsQuery } from "../queries";
import { Tabs } from "../tabs";
import { ScansTab } from "../tap/scans-tab";
import { TagBatches } from "./batches";
import { GarmentsTab } from "./garments-tab";
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
                  Program new garments and write their links to NFC tags with the programmer; find any tag, and
                  deactivate, release or report it lost or stolen, in the tag registry.
                </p>
                <div className="mt-4 flex flex-wrap gap-3">
                  <ButtonAnchor href="/admin/nfc-programmer" size="sm">
                    Open the NFC programmer
                  </ButtonAnchor>
                  <ButtonAnchor href="/admin/nfc" size="sm" variant="secondary">
                    Open the tag registry
                  </ButtonAnchor>
                </div>
              </div>
            ),
          },
          { id: "scans", label: "Scan History", panel: () => <ScansTab /> },
        ]}
      />
      <TagBatches />
      <NewsList />
      <AuditLog />
      <EventLog />
    </>
  );
}
