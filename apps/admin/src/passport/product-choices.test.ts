import { describe, expect, it } from "vitest";
import { type ProductChoice, productChoices, productPickerHint } from "./product-choices";

const gown: ProductChoice = { id: 8, gtin: "09520000000035", name: "Cashmere Gown", garment_type: "Dress" };
const shirt: ProductChoice = { id: 9, gtin: "09520000000042", name: "Silk Shirt", garment_type: "Shirt" };

describe("productChoices", () => {
  it("lists what the search found", () => {
    expect(productChoices(null, [gown, shirt])).toEqual([gown, shirt]);
    expect(productChoices(gown, [gown, shirt])).toEqual([gown, shirt]);
  });

  it("keeps the chosen product listed, first, when another search no longer finds it", () => {
    expect(productChoices(gown, [shirt])).toEqual([gown, shirt]);
    expect(productChoices(gown, [])).toEqual([gown]);
  });
});

describe("productPickerHint", () => {
  it("says why the products are missing, that they load, or that none matches", () => {
    expect(productPickerHint({ error: new Error("Forbidden"), isPending: false, shown: 0 })).toBe(
      "The products could not be loaded: Forbidden",
    );
    expect(productPickerHint({ error: null, isPending: true, shown: 0 })).toBe("Loading products...");
    expect(productPickerHint({ error: null, isPending: false, shown: 0 })).toBe(
      "No product matches: add it on the Products page first.",
    );
    expect(productPickerHint({ error: null, isPending: false, shown: 2 })).toBe(
      "Its tag then carries the garment's GS1 Digital Link.",
    );
  });
});
