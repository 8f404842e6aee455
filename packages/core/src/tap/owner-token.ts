import { jwtVerify, SignJWT } from "jose";

/**
 * The owner token: a short-lived HS256 JWT naming the signed-in user and their session, set by
 * the shell beside its session cookie, so the tap worker can tell an owner from a visitor by
 * checking a signature alone (no D1 for a visitor). It proves identity for routing only: every
 * destination page still checks the real session. Logout clears it, and because it names its
 * session, a copy kept past logout (or past a password reset that ended the session) is refused:
 * whoever would route someone as the garment's owner first checks that session still lives
 * (packages/db/src/tap/owner-session.ts).
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

/** Who the token names: the user, and the session (its id, the session row's key) it was minted for. */
export type OwnerClaims = { userId: string; sessionId: string };

const isClaim = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 128;

export async function signOwnerToken(secret: string, owner: OwnerClaims, ttlSeconds = 3600): Promise<string> {
  return new SignJWT({ sid: owner.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(owner.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keyFor(secret));
}

/**
 * The user and session the token names, or null for a missing, expired, forged or malformed
 * token (one minted before tokens named their session included). Never throws. A valid
 * signature does not mean the session still lives: see OwnerClaims' users.
 */
export async function verifyOwnerToken(secret: string, token: string | undefined | null): Promise<OwnerClaims | null> {
  // A JWT of ours is ~250 characters; refuse to spend crypto on anything absurd.
  if (!token || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["sub", "exp", "iat", "sid"],
    });
    const { sub, sid } = payload;
    return typeof sub === "string" && sub.length > 0 && sub.length <= 64 && isClaim(sid)
      ? { userId: sub, sessionId: sid }
      : null;
  } catch {
    return null;
  }
}
