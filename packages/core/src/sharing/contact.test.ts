import { describe, expect, it } from "vitest";
import { fieldErrors } from "../accounts/auth";
import { CONTACT_MESSAGES, ContactFormSchema } from "./contact";

describe("ContactFormSchema", () => {
  it("needs a first name and an email or a phone", () => {
    for (const input of [{}, { first_name: "Ada" }, { email: "ada@example.com" }]) {
      const result = ContactFormSchema.safeParse(input);
      expect(result.success).toBe(false);
      if (!result.success) expect(fieldErrors(result.error).form).toBe(CONTACT_MESSAGES.missing);
    }
    // Each missing part is named on its own field (issue #49).
    const named = (input: Record<string, string>) => {
      const result = ContactFormSchema.safeParse(input);
      return result.success ? [] : Object.keys(fieldErrors(result.error)).sort();
    };
    expect(named({ first_name: "Ada" })).toEqual(["email", "form"]);
    expect(named({ email: "ada@example.com" })).toEqual(["first_name", "form"]);
    expect(named({})).toEqual(["email", "first_name", "form"]);
    expect(ContactFormSchema.safeParse({ first_name: "Ada", phone: "+44 20 7946 0000" }).success).toBe(true);
  });

  it("normalises what it keeps and applies the consent defaults", () => {
    const parsed = ContactFormSchema.parse({
      first_name: " Ada ",
      email: "Ada@Example.COM",
      instagram: "https://instagram.com/ada.l/",
      linkedin: "ada-lovelace",
    });
    expect(parsed).toMatchObject({
      first_name: "Ada",
      last_name: null,
      email: "ada@example.com",
      instagram: "ada.l",
      linkedin: "https://www.linkedin.com/in/ada-lovelace",
      consent_data_collection: true,
      consent_marketing: false,
      // Never assumed (issue #49): an event update is asked for or not sent.
      consent_event_updates: false,
    });
  });

  it("refuses script-laden socials and oversized notes", () => {
    const result = ContactFormSchema.safeParse({
      first_name: "Ada",
      email: "ada@example.com",
      instagram: "<script>alert(1)</script>",
      linkedin: "javascript:alert(1)",
      notes: "é".repeat(2049),
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(Object.keys(fieldErrors(result.error)).sort()).toEqual(["instagram", "linkedin", "notes"]);
    }
  });

  it("accepts only LinkedIn hosts for a LinkedIn URL", () => {
    expect(
      ContactFormSchema.safeParse({ first_name: "A", email: "a@b.co", linkedin: "https://evil.example/in/x" }).success,
    ).toBe(false);
  });
});

describe("GuestContactSchema", () => {
  it("needs a name and keeps the optional channels normalised", async () => {
    const { GuestContactSchema } = await import("./contact");
    expect(GuestContactSchema.safeParse({ guest_name: "  " }).success).toBe(false);
    // No guest_name field at all is the same missing name, not a blank contact (issue #17).
    const missing = GuestContactSchema.safeParse({ phone: "+33612345678" });
    expect(missing.error?.issues[0]).toMatchObject({ path: ["guest_name"], message: "Your name is required" });
    expect(GuestContactSchema.parse({ guest_name: "Ada L", instagram: "@ada", phone: "" })).toMatchObject({
      first_name: "Ada L",
      instagram: "ada",
      phone: null,
      consent_data_collection: true,
    });
    expect(GuestContactSchema.safeParse({ guest_name: "Ada", linkedin: "javascript:alert(1)" }).success).toBe(false);
  });
});
