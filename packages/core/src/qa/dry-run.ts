import { jwtVerify, SignJWT } from "jose";

/**
 * The link tester's dry-run marker (issue #20): `X-Releve-Dry-Run: <token>`, a short-lived
 * HS256 JWT the shell mints (with SESSION_SECRET, which the tap already shares) only for an
 * admin's link test. With a valid one the tap answers exactly as it would anyway, records no
 * scan, and adds its diagnosis (`X-Releve-Dry-Run-Result`). Anything else in the header (a
 * bare "1", a forged or expired token) is ignored: the request is a tap like any other.
 * Light on purpose (jose only, no zod): the tap worker bundles it.
 */
export const DRY_RUN_HEADER = "x-releve-dry-run";
export const DRY_RUN_RESULT_HEADER = "x-releve-dry-run-result";
const ISSUER = "releve";
// Its own audience: an owner token (or any other JWT signed with the same secret) is not a dry-run marker.
const AUDIENCE = "releve:dry-run";
const ALGORITHM = "HS256";
/** A link test is one request, made at once: the marker lives a minute. */
const DRY_RUN_TTL_SECONDS = 60;

/** Who the dry run taps as: the garment's owner (as if their owner token were valid), or a visitor without one. */
export type DryRunViewer = "visitor" | "owner";
export type DryRunClaims = { viewer: DryRunViewer; adminUserId: string };

const encoder = new TextEncoder();

export async function signDryRunToken(secret: string, claims: DryRunClaims, ttlSeconds = DRY_RUN_TTL_SECONDS) {
  return new SignJWT({ viewer: claims.viewer })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(claims.adminUserId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(encoder.encode(secret));
}

/** The claims of a valid marker; null for a missing, bare, forged, expired or malformed one. Never throws. */
export async function verifyDryRunToken(
  secret: string,
  token: string | null | undefined,
): Promise<DryRunClaims | null> {
  // A bare "1" (the old marker) and anything absurd cost no crypto.
  if (!token || token.length < 20 || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["sub", "exp", "iat", "viewer"],
    });
    const { sub, viewer } = payload;
    if (typeof sub !== "string" || sub.length === 0 || sub.length > 64) return null;
    return viewer === "visitor" || viewer === "owner" ? { viewer, adminUserId: sub } : null;
  } catch {
    return null;
  }
}

/** What the tap did with a request: a 302, a page of its own (share in place, missing), or 'Invalid garment link'. */
type TapAction = "redirect" | "page" | "not_found";
type TapSource = "memo" | "kv" | "d1";

/** The tap's diagnosis of a dry run (the `X-Releve-Dry-Run-Result` header, JSON). */
export type TapDiagnosis = {
  found: boolean;
  garmentStatus: "unclaimed" | "claimed" | null;
  active: boolean | null;
  missing: "lost" | "stolen" | null;
  /** The viewer the tap decided for (the rules' kind: 'owner', 'anonymous' for a visitor without a token). */
  viewer: "owner" | "visitor" | "anonymous" | null;
  outcome: string;
  action: TapAction;
  status: number;
  /** The 302's Location, or the page a share answer stands for; null for a 404 and the missing page. */
  target: string | null;
  source: TapSource | null;
  /** KV's record equals the one built from D1 now; null when KV holds no record for the slug. */
  cacheAgrees: boolean | null;
};

/** The diagnosis of a tap that matched no garment (or no slug at all): nothing found, 404. */
export const NOT_FOUND_DIAGNOSIS: TapDiagnosis = {
  found: false,
  garmentStatus: null,
  active: null,
  missing: null,
  viewer: null,
  outcome: "not_found",
  action: "not_found",
  status: 404,
  target: null,
  source: null,
  cacheAgrees: null,
};
