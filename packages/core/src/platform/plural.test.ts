import { describe, expect, it } from "vitest";
import { counted } from "./plural";

describe("counted", () => {
  it("says one in the singular, any other count in the plural, with grouped digits", () => {
    expect(counted(1, ["tap", "taps"])).toBe("1 tap");
    expect(counted(0, ["tap", "taps"])).toBe("0 taps");
    expect(counted(2, ["scan", "scans"])).toBe("2 scans");
    expect(counted(12_345, ["scan", "scans"])).toBe("12,345 scans");
  });
});
