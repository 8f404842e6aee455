import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  CARD_WINDOW_SECONDS,
  cardWindowCookie,
  signCardWindow,
  signVerifiedTap,
  verifyCardWindow,
  verifyVerifiedTap,
} from "./verified-tap";

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

describe("the card window (issue #28)", () => {
  it("opens its own slug's doors only, and is not a marker (nor a marker a window)", async () => {
    const window = await signCardWindow(SECRET, "cg-003");
    expect(await verifyCardWindow(SECRET, window, "cg-003")).toBe(true);
    expect(await verifyCardWindow(SECRET, window, "sj-004")).toBe(false);
    expect(await verifyCardWindow("t".repeat(32), window, "cg-003")).toBe(false);
    expect(await verifyVerifiedTap(SECRET, window, "cg-003")).toBe(false);
    const marker = await signVerifiedTap(SECRET, { slug: "cg-003", counter: 2 });
    expect(await verifyCardWindow(SECRET, marker, "cg-003")).toBe(false);
    for (const bad of [null, undefined, "", "x", `${window}x`])
      expect(await verifyCardWindow(SECRET, bad, "cg-003")).toBe(false);
  });

  it("expires after CARD_WINDOW_SECONDS", async () => {
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("cg-003")
      .setIssuer("releve")
      .setAudience("releve:card-window")
      .setIssuedAt(1_000)
      .setExpirationTime(1_000 + CARD_WINDOW_SECONDS)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyCardWindow(SECRET, expired, "cg-003")).toBe(false);
  });

  it("is a cookie for that garment's share doors only, Secure off localhost", () => {
    expect(cardWindowCookie("cg-003", "tok", true)).toBe(
      `releve_card=tok; Path=/share/cg-003; HttpOnly; SameSite=Lax; Max-Age=${CARD_WINDOW_SECONDS}; Secure`,
    );
    expect(cardWindowCookie("cg-003", "tok", false)).not.toContain("Secure");
  });
});
