import { scaleBand, scaleLinear } from "d3-scale";

/**
 * The scans-per-day chart's geometry, computed on the server with d3-scale so the browser
 * gets plain numbers and draws SVG with no chart code in its bundle (docs/decisions/0017).
 */

/** One drawing of the chart: a viewBox size, the plot area and everything in it, in viewBox units. */
export interface BarGeometry {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  bars: Array<{ day: string; value: number; x: number; y: number; width: number; height: number }>;
  yTicks: Array<{ value: number; y: number }>;
  /** The latest day is always labelled; the others every so many days back from it. */
  xLabels: Array<{ day: string; x: number; anchor: "middle" | "end" }>;
  /** The label size, in viewBox units, so it reads at about this many CSS pixels once scaled. */
  fontSize: number;
}

/**
 * The wide drawing (a desktop column) and a compact one (a 390 px phone): the same bars with
 * fewer labels in a narrower viewBox, so the labels stay legible and nothing scrolls sideways.
 */
export interface BarChart extends BarGeometry {
  compact: BarGeometry;
  total: number;
  peak: { day: string; value: number } | null;
}

type Points = Array<{ day: string; scans: number }>;

function geometry(
  points: Points,
  o: { width: number; height: number; left: number; xLabelCount: number; fontSize: number },
): BarGeometry {
  const { width, height } = o;
  const plot = { left: o.left, top: 12, right: width - 8, bottom: height - 28 };
  const max = Math.max(0, ...points.map((p) => p.scans));
  const x = scaleBand<string>()
    .domain(points.map((p) => p.day))
    .range([plot.left, plot.right])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const y = scaleLinear()
    .domain([0, Math.max(max, 4)])
    .nice(4)
    .range([plot.bottom, plot.top]);
  const round = (n: number) => Math.round(n * 10) / 10;
  const bars = points.map((p) => {
    const top = y(p.scans);
    return {
      day: p.day,
      value: p.scans,
      x: round(x(p.day) ?? 0),
      y: round(top),
      width: round(x.bandwidth()),
      height: round(plot.bottom - top),
    };
  });
  const every = Math.max(1, Math.ceil(points.length / o.xLabelCount));
  const last = points.length - 1;
  // Counted back from the latest day, which ends flush with its bar so it is never clipped.
  const xLabels = points
    .map((p, i) => ({ p, i }))
    .filter(({ i }) => (last - i) % every === 0)
    .map(({ p, i }) =>
      i === last
        ? { day: p.day, x: round((x(p.day) ?? 0) + x.bandwidth()), anchor: "end" as const }
        : { day: p.day, x: round((x(p.day) ?? 0) + x.bandwidth() / 2), anchor: "middle" as const },
    );
  return {
    width,
    height,
    plot,
    bars,
    yTicks: y
      .ticks(4)
      .filter(Number.isInteger)
      .map((value) => ({ value, y: round(y(value)) })),
    xLabels,
    fontSize: o.fontSize,
  };
}

export function barChart(points: Points): BarChart {
  const peakPoint = points.reduce<Points[number] | null>((best, p) => (!best || p.scans > best.scans ? p : best), null);
  return {
    ...geometry(points, { width: 640, height: 220, left: 40, xLabelCount: 6, fontSize: 11 }),
    compact: geometry(points, { width: 320, height: 200, left: 30, xLabelCount: 4, fontSize: 12 }),
    total: points.reduce((sum, p) => sum + p.scans, 0),
    peak: peakPoint && peakPoint.scans > 0 ? { day: peakPoint.day, value: peakPoint.scans } : null,
  };
}
