import { jwtVerify, SignJWT } from "jose";

/**
 * The verified-tap marker: after a secure tap verifies, the tap worker asks the shell for the
 * share card with `X-Releve-Verified-Tap: <token>`, a 60-second HS256 JWT (SESSION_SECRET, which
 * both hold) naming the slug and the counter. Only the tap can mint it and it never reaches the
 * visitor, so a visitor cannot make the card say 'Authenticated'.
 */
export const VERIFIED_TAP_HEADER = "x-releve-verified-tap";
const ISSUER = "releve";
const AUDIENCE = "releve:verified-tap";
const ALGORITHM = "HS256";
export const VERIFIED_TAP_TTL_SECONDS = 60;
const encoder = new TextEncoder();

export function signVerifiedTap(secret: string, tap: { slug: string; counter: number }) {
  return new SignJWT({ ctr: tap.counter })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(tap.slug)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${VERIFIED_TAP_TTL_SECONDS}s`)
    .sign(encoder.encode(secret));
}

/** True when `token` is a live marker for this slug. Never throws. */
export async function verifyVerifiedTap(secret: string, token: string | null | undefined, slug: string) {
  if (!token || token.length < 20 || token.length > 2048) return false;
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      subject: slug,
      requiredClaims: ["exp", "iat", "sub"],
    });
    return typeof payload.ctr === "number";
  } catch {
    return false;
  }
}
