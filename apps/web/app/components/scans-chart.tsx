import { useId } from "react";
import type { BarChart } from "../lib/chart.server";

const dayLabel = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const fmt = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/**
 * A server-drawn bar chart (geometry from chart.server.ts) with a summary for screen readers
 * and the same numbers as a table, so nothing depends on seeing the bars.
 */
export function ScansChart({ chart, title }: { chart: BarChart; title: string }) {
  const id = useId();
  const summary =
    chart.total === 0
      ? `${title}: no scans yet.`
      : `${title}: ${chart.total} scans in all${chart.peak ? `, most on ${fmt(chart.peak.day)} (${chart.peak.value})` : ""}.`;
  return (
    <figure className="min-w-0">
      {/* On a phone the chart keeps a legible size and scrolls sideways; the table below has the same numbers. */}
      <div className="overflow-x-auto">
        <svg
          viewBox={`0 0 ${chart.width} ${chart.height}`}
          role="img"
          aria-labelledby={`${id}-caption`}
          className="h-auto w-full min-w-[34rem] max-w-3xl"
        >
          <title>{summary}</title>
          {chart.yTicks.map((t) => (
            <g key={t.value}>
              <line x1={chart.plot.left} x2={chart.plot.right} y1={t.y} y2={t.y} className="stroke-ink/10" />
              <text x={chart.plot.left - 6} y={t.y} dy="0.32em" textAnchor="end" className="fill-stone text-[11px]">
                {t.value}
              </text>
            </g>
          ))}
          {chart.bars.map((b) => (
            <rect key={b.day} x={b.x} y={b.y} width={b.width} height={Math.max(b.height, 0)} className="fill-gold">
              <title>{`${fmt(b.day)}: ${b.value} scans`}</title>
            </rect>
          ))}
          <line
            x1={chart.plot.left}
            x2={chart.plot.right}
            y1={chart.plot.bottom}
            y2={chart.plot.bottom}
            className="stroke-ink/40"
          />
          {chart.xLabels.map((l) => (
            <text key={l.day} x={l.x} y={chart.height - 8} textAnchor="middle" className="fill-stone text-[11px]">
              {fmt(l.day)}
            </text>
          ))}
        </svg>
      </div>
      <figcaption id={`${id}-caption`} className="mt-2 text-sm text-stone">
        {summary}
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer underline underline-offset-4">Show the numbers as a table</summary>
        <div className="mt-3 max-h-80 overflow-auto border border-ink/10 bg-white">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead className="text-xs uppercase tracking-[0.14em] text-stone">
              <tr>
                <th scope="col" className="p-2 font-normal">
                  Day
                </th>
                <th scope="col" className="p-2 text-right font-normal">
                  Scans
                </th>
              </tr>
            </thead>
            <tbody>
              {chart.bars.map((b) => (
                <tr key={b.day} className="border-t border-ink/10">
                  <th scope="row" className="p-2 font-normal">
                    {fmt(b.day)}
                  </th>
                  <td className="p-2 text-right tabular-nums">{b.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
