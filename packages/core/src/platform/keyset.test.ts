import { describe, expect, it } from "vitest";
import { formatTimeCursor, idCursorParam, parseTimeCursor, timeCursorAfter, timeCursorParam } from "./keyset";

describe("keyset cursors", () => {
  it("carry the last row of a page through a URL and back", () => {
    const row = { created_at: new Date(1_795_000_000_123), id: 42 };
    expect(timeCursorAfter(row)).toBe("1795000000123-42");
    expect(parseTimeCursor(timeCursorAfter(row))).toEqual({ createdAt: 1_795_000_000_123, id: 42 });
    expect(formatTimeCursor({ createdAt: 0, id: 1 })).toBe("0-1");
  });

  it("read nothing that is not one: the pages start from the newest, the API says 400", () => {
    for (const raw of ["", "x", "12", "12-0", "12-012", "-1-2", "1-2-3", "12-0x8", "1e3-4", `1-${2 ** 53}`]) {
      expect(parseTimeCursor(raw), raw).toBeNull();
      expect(timeCursorParam.safeParse(raw).success, raw).toBe(raw === "");
    }
    expect(timeCursorParam.parse(undefined)).toBeNull();
    for (const raw of ["0", "x", "012", "0x8", "1e3", " 7", "7-1"])
      expect(idCursorParam.safeParse(raw).success, raw).toBe(false);
    expect(idCursorParam.parse("7")).toBe(7);
    expect(idCursorParam.parse(undefined)).toBeNull();
  });
});
