import type { Product } from "@releve/core/passport/contracts";
import { describe, expect, it } from "vitest";
import { compositionSum, countryHint, type FibreDraft, fibreRow, productBody, productDraft } from "./product-draft";

const gown: Product = {
  id: 8,
  gtin: "09520000000035",
  name: "Cashmere Gown",
  garment_type: "Dress",
  description: null,
  composition: [
    { fibre: "Cashmere", percent: 92 },
    { fibre: "Silk", percent: 8 },
  ],
  country_of_making: "IT",
  care: { washing: "hand-wash", bleaching: null, drying: null, ironing: null, professional: null },
  services_text: null,
  services_url: null,
  recycled_percent: 0,
  photo: null,
  garments: 3,
  created_at: 1_700_000_000_000,
  updated_at: 1_700_000_000_000,
};

const fibres = (...rows: [string, string][]): FibreDraft[] => rows.map(([fibre, percent]) => fibreRow(fibre, percent));

describe("productDraft", () => {
  it("a new product: one empty fibre row, no care given, every field blank", () => {
    const draft = productDraft(null);
    expect(draft.fibres).toHaveLength(1);
    expect(draft.fibres[0]).toMatchObject({ fibre: "", percent: "" });
    expect(draft.care).toEqual({ washing: "", bleaching: "", drying: "", ironing: "", professional: "" });
    expect(draft).toMatchObject({ gtin: "", name: "", garment_type: "", recycled_percent: "" });
  });

  it("a product: its fields as text, a recycled share of 0 kept", () => {
    const draft = productDraft(gown);
    expect(draft.fibres.map((f) => [f.fibre, f.percent])).toEqual([
      ["Cashmere", "92"],
      ["Silk", "8"],
    ]);
    expect(draft.care.washing).toBe("hand-wash");
    expect(draft.care.drying).toBe("");
    expect(draft).toMatchObject({ description: "", country_of_making: "IT", recycled_percent: "0" });
  });

  it("gives every fibre row a key of its own", () => {
    const keys = [...productDraft(gown).fibres, ...productDraft(gown).fibres, fibreRow()].map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("productBody", () => {
  it("round-trips a product as the API takes it", () => {
    expect(productBody(productDraft(gown))).toEqual({
      gtin: "09520000000035",
      name: "Cashmere Gown",
      garment_type: "Dress",
      description: null,
      composition: [
        { fibre: "Cashmere", percent: 92 },
        { fibre: "Silk", percent: 8 },
      ],
      country_of_making: "IT",
      care: { washing: "hand-wash", bleaching: null, drying: null, ironing: null, professional: null },
      services_text: null,
      services_url: null,
      recycled_percent: 0,
    });
  });

  it("leaves blank fibre rows out and sends a share that is not a number as typed, for the server to name", () => {
    const draft = { ...productDraft(null), gtin: " 09520000000035 ", recycled_percent: " 3 " };
    draft.fibres = fibres(["Wool", " 60 "], ["", " "], ["Silk", "forty"], ["", "10"]);
    const body = productBody(draft);
    expect(body.gtin).toBe("09520000000035");
    expect(body.composition).toEqual([
      { fibre: "Wool", percent: 60 },
      { fibre: "Silk", percent: "forty" },
      { fibre: "", percent: 10 },
    ]);
    expect(body.recycled_percent).toBe(3);
    expect(productBody({ ...draft, recycled_percent: "" }).recycled_percent).toBeNull();
    expect(productBody({ ...draft, country_of_making: "  " }).country_of_making).toBeNull();
  });
});

describe("compositionSum", () => {
  it("says there are no fibres yet", () => {
    expect(compositionSum(fibres(["", ""]))).toEqual({ text: "No fibres yet.", wrong: false });
  });

  it("sums the shares as typed, a share that is not a number counting 0", () => {
    expect(compositionSum(fibres(["Cashmere", "92"], ["Silk", "8"]))).toEqual({
      text: "The shares sum to 100%.",
      wrong: false,
    });
    expect(compositionSum(fibres(["Wool", "60"], ["Silk", "lots"]))).toEqual({
      text: "The shares sum to 60%: they must sum to 100%.",
      wrong: true,
    });
    expect(compositionSum(fibres(["Wool", ""]))).toMatchObject({
      text: "The shares sum to 0%: they must sum to 100%.",
    });
  });
});

describe("countryHint", () => {
  it("names the country of a two-letter code, in any case", () => {
    expect(countryHint("it")).toBe("Italy");
    expect(countryHint(" FR ")).toBe("France");
  });

  it("says a two-letter code is not a country, or what to type", () => {
    expect(countryHint("ZZ")).toBe("Not an ISO 3166 code");
    expect(countryHint("")).toBe("Two letters, like FR or IT");
    expect(countryHint("ITA")).toBe("Two letters, like FR or IT");
  });
});
