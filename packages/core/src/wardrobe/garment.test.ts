import { describe, expect, it } from "vitest";
import { garmentLabels, garmentPhoto } from "./garment";

describe("garmentLabels", () => {
  it("falls back as the spec says", () => {
    expect(garmentLabels({})).toEqual({
      name: "Untitled Piece",
      brand: "Relevé",
      type: "Item",
      color: "N/A",
      size: "N/A",
    });
    expect(garmentLabels({ title: "Silk Shirt", color: " " }).name).toBe("Silk Shirt");
    expect(garmentLabels({ name: "Gown", title: "Other" }).name).toBe("Gown");
  });
});

describe("garmentPhoto", () => {
  it.each([
    [{ name: "Silk Shirt" }, "detail"],
    [{ garment_type: "Blouse" }, "detail"],
    [{ name: "Evening Ensemble" }, "grid"],
    [{ name: "Jumpsuit" }, "grid"],
    [{ name: "Cashmere Gown" }, "collection"],
  ] as const)("%o -> %s", (g, photo) => {
    expect(garmentPhoto(g)).toBe(photo);
  });
});
