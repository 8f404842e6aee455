import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { signVerifiedTap, verifyVerifiedTap } from "./verified-tap";

const SECRET = "s".repeat(32);

describe("the verified-tap marker (issue #21)", () => {
  it("is accepted for its slug only, with its secret only", async () => {
    const token = await signVerifiedTap(SECRET, { slug: "cg-003", counter: 61 });
    expect(await verifyVerifiedTap(SECRET, token, "cg-003")).toBe(true);
    expect(await verifyVerifiedTap(SECRET, token, "mb-001")).toBe(false);
    expect(await verifyVerifiedTap("t".repeat(32), token, "cg-003")).toBe(false);
  });

  it("refuses a missing, bare, altered, expired or other-purpose token, never throwing", async () => {
    const token = await signVerifiedTap(SECRET, { slug: "cg-003", counter: 61 });
    const key = new TextEncoder().encode(SECRET);
    const expired = await new SignJWT({ ctr: 1 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("cg-003")
      .setIssuer("releve")
      .setAudience("releve:verified-tap")
      .setIssuedAt(1_000)
      .setExpirationTime(1_060)
      .sign(key);
    // The same secret signs the link tester's dry-run marker: another audience is not this marker.
    const dryRun = await new SignJWT({ ctr: 1 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("cg-003")
      .setIssuer("releve")
      .setAudience("releve:dry-run")
      .setIssuedAt()
      .setExpirationTime("60s")
      .sign(key);
    for (const bad of [null, undefined, "", "1", `${token.slice(0, -2)}xx`, expired, dryRun, "a".repeat(3000)]) {
      expect(await verifyVerifiedTap(SECRET, bad, "cg-003")).toBe(false);
    }
  });
});
