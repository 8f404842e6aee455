import { OWNER_TOKEN_COOKIE, type OwnerClaims, signOwnerToken, verifyOwnerToken } from "@releve/core/tap/owner-token";
import { decodeJwt } from "jose";
import { clearCookieHeader, readCookie, tokenCookieHeader } from "../../lib/cookies.server";

const OWNER_TOKEN_TTL_S = 60 * 60;
const REFRESH_BELOW_S = OWNER_TOKEN_TTL_S / 2;

function expiresAt(token: string): number {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === "number" ? exp : 0;
  } catch {
    return 0;
  }
}

const sameOwner = (a: OwnerClaims | null, b: OwnerClaims) => a?.userId === b.userId && a.sessionId === b.sessionId;

/**
 * Keeps the tap worker's owner token (decision 0014) in step with the session: issued or
 * refreshed for a signed-in user (naming this session), cleared for anyone else. Returns the
 * Set-Cookie, if any.
 */
export async function ownerTokenCookie(
  request: Request,
  secret: string,
  owner: OwnerClaims | null,
  now = Date.now(),
): Promise<string | null> {
  const current = readCookie(request, OWNER_TOKEN_COOKIE);
  if (!owner) return current ? clearCookieHeader(request, OWNER_TOKEN_COOKIE) : null;
  if (
    current &&
    sameOwner(await verifyOwnerToken(secret, current), owner) &&
    expiresAt(current) - now / 1000 > REFRESH_BELOW_S
  ) {
    return null;
  }
  return tokenCookieHeader(
    request,
    OWNER_TOKEN_COOKIE,
    await signOwnerToken(secret, owner, OWNER_TOKEN_TTL_S),
    OWNER_TOKEN_TTL_S,
  );
}
