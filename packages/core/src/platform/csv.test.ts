import { describe, expect, it } from "vitest";
import { type ContactCsvRow, contactsCsv, contactsCsvFileName, neutraliseFormula, phoneCell, toCsv } from "./csv";
import { readCsvRecords } from "./csv-read";

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
        phone: "+33611223344",
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
        "Jules Martin,jules@example.com,+33611223344,jules,,Gala,2026-11-20,Yes,Met at the gala | Follow up\r\n",
    );
  });

  it("reads each phone as typed, with no apostrophe, and starts no cell with a formula (decision 0056)", () => {
    const contact = (phone: string | null, first_name = "Ada"): ContactCsvRow => ({
      first_name,
      last_name: null,
      email: null,
      phone,
      instagram: null,
      linkedin: null,
      event_name: null,
      created_at: new Date("2026-11-20T10:00:00Z"),
      contacted_at: null,
      notes: null,
      contact_notes: null,
    });
    const phones = ["+33611223344", "0611223344", "+1 (415) 555-0100", "-0611223344", "06.11.22.33.44"];
    const parsed = readCsvRecords(
      contactsCsv([...phones.map((p) => contact(p)), contact(null), contact("=1+1"), contact("+1", "@SUM(A1)")]),
    );
    if (!("records" in parsed)) throw new Error(parsed.problem.message);
    const [header, ...rows] = parsed.records.map((r) => r.record);
    const phone = header?.indexOf("Phone") ?? -1;
    // Issue #49: E.164 for a number with its country code, as stored without; nothing invisible.
    expect(rows.slice(0, phones.length).map((r) => r[phone])).toEqual([
      "+33611223344",
      "0611223344",
      "+14155550100",
      "'-0611223344",
      "06.11.22.33.44",
    ]);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/[\u200B-\u200D\uFEFF]/);
    expect(rows[phones.length]?.[phone]).toBe("");
    // Not a phone number: text like any other, its formula neutralised.
    expect(rows[phones.length + 1]?.[phone]).toBe("'=1+1");
    expect(rows[phones.length + 2]?.[0]).toBe("'@SUM(A1)");
    // Nothing starts a formula: only an E.164 number starts with '+'.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^(?!\+[1-9][0-9]{5,14}$)[=+\-@\t\r]/);
  });

  it("writes an E.164 number as it is, and no other cell that starts a formula", () => {
    expect(phoneCell("+33 6 11 22 33 44")).toBe("+33611223344");
    expect(phoneCell(null)).toBeNull();
    expect(phoneCell("")).toBeNull();
    expect(phoneCell("+33 6 12 =1")).toBe("+33 6 12 =1");
    expect(phoneCell("12345")).toBe("12345");
    expect(neutraliseFormula("+33611223344")).toBe("+33611223344");
    expect(neutraliseFormula("+33611223344+1")).toBe("'+33611223344+1");
    expect(neutraliseFormula("+1")).toBe("'+1");
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
