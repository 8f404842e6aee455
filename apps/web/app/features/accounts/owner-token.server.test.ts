import { OWNER_TOKEN_COOKIE, signOwnerToken, verifyOwnerToken } from "@releve/core/tap/owner-token";
import { describe, expect, it } from "vitest";
import { ownerTokenCookie } from "./owner-token.server";

const SECRET = "s".repeat(40);
const ONE = { userId: "user-1", sessionId: "session-1" };
const req = (cookie?: string, url = "https://releve.test/") =>
  new Request(url, { headers: cookie ? { Cookie: `${OWNER_TOKEN_COOKIE}=${cookie}` } : {} });
const tokenOf = (header: string | null) => /releve_owner=([^;]*)/.exec(header ?? "")?.[1] ?? "";

describe("the owner token cookie follows the session", () => {
  it("is issued to a signed-in user, HttpOnly, Lax, Secure off localhost, for an hour", async () => {
    const header = await ownerTokenCookie(req(), SECRET, ONE);
    expect(header).toMatch(
      /^releve_owner=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600; Secure$/,
    );
    expect(await verifyOwnerToken(SECRET, tokenOf(header))).toEqual(ONE);
    expect(await ownerTokenCookie(req(undefined, "http://localhost:4173/"), SECRET, ONE)).not.toContain("Secure");
  });

  it("is left alone while fresh, and refreshed in its last half hour", async () => {
    const fresh = await signOwnerToken(SECRET, ONE, 3600);
    expect(await ownerTokenCookie(req(fresh), SECRET, ONE)).toBeNull();
    const old = await signOwnerToken(SECRET, ONE, 600);
    expect(tokenOf(await ownerTokenCookie(req(old), SECRET, ONE))).not.toBe(old);
  });

  it("is replaced when it names someone else, another session of the same user, or is forged", async () => {
    const other = await signOwnerToken(SECRET, { userId: "user-2", sessionId: "session-2" });
    expect(await verifyOwnerToken(SECRET, tokenOf(await ownerTokenCookie(req(other), SECRET, ONE)))).toEqual(ONE);
    const earlierSession = await signOwnerToken(SECRET, { userId: "user-1", sessionId: "session-0" });
    expect(await verifyOwnerToken(SECRET, tokenOf(await ownerTokenCookie(req(earlierSession), SECRET, ONE)))).toEqual(
      ONE,
    );
    const forged = await signOwnerToken("x".repeat(40), ONE);
    expect(await ownerTokenCookie(req(forged), SECRET, ONE)).not.toBeNull();
  });

  it("is cleared when there is no session, and not set at all for a plain visitor", async () => {
    const stale = await signOwnerToken(SECRET, ONE);
    expect(await ownerTokenCookie(req(stale), SECRET, null)).toMatch(/^releve_owner=; .*Max-Age=0/);
    expect(await ownerTokenCookie(req(), SECRET, null)).toBeNull();
  });
});
