import { describe, expect, it } from "vitest";
import { sameEdges, scrollEdges, scrollHint } from "./scroll-edges";

const box = (scrollLeft: number, clientWidth: number, scrollWidth: number, clientHeight = 100, scrollHeight = 100) => ({
  scrollLeft,
  clientWidth,
  scrollWidth,
  clientHeight,
  scrollHeight,
});

describe("scrollEdges", () => {
  it("a table that fits hides nothing and does not scroll", () => {
    expect(scrollEdges(box(0, 400, 400))).toEqual({ start: false, end: false, scrolls: false });
  });

  it("a fraction of a pixel over is not an overflow", () => {
    expect(scrollEdges(box(0, 348, 348.6))).toEqual({ start: false, end: false, scrolls: false });
  });

  it("a wider table at its start has more after it only", () => {
    expect(scrollEdges(box(0, 348, 960))).toEqual({ start: false, end: true, scrolls: true });
  });

  it("half way, more on both sides", () => {
    expect(scrollEdges(box(300, 348, 960))).toEqual({ start: true, end: true, scrolls: true });
  });

  it("scrolled to the end (to the rounded pixel), more before it only", () => {
    expect(scrollEdges(box(612, 348, 960))).toEqual({ start: true, end: false, scrolls: true });
    expect(scrollEdges(box(611.5, 348, 960))).toEqual({ start: true, end: false, scrolls: true });
  });

  it("reads a right-to-left box's negative offsets the same way", () => {
    expect(scrollEdges(box(-300, 348, 960))).toEqual({ start: true, end: true, scrolls: true });
  });

  it("a box that only scrolls down scrolls, with nothing hidden sideways", () => {
    expect(scrollEdges(box(0, 400, 400, 320, 900))).toEqual({ start: false, end: false, scrolls: true });
  });
});

describe("scrollHint", () => {
  it("points to the rest of the table, and says nothing when it all shows", () => {
    expect(scrollHint({ start: false, end: true, scrolls: true })).toBe("Scroll for more →");
    expect(scrollHint({ start: true, end: true, scrolls: true })).toBe("Scroll for more →");
    expect(scrollHint({ start: true, end: false, scrolls: true })).toBe("← Scroll back");
    expect(scrollHint({ start: false, end: false, scrolls: true })).toBeNull();
  });
});

describe("sameEdges", () => {
  it("compares every side", () => {
    const a = { start: true, end: false, scrolls: true };
    expect(sameEdges(a, { ...a })).toBe(true);
    expect(sameEdges(a, { ...a, end: true })).toBe(false);
    expect(sameEdges(a, { ...a, scrolls: false })).toBe(false);
  });
});
