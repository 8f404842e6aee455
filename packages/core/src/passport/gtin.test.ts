import { describe, expect, it } from "vitest";
import { gtinCheckDigit, gtinFor, gtinProblem, isGtin14 } from "./gtin";

describe("GTIN-14 (issue #31)", () => {
  it("computes the GS1 check digit from the right (3, 1, 3, …)", () => {
    // GS1's own examples: 0950600013435-2, 0950600016490-8; GTIN-8 0234567-3.
    expect(gtinCheckDigit("0950600013435")).toBe(2);
    expect(gtinCheckDigit("0950600016490")).toBe(8);
    expect(gtinCheckDigit("0234567")).toBe(3);
    expect(gtinCheckDigit("000000000000")).toBe(0);
    expect(gtinCheckDigit("12a")).toBeNull();
  });

  it("accepts a 14-digit GTIN with its check digit and names what is wrong otherwise", () => {
    expect(isGtin14("09506000134352")).toBe(true);
    expect(gtinProblem("09506000134353")).toBe("The GTIN's check digit is wrong");
    expect(gtinProblem("9506000134352")).toMatch(/14 digits/);
    expect(gtinProblem("0950600013435X")).toBe("A GTIN has digits only");
    expect(gtinProblem("")).toBe("A GTIN has digits only");
    // Every single-digit change of a valid GTIN is caught.
    const valid = "09506000134352";
    for (let i = 0; i < 14; i++) {
      for (let d = 0; d < 10; d++) {
        const changed = `${valid.slice(0, i)}${d}${valid.slice(i + 1)}`;
        if (changed !== valid) expect(isGtin14(changed), changed).toBe(false);
      }
    }
  });

  it("makes a brand's GTINs from its company prefix and an item reference", () => {
    expect(gtinFor("9506000", 13435)).toBe("09506000134352");
    expect(gtinFor("9506000", 1)).toBe("09506000000015");
    const made = gtinFor("950600012345", 0);
    expect(made).toHaveLength(14);
    expect(isGtin14(made ?? "")).toBe(true);
    expect(gtinFor("9506000", 100_000)).toBeNull();
    expect(gtinFor("12345", 1)).toBeNull();
    expect(gtinFor("95x6000", 1)).toBeNull();
  });
});
