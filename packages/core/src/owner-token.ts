import { jwtVerify, SignJWT } from "jose";

/**
 * The owner token: a short-lived HS256 JWT naming the signed-in user, set by the shell beside
 * its session cookie, so the tap worker can tell an owner from a visitor by checking a
 * signature alone (no D1 on the hot path). It proves identity for routing only: every
 * destination page still checks the real session.
 */
export const OWNER_TOKEN_COOKIE = "releve_owner";
const ISSUER = "releve";
// Keeps this token from being accepted where another JWT signed with the same secret is expected, and vice versa.
const AUDIENCE = "releve:owner";
const ALGORITHM = "HS256";

const keys = new Map<string, Uint8Array>();
function keyFor(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

export async function signOwnerToken(secret: string, userId: string, ttlSeconds = 3600): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keyFor(secret));
}

/** The user id, or null for a missing, expired, forged or malformed token. Never throws. */
export async function verifyOwnerToken(secret: string, token: string | undefined | null): Promise<string | null> {
  // A JWT of ours is ~250 characters; refuse to spend crypto on anything absurd.
  if (!token || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["sub", "exp", "iat"],
    });
    const sub = payload.sub;
    return typeof sub === "string" && sub.length > 0 && sub.length <= 64 ? sub : null;
  } catch {
    return null;
  }
}
