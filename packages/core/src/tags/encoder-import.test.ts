import { describe, expect, it } from "vitest";
import { parseEncoderCsv } from "./encoder-import";

describe("parseEncoderCsv", () => {
  it("reads rows with or without a header, columns in any order, URLs or slugs", () => {
    expect(parseEncoderCsv("04A23B4C5D6E7F,ja-aaaaaaaaaa\n04:a2:3b:4c:5d:6e:80,ja-bbbbbbbbbb\n")).toEqual({
      rows: [
        { line: 1, uid: "04A23B4C5D6E7F", slug: "ja-aaaaaaaaaa" },
        { line: 2, uid: "04A23B4C5D6E80", slug: "ja-bbbbbbbbbb" },
      ],
      problems: [],
    });
    expect(
      parseEncoderCsv('\uFEFFURL,Chip,UID\r\n"https://releve.example/t/JA-aaaaaaaaaa",RLV-X,04A23B4C\r\n').rows,
    ).toEqual([{ line: 2, uid: "04A23B4C", slug: "ja-aaaaaaaaaa" }]);
  });

  it("reads a garment's Digital Link as its slug (issue #31)", () => {
    const csv = "UID,URL\n04A23B4C,https://releve.example/01/09520000000035/21/ja-aaaaaaaaaa\n";
    expect(parseEncoderCsv(csv)).toEqual({ rows: [{ line: 2, uid: "04A23B4C", slug: "ja-aaaaaaaaaa" }], problems: [] });
    // Not a garment's link: a product's (no serial) names no slug.
    expect(parseEncoderCsv("UID,URL\n04A23B4C,https://releve.example/01/09520000000035\n").problems).toHaveLength(1);
  });

  it("reports every bad row with its line, and keeps no half of a bad file's duplicates", () => {
    const { problems } = parseEncoderCsv(
      [
        "UID,Slug",
        "04A23B4C,ja-1",
        "nope,ja-2",
        "04A23B4D,",
        "04A23B4C,ja-3",
        "04A23B4E,ja-1",
        "04A23B4F,Bad Slug!",
      ].join("\n"),
    );
    expect(problems).toEqual([
      { line: 3, message: 'Line 3: "nope" is not a tag UID.' },
      { line: 4, message: "Line 4: a UID and a slug are required." },
      { line: 5, message: "Line 5: UID 04A23B4C is also on line 2." },
      { line: 6, message: "Line 6: slug ja-1 is also on line 2." },
      { line: 7, message: 'Line 7: "Bad Slug!" is not a garment slug.' },
    ]);
  });

  it("refuses a file that is not CSV, or has no rows", () => {
    expect(parseEncoderCsv('"04A23B4C,ja-1').problems[0]?.message).toMatch(/^The file is not valid CSV: /);
    expect(parseEncoderCsv("UID,Slug\n").problems).toEqual([{ line: 1, message: "The file has no rows." }]);
    expect(parseEncoderCsv("").problems).toEqual([{ line: 1, message: "The file has no rows." }]);
  });
});
