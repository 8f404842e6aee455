import type { ProgrammedTag } from "@releve/core/tags/contracts";
import { describe, expect, it } from "vitest";
import type { ProductChoice } from "../../passport/product-choices";
import { adminTag } from "../../testing/doubles";
import {
  canRetryWrite,
  EMPTY_DRAFT,
  nextDraft,
  type ProgramDraft,
  type ProgramRun,
  programBody,
  withProduct,
} from "./program-draft";

const gown: ProductChoice = { id: 8, gtin: "09520000000035", name: "Cashmere Gown", garment_type: "Dress" };
const typed: ProgramDraft = {
  product: null,
  name: "Silk shirt",
  garment_type: "Shirt",
  size: "S",
  color: "Navy",
  sku: "SS-1",
  batch_id: "4",
  tag_type: "NTAG216",
};

describe("programBody", () => {
  it("sends what is typed, the batch as a number", () => {
    expect(programBody(typed)).toEqual({
      name: "Silk shirt",
      garment_type: "Shirt",
      size: "S",
      color: "Navy",
      sku: "SS-1",
      batch_id: 4,
      tag_type: "NTAG216",
      product_id: null,
    });
  });

  it("sends blank choices as null, the name and type as they are for the server to refuse", () => {
    expect(programBody(EMPTY_DRAFT)).toEqual({
      name: "",
      garment_type: "",
      size: null,
      color: null,
      sku: null,
      batch_id: null,
      tag_type: "NTAG213",
      product_id: null,
    });
  });
});

describe("the form after a tag is programmed", () => {
  it("empties for the next garment, keeping the batch and tag type", () => {
    expect(nextDraft({ ...typed, product: gown })).toEqual({ ...EMPTY_DRAFT, batch_id: "4", tag_type: "NTAG216" });
  });
});

describe("withProduct", () => {
  it("fills the garment's name and type from the product picked", () => {
    const picked = withProduct(typed, gown);
    expect(picked).toMatchObject({ product: gown, name: "Cashmere Gown", garment_type: "Dress", color: "Navy" });
    expect(programBody(picked).product_id).toBe(8);
  });

  it("keeps what was typed when the product has no type, or is cleared", () => {
    expect(withProduct(typed, { ...gown, garment_type: null })).toMatchObject({ garment_type: "Shirt" });
    expect(withProduct(withProduct(typed, gown), null)).toMatchObject({
      product: null,
      name: "Cashmere Gown",
      garment_type: "Dress",
    });
  });
});

describe("canRetryWrite", () => {
  const programmed: ProgrammedTag = {
    tag: adminTag({ status: "uninitialized" }),
    url: "https://releve.test/t/cg-003",
    qr: "data:image/svg+xml,",
    tagType: "NTAG213",
    byteBudget: 144,
  };
  const run = (over: Partial<ProgramRun>): ProgramRun => ({
    programmed,
    mode: "web-nfc",
    phase: "done",
    ok: false,
    tag: adminTag({ status: "inactive", writeError: "Tag moved away" }),
    simulatedUid: null,
    error: "Tag moved away",
    attachedTo: null,
    ...over,
  });

  it("offers a retry once a failed write is recorded on the tag", () => {
    expect(canRetryWrite(run({}))).toBe(true);
  });

  it("offers none while writing, after a success, or when the recording itself failed", () => {
    expect(canRetryWrite(run({ phase: "recording" }))).toBe(false);
    expect(canRetryWrite(run({ ok: true, tag: adminTag() }))).toBe(false);
    expect(canRetryWrite(run({ ok: null }))).toBe(false);
    expect(canRetryWrite(run({ tag: adminTag({ status: "inactive", writeError: null }) }))).toBe(false);
    expect(canRetryWrite(run({ tag: adminTag({ status: "locked", writeError: "x" }) }))).toBe(false);
  });
});
