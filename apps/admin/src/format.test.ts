import { describe, expect, it } from "vitest";
import { formatDate, showingText } from "./format";

describe("formatDate", () => {
  it("shows a time in UTC, day month year and hour", () => {
    expect(formatDate(Date.UTC(2026, 2, 5, 23, 30))).toBe("5 Mar 2026, 23:30");
  });

  it("shows a dash for no time, but the epoch as a time", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDate(0)).toBe("1 Jan 1970, 00:00");
  });
});

describe("showingText", () => {
  it("counts the rows shown of the total, the noun by the total", () => {
    expect(showingText(20, 1204, ["tag", "tags"])).toBe("Showing 20 of 1,204 tags");
    expect(showingText(1, 1, ["tag", "tags"])).toBe("Showing 1 of 1 tag");
    expect(showingText(0, 0, ["tag", "tags"])).toBe("Showing 0 of 0 tags");
  });

  it("without a total, counts the rows shown, the noun by them", () => {
    expect(showingText(1, undefined, ["scan", "scans"])).toBe("Showing 1 scan");
    expect(showingText(2500, undefined, ["scan", "scans"])).toBe("Showing 2,500 scans");
  });
});
