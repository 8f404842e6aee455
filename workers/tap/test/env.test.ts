import { env } from "cloudflare:workers";
import { EnvError } from "@releve/core/platform/env";
import { describe, expect, it } from "vitest";
import { validateTapEnv } from "../src/env";

describe("tap env validation", () => {
  it("accepts the real bindings", () => {
    expect(validateTapEnv(env)).toMatchObject({ APP_ENV: "test", DB: env.DB });
  });

  it("fails loudly, naming every missing or malformed variable", () => {
    const { SESSION_SECRET: _, TAP_KV: __, ...rest } = env;
    let error: unknown;
    try {
      validateTapEnv({ ...rest, APP_ENV: "staging" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).missing.sort()).toEqual(["SESSION_SECRET", "TAP_KV"]);
    expect((error as EnvError).message).toMatch(/APP_ENV: must be one of development, test, production/);
    expect(() => validateTapEnv({ ...env, SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET: must be at least 32/);
    expect(() => validateTapEnv({ ...env, SCANS: "not a binding" })).toThrow(/SCANS: binding SCANS is missing/);
    expect(() => validateTapEnv({ ...env, BRAND_CONTACT_EMAIL: "care@x.com?subject=hi" })).toThrow(
      /BRAND_CONTACT_EMAIL: must be one email address/,
    );
    const { BRAND_CONTACT_EMAIL: ___, ...noBrand } = env;
    expect(() => validateTapEnv(noBrand)).toThrow(/BRAND_CONTACT_EMAIL: missing/);
    expect(() => validateTapEnv(undefined)).toThrow(EnvError);
  });

  it("takes SHELL as optional: without it a visitor's tap answers the 302 (decision 0029)", () => {
    expect(validateTapEnv(env).SHELL).toBe(env.SHELL);
    expect(validateTapEnv({ ...env, SHELL: undefined }).SHELL).toBeUndefined();
    expect(() => validateTapEnv({ ...env, SHELL: "not a binding" })).toThrow(/SHELL: must be the service binding/);
  });
});
