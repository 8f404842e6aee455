import { useInfiniteQuery } from "@tanstack/react-query";
import { scansQuery } from "../queries";
import { type Column, DataTable, Empty, formatDate, LoadMore, NotLoaded } from "../ui";
import { CounterfeitAlerts } from "./counterfeit-alerts";
import { scanGarment, scanPlace, suspectText } from "./scan-text";

const COLUMNS: Column[] = [
  { label: "When (UTC)" },
  { label: "Garment" },
  { label: "Owner" },
  { label: "Viewer" },
  { label: "Where · browser" },
];

/** 'Scan History': the most recent taps with garment and owner, 100 at a time; then the counterfeit alerts. */
export function ScansTab() {
  const list = useInfiniteQuery(scansQuery);
  if (!list.isSuccess) {
    return <NotLoaded query={list} label="scan history" />;
  }
  const scans = list.data.pages.flatMap((page) => page.scans);
  return (
    <>
      {scans.length === 0 ? (
        <Empty>No scans yet. Taps appear here within seconds.</Empty>
      ) : (
        <DataTable
          id="scan-history"
          caption="The most recent scans"
          columns={COLUMNS}
          busy={list.isFetching}
          minWidth="min-w-[40rem]"
        >
          {scans.map((s) => (
            <tr key={s.id} className="border-t border-ink/10">
              <td data-list-row tabIndex={-1} className="p-3 whitespace-nowrap outline-offset-[-2px]">
                {formatDate(s.createdAt)}
              </td>
              <td className="p-3">{scanGarment(s)}</td>
              <td className="p-3">{s.ownerName ?? "—"}</td>
              <td className="p-3">
                {s.viewerKind}
                {s.scanType === "missing" && (
                  <span className="ml-2 border border-danger/40 px-1.5 text-xs text-danger">reported missing</span>
                )}
                {s.scanType === "suspect" && (
                  <span className="ml-2 border border-danger/40 px-1.5 text-xs text-danger">
                    suspect{s.suspectReason ? `: ${suspectText(s.suspectReason, "")}` : ""}
                  </span>
                )}
              </td>
              <td className="p-3">
                {scanPlace(s, "—")} · {s.browser ?? "—"}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {scans.length > 0 && (
        <LoadMore listId="scan-history" shown={scans.length} noun={["scan", "scans"]} query={list} />
      )}
      <CounterfeitAlerts />
    </>
  );
}
