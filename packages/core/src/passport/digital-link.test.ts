import { describe, expect, it } from "vitest";
import { formatDigitalLink, isDigitalLinkSerial, parseDigitalLink } from "./digital-link";

const GTIN = "09506000134352";
const parse = (path: string, query = "") => parseDigitalLink(path, new URLSearchParams(query));

describe("GS1 Digital Link parse and format (issue #31)", () => {
  it("reads a product, a garment and every qualifier in order", () => {
    expect(parse(`/01/${GTIN}`)).toEqual({ ok: true, link: { gtin: GTIN } });
    expect(parse(`/01/${GTIN}/21/ja-7qk2m9xdwe`)).toEqual({ ok: true, link: { gtin: GTIN, serial: "ja-7qk2m9xdwe" } });
    expect(parse(`/01/${GTIN}/21/mb-001/`)).toEqual({ ok: true, link: { gtin: GTIN, serial: "mb-001" } });
    expect(parse(`/01/${GTIN}/22/V1/10/LOT%2F7/21/S%251`)).toEqual({
      ok: true,
      link: { gtin: GTIN, variant: "V1", lot: "LOT/7", serial: "S%1" },
    });
    expect(parse(`/01/${GTIN}/235/TPX-1`)).toEqual({ ok: true, link: { gtin: GTIN, tpx: "TPX-1" } });
    // Our own query words and date attributes are not AIs to refuse.
    expect(parse(`/01/${GTIN}/21/mb-001`, "linkType=gs1:pip&e=00&c=11&17=271231").ok).toBe(true);
  });

  it.each([
    ["/t/mb-001", "starts with /01/"],
    [`/01/${GTIN.slice(0, -1)}3`, "check digit"],
    ["/01/0950600013435A", "digits only"],
    ["/01/9506000134352", "14 digits"],
    [`/01/${GTIN}/21`, "needs a value"],
    [`/01/${GTIN}/21/mb-001/10/LOT`, "out of order"],
    [`/01/${GTIN}/10/A/22/B`, "out of order"],
    [`/01/${GTIN}/21/a/21/b`, "twice"],
    [`/01/${GTIN}/99/x`, "AI 99 cannot follow"],
    [`/01/${GTIN}/17/271231`, "AI 17 cannot follow"],
    [`/01/${GTIN}/foo/bar`, 'Unknown path segment "foo"'],
    [`/01/${GTIN}/235/x/21/y`, "stands alone"],
    [`/01/${GTIN}/21/${"a".repeat(21)}`, "at most 20"],
    [`/01/${GTIN}/21/a%20b`, "character GS1 does not allow"],
    [`/01/${GTIN}/21/caf%C3%A9`, "character GS1 does not allow"],
    [`/01/${GTIN}/21/%E0%A4%A`, "no readable value"],
    [`/01/${GTIN}/21/a%00`, "no readable value"],
    [`/01/${GTIN}//`, "needs a value"],
  ])("refuses %s (%s)", (path, reason) => {
    const parsed = parse(path);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });

  it("refuses AIs in the query that belong in the path, are unknown or repeat", () => {
    expect(parse(`/01/${GTIN}`, "21=mb-001")).toEqual({
      ok: false,
      reason: "AI 21 belongs in the path, not the query",
    });
    expect(parse(`/01/${GTIN}`, "999=x")).toEqual({ ok: false, reason: "Unknown AI 999 in the query" });
    expect(parse(`/01/${GTIN}`, "17=271231&17=281231")).toEqual({ ok: false, reason: "AI 17 appears twice" });
  });

  it("formats the uncompressed link, escaping what GS1 escapes, and reads it back", () => {
    expect(formatDigitalLink("https://releve.example", { gtin: GTIN })).toBe(`https://releve.example/01/${GTIN}`);
    expect(formatDigitalLink("https://releve.example", { gtin: GTIN, serial: "mb-001" })).toBe(
      `https://releve.example/01/${GTIN}/21/mb-001`,
    );
    for (const serial of ["mb-001", "A/B?C", "x!'()*+,;=", '50%"off', "ja-7qk2m9xdwe"]) {
      const url = new URL(formatDigitalLink("https://r.example", { gtin: GTIN, serial }));
      expect(url.pathname.split("/")).toHaveLength(5);
      expect(parseDigitalLink(url.pathname, url.searchParams)).toEqual({ ok: true, link: { gtin: GTIN, serial } });
    }
  });

  it("says which slugs can be a serial (CSET 82, at most 20 characters)", () => {
    expect(isDigitalLinkSerial("ja-7qk2m9xdwe")).toBe(true);
    expect(isDigitalLinkSerial("a".repeat(20))).toBe(true);
    expect(isDigitalLinkSerial("a".repeat(21))).toBe(false);
    expect(isDigitalLinkSerial("")).toBe(false);
  });
});
