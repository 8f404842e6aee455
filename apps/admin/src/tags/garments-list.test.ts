import { describe, expect, it } from "vitest";
import { digitalLinkPath, garmentKind, garmentsEmptyText, statusToggledTitle } from "./garments-list";

describe("the garments list", () => {
  it("says why it is empty: the search, else the filter", () => {
    expect(garmentsEmptyText("silk", "claimed")).toBe("No claimed garment matches “silk”.");
    expect(garmentsEmptyText("silk", "all")).toBe("No garment matches “silk”.");
    expect(garmentsEmptyText("", "claimed")).toBe("No garment has been claimed yet.");
    expect(garmentsEmptyText("", "all")).toBe("No garments yet.");
  });

  it("shows a garment's brand and type as far as known", () => {
    expect(garmentKind({ brand: "Relevé", garmentType: "Dress" })).toBe("Relevé · Dress");
    expect(garmentKind({ brand: null, garmentType: "Dress" })).toBe("Dress");
    expect(garmentKind({ brand: null, garmentType: null })).toBe("—");
  });

  it("shows a GS1 Digital Link by its path", () => {
    expect(digitalLinkPath("https://releve.test/01/09520000000035/21/cg-003")).toBe("/01/09520000000035/21/cg-003");
  });

  it("announces what a toggle made of the garment", () => {
    expect(statusToggledTitle({ isActive: true })).toBe("Garment deactivated");
    expect(statusToggledTitle({ isActive: false })).toBe("Garment activated");
  });
});
