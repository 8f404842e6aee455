import { describe, expect, it } from "vitest";
import { scanGarment, scanPlace, suspectText } from "./scan-text";

describe("scan history's words", () => {
  it("names the garment with its brand, else the slug tapped, else a dash", () => {
    expect(scanGarment({ garment: { name: "Cashmere Gown", brand: "Relevé" }, slug: "cg-003" })).toBe(
      "Cashmere Gown · Relevé",
    );
    expect(scanGarment({ garment: { name: "Cashmere Gown", brand: null }, slug: "cg-003" })).toBe("Cashmere Gown");
    expect(scanGarment({ garment: null, slug: "nope-1" })).toBe("nope-1");
    expect(scanGarment({ garment: null, slug: null })).toBe("—");
  });

  it("places a tap as far as known", () => {
    expect(scanPlace({ city: "Paris", country: "FR" }, "—")).toBe("Paris, FR");
    expect(scanPlace({ city: null, country: "FR" }, "—")).toBe("FR");
    expect(scanPlace({ city: "", country: null }, "Place unknown")).toBe("Place unknown");
  });

  it("says why a secure tap was refused", () => {
    expect(suspectText("replay", "Suspect tap")).toBe("A counter already seen: a replayed link");
    expect(suspectText(null, "Suspect tap")).toBe("Suspect tap");
  });
});
