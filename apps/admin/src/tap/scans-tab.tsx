import { SUSPECT_REASON_TEXT } from "@releve/core/tap/secure-tap";
import { useQuery } from "@tanstack/react-query";
import { scansQuery } from "../queries";
import { type Column, DataTable, Empty, formatDate, NotLoaded } from "../ui";
import { CounterfeitAlerts } from "./counterfeit-alerts";

const COLUMNS: Column[] = [
  { label: "When (UTC)" },
  { label: "Garment" },
  { label: "Owner" },
  { label: "Viewer" },
  { label: "Where · browser" },
];

/** 'Scan History': the 100 most recent taps with garment and owner; then the counterfeit alerts. */
export function ScansTab() {
  const list = useQuery(scansQuery);
  if (!list.isSuccess) {
    return <NotLoaded query={list} label="scan history" />;
  }
  return (
    <>
      {list.data.scans.length === 0 ? (
        <Empty>No scans yet. Taps appear here within seconds.</Empty>
      ) : (
        <DataTable
          caption="The 100 most recent scans"
          columns={COLUMNS}
          busy={list.isFetching}
          minWidth="min-w-[40rem]"
        >
          {list.data.scans.map((s) => (
            <tr key={s.id} className="border-t border-ink/10">
              <td className="p-3 whitespace-nowrap">{formatDate(s.createdAt)}</td>
              <td className="p-3">
                {s.garment ? `${s.garment.name}${s.garment.brand ? ` · ${s.garment.brand}` : ""}` : (s.slug ?? "—")}
              </td>
              <td className="p-3">{s.ownerName ?? "—"}</td>
              <td className="p-3">
                {s.viewerKind}
                {s.scanType === "missing" && (
                  <span className="ml-2 border border-danger/40 px-1.5 text-xs text-danger">reported missing</span>
                )}
                {s.scanType === "suspect" && (
                  <span className="ml-2 border border-danger/40 px-1.5 text-xs text-danger">
                    suspect{s.suspectReason ? `: ${SUSPECT_REASON_TEXT[s.suspectReason]}` : ""}
                  </span>
                )}
              </td>
              <td className="p-3">
                {[s.city, s.country].filter(Boolean).join(", ") || "—"} · {s.browser ?? "—"}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <CounterfeitAlerts />
    </>
  );
}
