import { describe, expect, it } from "vitest";
import { toCsv } from "../platform/csv";
import { PRODUCT_CSV_COLUMNS, parseComposition, parseProductCsv, productCsvRow } from "./product-csv";

const gown = {
  gtin: "09520000000035",
  name: "Cashmere Gown",
  garment_type: "Dress",
  description: "-Long, with a train",
  composition: [
    { fibre: "Cashmere", percent: 92 },
    { fibre: "Silk", percent: 8 },
  ],
  country_of_making: "IT",
  care: {
    washing: "hand-wash",
    bleaching: "no-bleach",
    drying: "flat-dry",
    ironing: null,
    professional: "dry-clean-p",
  },
  services_text: "Repairs for life",
  services_url: "https://releve.example/repairs",
  recycled_percent: 12,
};

describe("product CSV", () => {
  it("reads back what the export wrote, the formula guard on a leading dash included", () => {
    const csv = toCsv([...PRODUCT_CSV_COLUMNS], [productCsvRow(gown)]);
    const { rows, problems } = parseProductCsv(csv);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        body: {
          ...gown,
          care: {
            washing: "hand-wash",
            bleaching: "no-bleach",
            drying: "flat-dry",
            ironing: null,
            professional: "dry-clean-p",
          },
        },
      },
    ]);
  });

  it("takes the columns in any order and leaves absent ones empty", () => {
    const { rows } = parseProductCsv("name,gtin\r\nShirt,09520000000011\r\n");
    expect(rows[0]?.body).toMatchObject({ gtin: "09520000000011", name: "Shirt", composition: [], description: null });
  });

  it("refuses an unknown column, a missing GTIN column, a GTIN twice and an unreadable composition", () => {
    expect(parseProductCsv("GTIN,Name,Colour\r\n1,a,red\r\n").problems).toEqual([
      { line: 1, message: 'Line 1: "Colour" is not a column.' },
    ]);
    expect(parseProductCsv("Name\r\na\r\n").problems).toEqual([
      { line: 1, message: "Line 1: the header needs a GTIN column." },
    ]);
    const twice = parseProductCsv("GTIN,Name,Composition\r\n09520000000011,a,\r\n09520000000011,b,\r\n3,c,silk\r\n");
    expect(twice.problems).toEqual([
      { line: 3, message: "Line 3: GTIN 09520000000011 is also on line 2." },
      { line: 4, message: 'Line 4: Composition: "silk" is not a share and a fibre, like "92% Silk".' },
    ]);
    expect(parseProductCsv("GTIN,Name\r\n").problems).toEqual([{ line: 2, message: "The file has no products." }]);
  });

  it("parses a composition as a label reads", () => {
    expect(parseComposition("92% Silk, 8 % Elastane")).toEqual({
      fibres: [
        { fibre: "Silk", percent: 92 },
        { fibre: "Elastane", percent: 8 },
      ],
    });
    expect(parseComposition("")).toEqual({ fibres: [] });
  });
});
