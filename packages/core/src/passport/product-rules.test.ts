import { describe, expect, it } from "vitest";
import {
  CARE_CATEGORIES,
  CARE_SYMBOLS,
  careWords,
  compositionProblem,
  compositionText,
  countryName,
} from "./product-rules";

describe("product rules (issue #31)", () => {
  it("has a choice list for each of the five ISO 3758 categories, in order, each with words", () => {
    expect(Object.keys(CARE_SYMBOLS)).toEqual([...CARE_CATEGORIES]);
    for (const category of CARE_CATEGORIES) {
      const choices = Object.entries(CARE_SYMBOLS[category].choices);
      expect(choices.length).toBeGreaterThanOrEqual(3);
      for (const [code, words] of choices) expect(careWords(category, code)).toBe(words);
    }
    expect(careWords("washing", "no-bleach")).toBeNull();
    expect(careWords("ironing", "toString")).toBeNull();
  });

  it("holds a composition to whole shares that sum to 100, each fibre once", () => {
    expect(compositionProblem([])).toBeNull();
    expect(compositionProblem([{ fibre: "Silk", percent: 100 }])).toBeNull();
    expect(
      compositionProblem([
        { fibre: "Wool", percent: 70 },
        { fibre: "Cashmere", percent: 30 },
      ]),
    ).toBeNull();
    expect(
      compositionProblem([
        { fibre: "Wool", percent: 70 },
        { fibre: "Silk", percent: 20 },
      ]),
    ).toBe("The fibres' shares sum to 90%, not 100%.");
    expect(
      compositionProblem([
        { fibre: "Wool", percent: 50 },
        { fibre: "wool ", percent: 50 },
      ]),
    ).toBe("wool  is listed twice.");
    expect(
      compositionProblem([
        { fibre: "Wool", percent: 99.5 },
        { fibre: "Silk", percent: 0.5 },
      ]),
    ).toMatch(/whole number/);
    expect(compositionProblem([{ fibre: " ", percent: 100 }])).toBe("Each fibre needs a name.");
  });

  it("writes a composition as a label does, largest share first", () => {
    expect(
      compositionText([
        { fibre: "Elastane", percent: 8 },
        { fibre: "Silk", percent: 92 },
      ]),
    ).toBe("92% Silk, 8% Elastane");
  });

  it("knows ISO 3166 country codes and refuses the rest", () => {
    expect(countryName("FR")).toBe("France");
    expect(countryName("IT")).toBe("Italy");
    expect(countryName("fr")).toBeNull();
    expect(countryName("EU")).toBeNull();
    expect(countryName("XX")).toBeNull();
    expect(countryName("FRA")).toBeNull();
  });
});
