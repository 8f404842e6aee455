/** A box's scroll metrics, as the DOM reports them. */
type ScrollMetrics = {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
  clientHeight: number;
  scrollHeight: number;
};

/** What a scroll box has hidden: more before (`start`) or after (`end`) sideways, and whether it scrolls at all. */
export type ScrollEdges = { start: boolean; end: boolean; scrolls: boolean };

// Layout sizes are fractional while scroll positions round: a pixel of slack is no overflow.
const SLACK = 1;

/** Which sides of a box have more to show; `scrollLeft` counts down from 0 in a right-to-left box. */
export function scrollEdges(box: ScrollMetrics): ScrollEdges {
  const sideways = box.scrollWidth - box.clientWidth;
  const offset = Math.abs(box.scrollLeft);
  const start = sideways > SLACK && offset > SLACK;
  const end = sideways > SLACK && offset < sideways - SLACK;
  return { start, end, scrolls: sideways > SLACK || box.scrollHeight - box.clientHeight > SLACK };
}

/** The visible hint while a table is wider than its box: which way the rest of it is. */
export function scrollHint(edges: ScrollEdges): string | null {
  if (edges.end) return "Scroll for more →";
  if (edges.start) return "← Scroll back";
  return null;
}

export const sameEdges = (a: ScrollEdges, b: ScrollEdges) =>
  a.start === b.start && a.end === b.end && a.scrolls === b.scrolls;
