import { describe, expect, it } from "vitest";
import { batchProgramInput, EMPTY_PROGRAM, type ProgramDraft } from "./batch-program";

const draft: ProgramDraft = {
  product: { id: 8, gtin: "09520000000035", name: "Cashmere Gown", garment_type: "Dress" },
  garment_type: "Dress",
  count: "250",
  name: "Cashmere Gown",
  size: "M",
  color: "Ivory",
  sku_prefix: "CG-",
  tag_type: "NTAG215",
};

describe("batchProgramInput", () => {
  it("sends every detail typed, the count as a number and the product's id", () => {
    expect(batchProgramInput(draft, false)).toEqual({
      garment_type: "Dress",
      count: 250,
      name: "Cashmere Gown",
      size: "M",
      color: "Ivory",
      sku_prefix: "CG-",
      tag_type: "NTAG215",
      pool: false,
      product_id: 8,
    });
  });

  it("a pre-encoded pool sends no details: the owner names each piece", () => {
    expect(batchProgramInput(draft, true)).toMatchObject({
      name: null,
      size: null,
      color: null,
      sku_prefix: null,
      pool: true,
      garment_type: "Dress",
      count: 250,
      product_id: 8,
    });
  });

  it("sends blank details as null and the count as typed (blank as NaN) for the server to judge", () => {
    const input = batchProgramInput({ ...EMPTY_PROGRAM, garment_type: "Hat", count: " " }, false);
    expect(input).toMatchObject({ name: null, size: null, color: null, sku_prefix: null, product_id: null });
    expect(input.count).toBeNaN();
    expect(batchProgramInput({ ...EMPTY_PROGRAM, count: "12x" }, false).count).toBeNaN();
    expect(batchProgramInput({ ...EMPTY_PROGRAM, count: "1e3" }, false).count).toBe(1000);
  });

  it("starts on the default tag type", () => {
    expect(batchProgramInput(EMPTY_PROGRAM, false).tag_type).toBe("NTAG213");
  });
});
