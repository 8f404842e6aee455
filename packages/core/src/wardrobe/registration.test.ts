import { describe, expect, it } from "vitest";
import {
  GarmentRegistrationSchema,
  latestPurchaseDate,
  REGISTRATION_MESSAGES,
  registrationErrors,
  tapRegistrationSchema,
} from "./registration";

const now = Date.parse("2026-03-15T12:00:00Z");
const tap = tapRegistrationSchema(() => now);

describe("tap registration details", () => {
  it("trims, and turns blank optional fields into null", () => {
    expect(tap.parse({ name: "  Silk slip ", style: "dress", size: "", sku: "  ", purchase_date: "" })).toEqual({
      name: "Silk slip",
      style: "dress",
      size: null,
      sku: null,
      purchase_date: null,
    });
    expect(tap.parse({ name: "Coat", style: "jacket", size: "XL", sku: "A-1", purchase_date: "2024-02-29" })).toEqual({
      name: "Coat",
      style: "jacket",
      size: "XL",
      sku: "A-1",
      purchase_date: "2024-02-29",
    });
  });

  it("refuses a missing or whitespace-only name or style with the spec's message", () => {
    for (const input of [{ style: "top" }, { name: " \t\n", style: "top" }, { name: "Top", style: "  " }]) {
      const result = tap.safeParse(input);
      expect(result.success).toBe(false);
      if (!result.success) expect(registrationErrors(result.error).message).toBe(REGISTRATION_MESSAGES.requiredFields);
    }
  });

  it("takes only the offered styles and sizes, exactly", () => {
    for (const [field, value, message] of [
      ["style", "Dress", REGISTRATION_MESSAGES.style],
      ["style", "coat", REGISTRATION_MESSAGES.style],
      ["size", "XXL", REGISTRATION_MESSAGES.tapSize],
      ["size", "m", REGISTRATION_MESSAGES.tapSize],
    ] as const) {
      const result = tap.safeParse({ name: "Piece", style: "top", [field]: value });
      expect(result.success, `${field}=${value}`).toBe(false);
      if (!result.success) expect(registrationErrors(result.error).fields[field]).toBe(message);
    }
  });

  it("takes a real calendar date that is not in the future anywhere on Earth", () => {
    expect(latestPurchaseDate(now)).toBe("2026-03-16");
    expect(latestPurchaseDate(Date.parse("2026-03-15T09:59:59Z"))).toBe("2026-03-15");
    expect(tap.safeParse({ name: "P", style: "top", purchase_date: "2026-03-16" }).success).toBe(true);
    for (const [date, message] of [
      ["2026-03-17", REGISTRATION_MESSAGES.dateFuture],
      ["2025-02-29", REGISTRATION_MESSAGES.dateFormat],
      ["2025-13-01", REGISTRATION_MESSAGES.dateFormat],
      ["15/03/2025", REGISTRATION_MESSAGES.dateFormat],
      ["2025-3-1", REGISTRATION_MESSAGES.dateFormat],
      ["1899-12-31", REGISTRATION_MESSAGES.dateFormat],
      ["2025-03-01T00:00", REGISTRATION_MESSAGES.dateFormat],
    ] as const) {
      const result = tap.safeParse({ name: "P", style: "top", purchase_date: date });
      expect(result.success, date).toBe(false);
      if (!result.success) expect(registrationErrors(result.error).fields.purchase_date).toBe(message);
    }
  });
});

describe("the registration form", () => {
  it("requires name, garment type and chip id; size is XS to XXL or nothing", () => {
    expect(GarmentRegistrationSchema.parse({ name: " Gown ", garment_type: "Dress", chip_id: " mb-001 " })).toEqual({
      name: "Gown",
      garment_type: "Dress",
      chip_id: "mb-001",
      size: null,
    });
    expect(GarmentRegistrationSchema.parse({ name: "G", garment_type: "Hat", chip_id: "x", size: "XXL" }).size).toBe(
      "XXL",
    );
    for (const input of [
      {},
      { name: "G", garment_type: "Dress", chip_id: "   " },
      { name: "   ", garment_type: "Dress", chip_id: "mb-001" },
      { name: "G", garment_type: "", chip_id: "mb-001" },
    ]) {
      const result = GarmentRegistrationSchema.safeParse(input);
      expect(result.success).toBe(false);
      if (!result.success) expect(registrationErrors(result.error).message).toBe(REGISTRATION_MESSAGES.requiredFields);
    }
    const wrongType = GarmentRegistrationSchema.safeParse({ name: "G", garment_type: "Coat", chip_id: "x" });
    expect(wrongType.success).toBe(false);
    if (!wrongType.success) expect(registrationErrors(wrongType.error).message).toBe(REGISTRATION_MESSAGES.garmentType);
  });
});

describe("registration refusals by code (issue #48)", () => {
  it("names each rule's refusal by the key of its message, and none for the text rule's", () => {
    const wrongType = GarmentRegistrationSchema.safeParse({ name: "G", garment_type: "Coat", chip_id: "x" });
    expect(wrongType.success).toBe(false);
    if (!wrongType.success)
      expect(registrationErrors(wrongType.error).codes).toEqual({
        message: "garmentType",
        fields: { garment_type: "garmentType" },
      });
    const missing = tap.safeParse({ name: " ", style: "dress", purchase_date: "2025-13-01" });
    expect(missing.success).toBe(false);
    if (!missing.success)
      expect(registrationErrors(missing.error).codes).toEqual({
        message: "requiredFields",
        fields: { name: "requiredFields", purchase_date: "dateFormat" },
      });
    const control = tap.safeParse({ name: "a\u0007b", style: "dress" });
    expect(control.success).toBe(false);
    if (!control.success) {
      const { message, codes } = registrationErrors(control.error);
      expect(codes).toEqual({ fields: {} });
      expect(message).toBe(registrationErrors(control.error).fields.name);
    }
  });
});
