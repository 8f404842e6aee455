import { describe, expect, it } from "vitest";
import { contactsCsv, contactsCsvFileName, neutraliseFormula, toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes commas, quotes and newlines", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          ["line1\nline2", 3],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line1\nline2",3\r\n');
  });

  it("neutralises spreadsheet formulas", () => {
    expect(neutraliseFormula('=HYPERLINK("http://evil")')).toBe('\'=HYPERLINK("http://evil")');
    for (const lead of ["+", "-", "@", "\t"]) expect(neutraliseFormula(`${lead}1`)).toBe(`'${lead}1`);
    expect(neutraliseFormula("Camille")).toBe("Camille");
    expect(toCsv(["n"], [["=1+1"]])).toBe("n\r\n'=1+1\r\n");
  });
});

describe("contacts export", () => {
  it("has the spec's columns and values", () => {
    const csv = contactsCsv([
      {
        first_name: "Jules",
        last_name: "Martin",
        email: "jules@example.com",
        phone: "+331",
        instagram: "jules",
        linkedin: null,
        event_name: "Gala",
        created_at: new Date("2026-11-20T10:00:00Z"),
        contacted_at: new Date("2026-11-21T10:00:00Z"),
        notes: "Met at the gala",
        contact_notes: "Follow up",
      },
    ]);
    expect(csv).toBe(
      "Name,Email,Phone,Instagram,LinkedIn,Event,Date,Contacted,Notes\r\n" +
        "Jules Martin,jules@example.com,'+331,jules,,Gala,2026-11-20,Yes,Met at the gala | Follow up\r\n",
    );
  });

  it("names the file after the garment and the date", () => {
    expect(contactsCsvFileName("Cashmere Gown (Noir)", new Date("2026-11-22T12:00:00Z"))).toBe(
      "cashmere-gown-noir-contacts-2026-11-22.csv",
    );
    expect(contactsCsvFileName("Élan Écharpe", new Date("2026-11-22T12:00:00Z"))).toBe(
      "elan-echarpe-contacts-2026-11-22.csv",
    );
  });
});
