import { describe, expect, it } from "vitest";
import { transferTokenFromPath } from "../accounts/auth-constants";
import { transferIdOf, transferPath, transferToken } from "./transfer";

describe("transfer tokens (issue #32)", () => {
  it("name their row under the secret; a forged, truncated or other-secret token names nothing", async () => {
    const token = await transferToken("secret-a", 42);
    expect(token).toMatch(/^42\.[A-Za-z0-9_-]{43}$/);
    expect(await transferIdOf("secret-a", token)).toBe(42);
    expect(await transferIdOf("secret-b", token)).toBeNull();
    expect(await transferIdOf("secret-a", token.slice(0, -1))).toBeNull();
    expect(await transferIdOf("secret-a", token.replace(/^42\./, "43."))).toBeNull();
    expect(await transferIdOf("secret-a", `${token}x`)).toBeNull();
    expect(await transferIdOf("secret-a", `0${token}`)).toBeNull();
    expect(await transferIdOf("secret-a", "")).toBeNull();
    expect(await transferIdOf("secret-a", undefined)).toBeNull();
  });

  it("a sign-in redirect to a transfer link is recognised, nothing else is", async () => {
    const token = await transferToken("secret-a", 7);
    expect(transferTokenFromPath(transferPath(token))).toBe(token);
    expect(transferTokenFromPath(`${transferPath(token)}?x=1`)).toBe(token);
    expect(transferTokenFromPath("/transfer/7.short")).toBeNull();
    expect(transferTokenFromPath(`/claim/${token}`)).toBeNull();
    expect(transferTokenFromPath(`//evil.example/transfer/${token}`)).toBeNull();
  });
});
