import type { OwnerClaims } from "@releve/core/tap/owner-token";
import type { TapRoute } from "@releve/core/tap/rules";
import type { D1Like } from "../platform/binding-types";

// Plain SQL on the binding, not drizzle: the tap worker bundles this module (issue #5 budget,
// as tap/cache.ts). One primary-key lookup.
const LIVE_SESSION_SQL = "SELECT 1 AS live FROM sessions WHERE id = ?1 AND user_id = ?2 AND expires_at > ?3 LIMIT 1";

/** True while the session an owner token names exists, belongs to its user and has not expired. */
async function ownerSessionLives(db: D1Like, owner: OwnerClaims, now = Date.now()): Promise<boolean> {
  const row = await db.prepare(LIVE_SESSION_SQL).bind(owner.sessionId, owner.userId, now).first<{ live: number }>();
  return row !== null;
}

/**
 * The viewer a tap (or a logged scan) is decided for: the owner token's user, except that a
 * token which would make them this garment's owner counts only while its session lives, so a
 * token kept past logout (or a password reset) no longer routes anyone to the owner's pages
 * (issue #17). Only that case reads D1: a visitor without a token, or whose token names someone
 * else, costs nothing. If D1 cannot answer, the tapper is treated as a visitor: the share page
 * re-checks everything it shows, and the owner can open their dashboard themselves.
 */
export async function tapViewer(
  db: D1Like,
  route: TapRoute | null,
  owner: OwnerClaims | null,
  now = Date.now(),
): Promise<string | null> {
  if (!owner) return null;
  if (!route || route.ownerUserId !== owner.userId) return owner.userId;
  try {
    return (await ownerSessionLives(db, owner, now)) ? owner.userId : null;
  } catch (error) {
    console.error("[owner-session] session check failed; the tap is answered as a visitor's", error);
    return null;
  }
}
