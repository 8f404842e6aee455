import { describe, expect, it } from "vitest";
import { fieldProblems } from "../platform/field-problem";
import { EARLY_ACCESS_MESSAGES, EarlyAccessSchema, isMissingRequired } from "./early-access";

describe("EarlyAccessSchema", () => {
  it("trims, lower-cases the email and makes an empty referral null", () => {
    expect(
      EarlyAccessSchema.parse({ full_name: " Vera Wang ", email: " Vera@Example.COM ", referral_source: "" }),
    ).toEqual({ full_name: "Vera Wang", email: "vera@example.com", referral_source: null });
  });

  it("needs a full name and an email: the spec's one message applies", () => {
    for (const input of [{}, { full_name: "Vera" }, { email: "v@example.com" }, { full_name: "  ", email: " " }]) {
      const result = EarlyAccessSchema.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      if (!result.success) expect(isMissingRequired(fieldProblems(result.error))).toBe(true);
    }
    expect(EARLY_ACCESS_MESSAGES.missing).toBe("Please fill in all required fields");
  });

  it("refuses a malformed email or a referral outside the listed choices", () => {
    const bad = EarlyAccessSchema.safeParse({ full_name: "Vera", email: "not-an-email" });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(isMissingRequired(fieldProblems(bad.error))).toBe(false);
    expect(
      EarlyAccessSchema.safeParse({ full_name: "Vera", email: "v@example.com", referral_source: "tv" }).success,
    ).toBe(false);
    for (const source of ["instagram", "tiktok", "friend", "fashion-show", "press", "other"]) {
      expect(
        EarlyAccessSchema.parse({ full_name: "V", email: "v@example.com", referral_source: source }).referral_source,
      ).toBe(source);
    }
  });
});
