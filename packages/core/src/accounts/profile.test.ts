import { describe, expect, it } from "vitest";
import { fieldErrors } from "./auth";
import { normaliseHandle, normalisePhone, normaliseUrl } from "./normalise";
import { OnboardingSchema, PROFILE_MESSAGES, ProfileSchema } from "./profile";

describe("normalisers", () => {
  it.each([
    ["@camille", "camille"],
    ["camille.l", "camille.l"],
    ["https://www.instagram.com/camille/", "camille"],
    ["instagram.com/camille", "camille"],
  ])("Instagram %s -> %s", (raw, expected) => {
    expect(normaliseHandle(raw, ["instagram.com"])).toBe(expected);
  });

  it("refuses handles from other hosts and odd characters", () => {
    expect(normaliseHandle("https://evil.example/camille", ["instagram.com"])).toBeNull();
    expect(normaliseHandle("<script>", ["instagram.com"])).toBeNull();
    expect(normaliseHandle("javascript:alert(1)", ["instagram.com"])).toBeNull();
  });

  it("adds a scheme to web addresses and refuses other schemes", () => {
    expect(normaliseUrl("camille.example")).toBe("https://camille.example/");
    expect(normaliseUrl("http://camille.example/a")).toBe("http://camille.example/a");
    expect(normaliseUrl("javascript:alert(1)")).toBeNull();
    expect(normaliseUrl("data:text/html,x")).toBeNull();
    expect(normaliseUrl("localhost")).toBeNull();
  });

  it("keeps the digits of a phone number", () => {
    expect(normalisePhone("+33 6 12 34 56 78")).toBe("+33612345678");
    expect(normalisePhone("(212) 555-0100")).toBe("2125550100");
    expect(normalisePhone("call me")).toBeNull();
    expect(normalisePhone("123")).toBeNull();
  });
});

describe("ProfileSchema", () => {
  it("requires first and last name, normalises channels, reads checkboxes", () => {
    const parsed = ProfileSchema.parse({
      first_name: " Camille ",
      last_name: "Laurent",
      instagram: "@camille",
      linkedin: "camille-laurent",
      website: "camille.example",
      share_email: "on",
      nfc_sharing_enabled: "on",
    });
    expect(parsed).toMatchObject({
      first_name: "Camille",
      instagram: "camille",
      linkedin: "https://www.linkedin.com/in/camille-laurent",
      website: "https://camille.example/",
      share_email: true,
      share_mobile: false,
      nfc_sharing_enabled: true,
      bio: null,
    });
  });

  it("reports each bad field by name", () => {
    const result = ProfileSchema.safeParse({
      first_name: "",
      last_name: "",
      website: "javascript:alert(1)",
      mobile_phone: "nope",
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(Object.keys(fieldErrors(result.error)).sort()).toEqual([
        "first_name",
        "last_name",
        "mobile_phone",
        "website",
      ]);
    }
  });
});

describe("OnboardingSchema", () => {
  it("needs at least one way to be contacted", () => {
    const result = OnboardingSchema.safeParse({ first_name: "A", last_name: "B" });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error).form).toBe(PROFILE_MESSAGES.contactRequired);
    expect(OnboardingSchema.safeParse({ first_name: "A", last_name: "B", share_instagram: "on" }).success).toBe(true);
  });
});
