import { describe, expect, it } from "vitest";
import { type BarGeometry, barChart } from "./chart.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const days = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    day: new Date(Date.UTC(2026, 10, 1) + i * DAY_MS).toISOString().slice(0, 10),
    scans: (i * 7) % 11,
  }));

/** Where a label's text runs, for a "30 Nov"-wide label (six characters, ~0.55 em each). */
function extent(g: BarGeometry, label: BarGeometry["xLabels"][number]) {
  const width = 6 * 0.55 * g.fontSize;
  return label.anchor === "end" ? [label.x - width, label.x] : [label.x - width / 2, label.x + width / 2];
}

describe("barChart (the scans-per-day chart, issue #16)", () => {
  for (const n of [1, 7, 14, 30, 90]) {
    it(`draws ${n} days wide and compact, the latest bar and label inside the viewBox, labels apart`, () => {
      const chart = barChart(days(n));
      for (const g of [chart, chart.compact]) {
        expect(g.bars).toHaveLength(n);
        const lastBar = g.bars.at(-1);
        expect(lastBar && lastBar.x + lastBar.width).toBeLessThanOrEqual(g.plot.right);
        const lastLabel = g.xLabels.at(-1);
        expect(lastLabel).toMatchObject({ day: days(n).at(-1)?.day, anchor: "end" });
        const spans = g.xLabels.map((l) => extent(g, l));
        expect(spans[0]?.[0]).toBeGreaterThanOrEqual(0);
        expect(spans.at(-1)?.[1]).toBeLessThanOrEqual(g.width);
        for (let i = 1; i < spans.length; i++) {
          expect(spans[i]?.[0], `label ${i} clears label ${i - 1}`).toBeGreaterThan(spans[i - 1]?.[1] ?? 0);
        }
      }
      expect(chart.compact.width).toBeLessThanOrEqual(360);
      expect(chart.compact.xLabels.length).toBeLessThanOrEqual(5);
    });
  }

  it("keeps the totals and the peak for the caption", () => {
    const chart = barChart([
      { day: "2026-11-01", scans: 2 },
      { day: "2026-11-02", scans: 5 },
    ]);
    expect(chart.total).toBe(7);
    expect(chart.peak).toEqual({ day: "2026-11-02", value: 5 });
    expect(barChart([{ day: "2026-11-01", scans: 0 }]).peak).toBeNull();
  });
});
