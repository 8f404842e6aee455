import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { OWNER_TOKEN_COOKIE, signOwnerToken, verifyOwnerToken } from "./owner-token";

const SECRET = "unit-test-secret-0123456789abcdef0123456789";
const USER = "0a3419c2-f4ea-4a2a-bbeb-6ea4fe8a6938";
const SESSION = "5d41402abc4b2a76b9719d911017c592ae2d5b4c0f3e7b0e1b4c1a2d3e4f5a6b";
const OWNER = { userId: USER, sessionId: SESSION };
const key = new TextEncoder().encode(SECRET);
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("owner token", () => {
  it("has a fixed cookie name the shell and the tap share", () => {
    expect(OWNER_TOKEN_COOKIE).toBe("releve_owner");
  });

  it("verifies a token it signed and returns the user and session it names", async () => {
    const token = await signOwnerToken(SECRET, OWNER);
    expect(token.split(".")).toHaveLength(3);
    expect(await verifyOwnerToken(SECRET, token)).toEqual(OWNER);
  });

  it("rejects a token that names no session (minted before tokens named one)", async () => {
    const sessionless = await new SignJWT({}) // no sid claim
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(USER)
      .setIssuer("releve")
      .setAudience("releve:owner")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key);
    expect(await verifyOwnerToken(SECRET, sessionless)).toBeNull();
    for (const sid of ["", 42, "s".repeat(129)]) {
      const odd = await new SignJWT({ sid })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(USER)
        .setIssuer("releve")
        .setAudience("releve:owner")
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(key);
      expect(await verifyOwnerToken(SECRET, odd), String(sid)).toBeNull();
    }
  });

  it("rejects an expired token", async () => {
    const expired = await new SignJWT({ sid: SESSION })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(USER)
      .setIssuer("releve")
      .setAudience("releve:owner")
      .setIssuedAt(nowSeconds() - 7200)
      .setExpirationTime(nowSeconds() - 3600)
      .sign(key);
    expect(await verifyOwnerToken(SECRET, expired)).toBeNull();
    expect(await verifyOwnerToken(SECRET, await signOwnerToken(SECRET, OWNER, -1))).toBeNull();
  });

  it("rejects a token signed with another secret", async () => {
    const token = await signOwnerToken("another-secret-0123456789abcdef012345678", OWNER);
    expect(await verifyOwnerToken(SECRET, token)).toBeNull();
  });

  it("rejects a forged token: payload swapped, alg none, other issuer or audience", async () => {
    const token = await signOwnerToken(SECRET, OWNER);
    const [header, , signature] = token.split(".");
    const forgedPayload = btoa(
      JSON.stringify({
        sub: "someone-else",
        sid: SESSION,
        iss: "releve",
        aud: "releve:owner",
        iat: nowSeconds(),
        exp: nowSeconds() + 600,
      }),
    )
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    expect(await verifyOwnerToken(SECRET, `${header}.${forgedPayload}.${signature}`)).toBeNull();

    const none = `${btoa(JSON.stringify({ alg: "none", typ: "JWT" })).replace(/=+$/, "")}.${forgedPayload}.`;
    expect(await verifyOwnerToken(SECRET, none)).toBeNull();

    const sign = (iss: string, aud: string) =>
      new SignJWT({ sid: SESSION })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(USER)
        .setIssuer(iss)
        .setAudience(aud)
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(key);
    expect(await verifyOwnerToken(SECRET, await sign("elsewhere", "releve:owner"))).toBeNull();
    expect(await verifyOwnerToken(SECRET, await sign("releve", "releve:session"))).toBeNull();
  });

  it("rejects a token without a subject or expiry", async () => {
    const noSub = await new SignJWT({ sid: SESSION })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("releve")
      .setAudience("releve:owner")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key);
    expect(await verifyOwnerToken(SECRET, noSub)).toBeNull();
    const noExp = await new SignJWT({ sid: SESSION })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(USER)
      .setIssuer("releve")
      .setAudience("releve:owner")
      .setIssuedAt()
      .sign(key);
    expect(await verifyOwnerToken(SECRET, noExp)).toBeNull();
  });

  it("returns null, never throws, for garbage", async () => {
    for (const garbage of [
      undefined,
      null,
      "",
      "garbage",
      "a.b.c",
      "...",
      "x".repeat(5000),
      "eyJhbGciOiJIUzI1NiJ9.e30.",
      "🙂.🙂.🙂",
    ]) {
      expect(await verifyOwnerToken(SECRET, garbage)).toBeNull();
    }
  });
});
