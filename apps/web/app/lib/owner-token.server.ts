import { OWNER_TOKEN_COOKIE, signOwnerToken, verifyOwnerToken } from "@releve/core/owner-token";
import { clearCookieHeader, isSecureRequest, readCookie } from "./cookies.server";

export const OWNER_TOKEN_TTL_S = 60 * 60;
const REFRESH_BELOW_S = OWNER_TOKEN_TTL_S / 2;

function expiresAt(token: string): number {
  try {
    const payload = JSON.parse(atob((token.split(".")[1] ?? "").replaceAll("-", "+").replaceAll("_", "/")));
    return typeof payload.exp === "number" ? payload.exp : 0;
  } catch {
    return 0;
  }
}

/**
 * Keeps the tap worker's owner token (DESIGN.md §1) in step with the session: issued or
 * refreshed for a signed-in user, cleared for anyone else. Returns the Set-Cookie, if any.
 */
export async function ownerTokenCookie(
  request: Request,
  secret: string,
  userId: string | null,
  now = Date.now(),
): Promise<string | null> {
  const current = readCookie(request, OWNER_TOKEN_COOKIE);
  if (!userId) return current ? clearCookieHeader(request, OWNER_TOKEN_COOKIE) : null;
  if (
    current &&
    (await verifyOwnerToken(secret, current)) === userId &&
    expiresAt(current) - now / 1000 > REFRESH_BELOW_S
  ) {
    return null;
  }
  const token = await signOwnerToken(secret, userId, OWNER_TOKEN_TTL_S);
  const parts = [
    `${OWNER_TOKEN_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${OWNER_TOKEN_TTL_S}`,
  ];
  if (isSecureRequest(request)) parts.push("Secure");
  return parts.join("; ");
}
