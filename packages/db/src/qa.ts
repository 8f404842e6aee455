/**
 * QA tools (issue #20): the reset of the sample garments the e2e scenarios claim (spec part 2
 * §7, qa-reset-e2e) and the QA batch test garments are made in.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { type Actor, auditEntry } from "./audit";
import type { Db } from "./client";
import { garments, nfcTagBatches, users } from "./schema";
import { demoEmails, demoRoles, qaResetSlugs } from "./seed-data";
import { createTagBatch, getTagBatch } from "./tags";

const sampleState = {
  id: garments.id,
  slug: garments.short_slug,
  status: garments.status,
  owner_user_id: garments.owner_user_id,
  owner_profile_id: garments.owner_profile_id,
  ownership_status: garments.ownership_status,
  is_active: garments.is_active,
  claimed_at: garments.claimed_at,
};

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

/**
 * Puts mb-001 and ss-002 back as the seed made them: unclaimed (no owner, no claim time, no
 * ownership status) and active, so the next tap of either goes to the claim page. Touches no
 * other row: not their scans, contacts or tags. One D1 batch: the update and an audit row per
 * garment with its state before and after. Returns the garments as they were (those that exist).
 */
export async function resetQaGarments(db: Db, actor: Actor) {
  const slugs = [...qaResetSlugs];
  const before = await db
    .select(sampleState)
    .from(garments)
    .where(inArray(garments.short_slug, slugs))
    .orderBy(asc(garments.id));
  if (before.length === 0) return before;
  const after = {
    status: "unclaimed" as const,
    owner_user_id: null,
    owner_profile_id: null,
    ownership_status: null,
    is_active: true,
    claimed_at: null,
  };
  await db.batch([
    db.update(garments).set(after).where(inArray(garments.short_slug, slugs)),
    ...before.map((g) =>
      auditEntry(
        db,
        actor,
        "garment.qa_reset",
        { type: "garment", id: g.id },
        {
          status: g.status,
          owner_user_id: g.owner_user_id,
          owner_profile_id: g.owner_profile_id,
          ownership_status: g.ownership_status,
          is_active: g.is_active,
          claimed_at: g.claimed_at?.getTime() ?? null,
        },
        after,
      ),
    ),
  ]);
  return before;
}

/**
 * The tag batch QA test garments go in, with its counters: the oldest batch of that name, made
 * (audited) the first time it is needed.
 */
export async function qaBatch(db: Db, actor: Actor, name: string) {
  const find = () =>
    db
      .select({ id: nfcTagBatches.id })
      .from(nfcTagBatches)
      .where(eq(nfcTagBatches.batch_name, name))
      .orderBy(asc(nfcTagBatches.id))
      .get();
  const id =
    (await find())?.id ??
    (await createTagBatch(db, actor, { batch_name: name, description: "Test garments made on /test-garment" })).id;
  const batch = id === undefined ? undefined : await getTagBatch(db, id);
  if (!batch) throw new Error("QA batch not created");
  return batch;
}
