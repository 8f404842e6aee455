import { formatShortDay } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import { useId } from "react";
import type { BarChart, BarGeometry } from "./chart.server";

/** A chart's day ('28 Nov', a UTC day), in the page's language. */
const fmt = (day: string) => formatShortDay(currentLocale(), `${day}T00:00:00Z`);

function Drawing({
  g,
  summary,
  labelledBy,
  className,
}: {
  g: BarGeometry;
  summary: string;
  labelledBy: string;
  className: string;
}) {
  return (
    <svg viewBox={`0 0 ${g.width} ${g.height}`} role="img" aria-labelledby={labelledBy} className={className}>
      <title>{summary}</title>
      {g.yTicks.map((t) => (
        <g key={t.value}>
          <line x1={g.plot.left} x2={g.plot.right} y1={t.y} y2={t.y} className="stroke-ink/10" />
          <text x={g.plot.left - 6} y={t.y} dy="0.32em" textAnchor="end" fontSize={g.fontSize} className="fill-stone">
            {t.value}
          </text>
        </g>
      ))}
      {g.bars.map((b) => (
        <rect key={b.day} x={b.x} y={b.y} width={b.width} height={Math.max(b.height, 0)} className="fill-gold">
          <title>{m.crm_chart_bar({ day: fmt(b.day), count: b.value })}</title>
        </rect>
      ))}
      <line x1={g.plot.left} x2={g.plot.right} y1={g.plot.bottom} y2={g.plot.bottom} className="stroke-ink/40" />
      {g.xLabels.map((l) => (
        <text key={l.day} x={l.x} y={g.height - 8} textAnchor={l.anchor} fontSize={g.fontSize} className="fill-stone">
          {fmt(l.day)}
        </text>
      ))}
    </svg>
  );
}

/**
 * A server-drawn bar chart (geometry from chart.server.ts) with a summary for screen readers
 * and the same numbers as a table, so nothing depends on seeing the bars. Its box picks the
 * drawing that fits it: the compact one in a phone-wide column, the wide one from 36rem.
 */
export function ScansChart({ chart, title }: { chart: BarChart; title: string }) {
  const id = useId();
  const summary =
    chart.total === 0
      ? m.crm_chart_empty({ title })
      : chart.peak
        ? m.crm_chart_total_peak({
            title,
            count: chart.total,
            day: fmt(chart.peak.day),
            peak: chart.peak.value,
          })
        : m.crm_chart_total({ title, count: chart.total });
  return (
    <figure className="@container min-w-0">
      <Drawing
        g={chart.compact}
        summary={summary}
        labelledBy={`${id}-caption`}
        className="block h-auto w-full max-w-md @xl:hidden"
      />
      <Drawing
        g={chart}
        summary={summary}
        labelledBy={`${id}-caption`}
        className="hidden h-auto w-full max-w-3xl @xl:block"
      />
      <figcaption id={`${id}-caption`} className="mt-2 text-sm text-stone">
        {summary}
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer underline underline-offset-4">{m.crm_show_table()}</summary>
        <div className="mt-3 max-h-80 overflow-auto border border-ink/10 bg-white">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead className="text-xs uppercase tracking-[0.14em] text-stone">
              <tr>
                <th scope="col" className="p-2 font-normal">
                  {m.crm_col_day()}
                </th>
                <th scope="col" className="p-2 text-right font-normal">
                  {m.crm_scans()}
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
