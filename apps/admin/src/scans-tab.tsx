import { useQuery } from "@tanstack/react-query";
import { scansQuery } from "./queries";
import { Empty, formatDate, NotLoaded } from "./ui";

/** 'Scan History': the 100 most recent taps with garment and owner. */
export function ScansTab() {
  const list = useQuery(scansQuery);
  if (!list.isSuccess) {
    return <NotLoaded query={list} label="scan history" />;
  }
  if (list.data.scans.length === 0) return <Empty>No scans yet. Taps appear here within seconds.</Empty>;
  return (
    <div className="overflow-x-auto border border-ink/10 bg-white">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">The 100 most recent scans</caption>
        <thead className="text-xs uppercase tracking-[0.14em] text-stone">
          <tr>
            <th scope="col" className="p-3 font-normal">
              When (UTC)
            </th>
            <th scope="col" className="p-3 font-normal">
              Garment
            </th>
            <th scope="col" className="p-3 font-normal">
              Owner
            </th>
            <th scope="col" className="p-3 font-normal">
              Viewer
            </th>
            <th scope="col" className="p-3 font-normal">
              Where · browser
            </th>
          </tr>
        </thead>
        <tbody>
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
              </td>
              <td className="p-3">
                {[s.city, s.country].filter(Boolean).join(", ") || "—"} · {s.browser ?? "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
