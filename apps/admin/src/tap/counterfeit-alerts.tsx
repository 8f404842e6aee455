import { useInfiniteQuery } from "@tanstack/react-query";
import { suspectScansQuery } from "../queries";
import { Empty, formatDate, LoadMore, NotLoaded } from "../ui";
import { scanPlace, suspectText } from "./scan-text";

/**
 * Counterfeit alerts (issue #21): the newest taps of secure garments that did not verify, with
 * the garment, the time, the place and the reason. On the registry and the NFC dashboard.
 */
export function CounterfeitAlerts() {
  const list = useInfiniteQuery(suspectScansQuery);
  const scans = list.data?.pages.flatMap((page) => page.scans) ?? [];
  return (
    <section aria-labelledby="alerts-heading" className="mt-8 flex flex-col gap-3">
      <h2 id="alerts-heading" className="font-display text-2xl">
        Counterfeit alerts
      </h2>
      {!list.isSuccess ? (
        <NotLoaded query={list} label="counterfeit alerts" />
      ) : scans.length === 0 ? (
        <Empty>No suspect taps. A secure tag's copied or replayed link would appear here.</Empty>
      ) : (
        <ul id="counterfeit-alerts" className="flex flex-col divide-y divide-ink/10 border border-ink/10 bg-white">
          {scans.map((s) => (
            <li
              key={s.id}
              data-list-row
              tabIndex={-1}
              className="outline-offset-[-2px] flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-baseline sm:gap-4"
            >
              <span className="whitespace-nowrap text-stone">{formatDate(s.createdAt)}</span>
              <span className="min-w-0 flex-1">
                <span className="block">{s.garment?.name ?? s.slug ?? "—"}</span>
                <span className="block text-danger">{suspectText(s.suspectReason, "Suspect tap")}</span>
              </span>
              <span className="text-stone">{scanPlace(s, "Place unknown")}</span>
            </li>
          ))}
        </ul>
      )}
      {scans.length > 0 && (
        <LoadMore
          listId="counterfeit-alerts"
          shown={scans.length}
          noun={["suspect tap", "suspect taps"]}
          query={list}
        />
      )}
    </section>
  );
}
