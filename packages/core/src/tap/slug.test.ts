import { describe, expect, it } from "vitest";
import { isValidSlug, normalizeSlug, SLUG_MAX_LENGTH } from "./slug";

describe("slugs", () => {
  it("accepts the sample slugs and other plain ones", () => {
    for (const slug of ["mb-001", "ps-010", "a", "7", "test-garment", "unknown-999", "a".repeat(SLUG_MAX_LENGTH)]) {
      expect(isValidSlug(slug), slug).toBe(true);
      expect(normalizeSlug(slug)).toBe(slug);
    }
  });

  it("lower-cases what a tag may carry in upper case", () => {
    expect(normalizeSlug("MB-001")).toBe("mb-001");
    expect(isValidSlug("MB-001")).toBe(false);
  });

  it("rejects empty, overlong and odd-charset input", () => {
    const bad = [
      "",
      "a".repeat(SLUG_MAX_LENGTH + 1),
      "-mb",
      "mb-",
      "mb_001",
      "mb 001",
      "mb/001",
      "mb.001",
      "<script>",
      "é-001",
      "mb-001\n",
      "%2e%2e",
    ];
    for (const slug of bad) {
      expect(normalizeSlug(slug), JSON.stringify(slug)).toBeNull();
      expect(isValidSlug(slug)).toBe(false);
    }
    expect(normalizeSlug(undefined)).toBeNull();
    expect(normalizeSlug(null)).toBeNull();
    expect(isValidSlug(42)).toBe(false);
  });
});
