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
const VERIFIED_TAP_TTL_SECONDS = 60;
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

/**
 * The card window (issue #28): a secure garment's card, its vCard, QR and form open only for the
 * browser whose tap verified, and only for a while. The tap worker mints this token with every
 * verified visitor answer and sets it as a cookie scoped to that garment's share doors
 * (`Path=/share/<slug>`), so a copied `/share/<slug>` link or a cloned tag pointing there opens
 * nothing elsewhere. HS256 (SESSION_SECRET), its own audience: a marker is not a window.
 */
export const CARD_WINDOW_COOKIE = "releve_card";
export const CARD_WINDOW_SECONDS = 10 * 60;
const CARD_AUDIENCE = "releve:card-window";

export function signCardWindow(secret: string, slug: string) {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(slug)
    .setIssuer(ISSUER)
    .setAudience(CARD_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${CARD_WINDOW_SECONDS}s`)
    .sign(encoder.encode(secret));
}

/** True when `token` is a live card window for this slug. Never throws. */
export async function verifyCardWindow(secret: string, token: string | null | undefined, slug: string) {
  if (!token || token.length < 20 || token.length > 2048) return false;
  try {
    await jwtVerify(token, encoder.encode(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: CARD_AUDIENCE,
      subject: slug,
      requiredClaims: ["exp", "iat", "sub"],
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * The Set-Cookie value of a card window: only this garment's share doors get it back, HttpOnly,
 * SameSite=Lax and Secure but on plain-http localhost (the one cookie policy, decision 0030, but
 * for its path).
 */
export function cardWindowCookie(slug: string, token: string, secure: boolean): string {
  const parts = [
    `${CARD_WINDOW_COOKIE}=${token}`,
    `Path=/share/${slug}`,
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${CARD_WINDOW_SECONDS}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}
