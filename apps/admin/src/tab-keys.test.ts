import { describe, expect, it } from "vitest";
import { tabIndexAfter } from "./tab-keys";

describe("tabIndexAfter", () => {
  it("moves with the arrows, wrapping at both ends", () => {
    expect(tabIndexAfter("ArrowRight", 0, 4)).toBe(1);
    expect(tabIndexAfter("ArrowRight", 3, 4)).toBe(0);
    expect(tabIndexAfter("ArrowLeft", 2, 4)).toBe(1);
    expect(tabIndexAfter("ArrowLeft", 0, 4)).toBe(3);
  });

  it("goes to the first tab with Home and the last with End", () => {
    expect(tabIndexAfter("Home", 2, 4)).toBe(0);
    expect(tabIndexAfter("End", 0, 4)).toBe(3);
  });

  it("stays on the only tab there is", () => {
    expect(tabIndexAfter("ArrowRight", 0, 1)).toBe(0);
    expect(tabIndexAfter("ArrowLeft", 0, 1)).toBe(0);
  });

  it("ignores every other key (Tab leaves the tab list as usual)", () => {
    for (const key of ["Tab", "Enter", " ", "ArrowDown", "ArrowUp", "a"]) expect(tabIndexAfter(key, 1, 4)).toBeNull();
  });
});
