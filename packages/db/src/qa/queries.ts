/**
 * QA tools' reads (issue #20): what the QA panel shows. Writes: ./commands.ts.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`.
 */
import { asc, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { garments, users } from "../schema";
import { demoEmails, demoRoles, qaResetSlugs } from "../seed-data";

/**
 * What the QA panel shows (one batch of two reads): the seed's demo accounts and whether each
 * exists here, and the reset's sample garments as they are now.
 */
export async function qaPanelState(db: Db) {
  const emails = demoRoles.map((role) => demoEmails[role]);
  const [present, samples] = await db.batch([
    db.select({ email: users.email }).from(users).where(inArray(users.email, emails)),
    db
      .select({
        slug: garments.short_slug,
        status: garments.status,
        is_active: garments.is_active,
        claimed_at: garments.claimed_at,
      })
      .from(garments)
      .where(inArray(garments.short_slug, [...qaResetSlugs]))
      .orderBy(asc(garments.id)),
  ]);
  const found = new Set(present.map((u) => u.email));
  return {
    accounts: demoRoles.map((role) => ({ role, email: demoEmails[role], exists: found.has(demoEmails[role]) })),
    samples,
  };
}
