import { scaleBand, scaleLinear } from "d3-scale";

/**
 * The scans-per-day chart's geometry, computed on the server with d3-scale so the browser
 * gets plain numbers and draws SVG with no chart code in its bundle (docs/decisions/0017).
 */
export interface BarChart {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  bars: Array<{ day: string; value: number; x: number; y: number; width: number; height: number }>;
  yTicks: Array<{ value: number; y: number }>;
  xLabels: Array<{ day: string; x: number }>;
  total: number;
  peak: { day: string; value: number } | null;
}

export function barChart(
  points: Array<{ day: string; scans: number }>,
  opts: { width?: number; height?: number; xLabelCount?: number } = {},
): BarChart {
  const width = opts.width ?? 640;
  const height = opts.height ?? 220;
  const plot = { left: 40, top: 12, right: width - 8, bottom: height - 28 };
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
  const every = Math.max(1, Math.ceil(points.length / (opts.xLabelCount ?? 6)));
  const xLabels = points
    .filter((_, i) => i % every === 0 || i === points.length - 1)
    .map((p) => ({ day: p.day, x: round((x(p.day) ?? 0) + x.bandwidth() / 2) }));
  const peakPoint = points.reduce<(typeof points)[number] | null>(
    (best, p) => (!best || p.scans > best.scans ? p : best),
    null,
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
    total: points.reduce((sum, p) => sum + p.scans, 0),
    peak: peakPoint && peakPoint.scans > 0 ? { day: peakPoint.day, value: peakPoint.scans } : null,
  };
}
