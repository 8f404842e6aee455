import { describe, expect, it } from "vitest";
import { fieldErrors, LoginSchema, ResetPasswordSchema, SignupSchema } from "./auth";
import { AUTH_MESSAGES, claimSlugFromPath, safeRedirect } from "./auth-constants";

const signup = {
  firstName: "Camille",
  lastName: "Laurent",
  email: "Camille@Example.com ",
  password: "a long enough pass",
  confirmPassword: "a long enough pass",
};

describe("SignupSchema", () => {
  it("accepts a valid sign-up and normalises the email", () => {
    const parsed = SignupSchema.parse(signup);
    expect(parsed.email).toBe("camille@example.com");
  });

  it("says 'Passwords do not match' on the confirmation field", () => {
    const result = SignupSchema.safeParse({ ...signup, confirmPassword: "something else!" });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error).confirmPassword).toBe(AUTH_MESSAGES.passwordsDoNotMatch);
  });

  it("requires first and last name and enforces the password rules", () => {
    const result = SignupSchema.safeParse({
      ...signup,
      firstName: " ",
      lastName: "",
      password: "short",
      confirmPassword: "short",
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      const errors = fieldErrors(result.error);
      expect(errors.firstName).toBe("First name is required");
      expect(errors.lastName).toBe("Last name is required");
      expect(errors.password).toBe("Password must be at least 10 characters");
    }
  });

  it("refuses the email address as the password", () => {
    const result = SignupSchema.safeParse({
      ...signup,
      password: "camille@example.com",
      confirmPassword: "camille@example.com",
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error).password).toBe("Password must not be your email address");
  });
});

describe("LoginSchema and ResetPasswordSchema", () => {
  it("require an email and a password", () => {
    const result = LoginSchema.safeParse({ email: "", password: "" });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrors(result.error)).toEqual({ email: "Email is required", password: "Password is required" });
  });

  it("reject a malformed email", () => {
    const result = LoginSchema.safeParse({ email: "not-an-email", password: "x" });
    expect(result.success).toBe(false);
  });

  it("check the reset confirmation", () => {
    const result = ResetPasswordSchema.safeParse({
      token: "t",
      password: "long enough 1",
      confirmPassword: "different 12",
    });
    expect(result.success).toBe(false);
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/claim/mb-001?x=1#y", "/claim/mb-001?x=1#y"],
    ["/a/../b", "/b"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    "evil.example",
    "",
    null,
    42,
  ])("refuses %s", (input) => {
    expect(safeRedirect(input, "/fallback")).toBe("/fallback");
  });
});

describe("claimSlugFromPath", () => {
  it("finds the slug of a claim path and nothing else", () => {
    expect(claimSlugFromPath("/claim/MB-001")).toBe("mb-001");
    expect(claimSlugFromPath("/claim/mb-001?x=1")).toBe("mb-001");
    expect(claimSlugFromPath("/claimed/mb-001")).toBeNull();
    expect(claimSlugFromPath("/claim/")).toBeNull();
  });
});
