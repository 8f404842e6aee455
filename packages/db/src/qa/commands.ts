/**
 * QA tools' writes (issues #20, #29): the reset of the sample garments the e2e scenarios claim
 * (spec part 2 §7, qa-reset-e2e), the QA batch and its test garments, the e2e run's account and
 * its clean-up. Each command keeps the tap's records true itself. Reads: ./queries.ts.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */

import type { DomainEvent } from "@releve/core/platform/events";
import { QA_BATCH_NAME } from "@releve/core/qa/tools";
import { batchCode, createSecureChip } from "@releve/core/tags/chip-id";
import { DEFAULT_TAG_TYPE, type GarmentType, tagUrl } from "@releve/core/tags/rules";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../client";
import { type Actor, auditEntry } from "../platform/audit";
import { onUniqueViolation } from "../platform/d1-errors";
import { eventEntry, eventIfChanged } from "../platform/events";
import { contacts, garments, nfcTagBatches, nfcTags, profiles, rateEvents, scans, sessions, users } from "../schema";
import { qaResetSlugs } from "../seed-data";
import { createTagBatch, programBatch } from "../tags/commands";
import { getTagBatch } from "../tags/queries";
import { forgetTapRoutes, keepTapTrue, type TapStores } from "../tap/cache";
import { existingSlug } from "../wardrobe/queries";

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
 * Puts mb-001 and ss-002 back as the seed made them: unclaimed (no owner, no claim time, no
 * ownership status) and active, so the next tap of either goes to the claim page. Touches no
 * other row: not their scans, contacts or tags. One D1 batch: the update and an audit row per
 * garment with its state before and after, and `event` (their count set at `count`); then their
 * tap records are rewritten. Returns the garments as they were (those that exist); none there,
 * nothing is written.
 */
export async function resetQaGarments(db: Db, tap: TapStores, actor: Actor, event?: DomainEvent<"qa.garments_reset">) {
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
    // Read by the ownership_periods trigger (issue #32): a QA reset, not an owner's release.
    owner_via: "reset" as const,
  };
  const recorded = event && { ...event, payload: { ...event.payload, count: before.length } };
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
        recorded?.id,
      ),
    ),
    ...(recorded ? [eventEntry(db, recorded)] : []),
  ]);
  await keepTapTrue(
    tap,
    before.map((g) => g.slug),
  );
  return before;
}

/**
 * The tag batch QA test garments go in, with its counters: the oldest batch of that name, made
 * (audited) the first time it is needed.
 */
async function qaBatch(db: Db, actor: Actor, name: string) {
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

/** What a test garment is made as: an unclaimed jacket, no SKU, in the QA batch. */
const TEST_GARMENT = { name: "Test Garment", garment_type: "Jacket" as GarmentType, size: "M", color: "Black" };

/**
 * A real unclaimed garment with its tag in the QA batch, made as the batch programming makes
 * one (chip id, signature, audit), for /test-garment and the e2e scenarios (issue #20).
 * 'exists' when the slug is taken, also by someone else between the check and the write. A
 * tap of the slug before it existed left a 'not found' record: the next tap sees the garment.
 * `event`, when given, is written in the garment's own batch.
 */
export async function createQaGarment(
  db: Db,
  tap: TapStores,
  actor: Actor,
  input: { slug: string; origin: string; chipSecret: string },
  event?: DomainEvent,
): Promise<"created" | "exists"> {
  const { slug } = input;
  if (await existingSlug(db, slug)) return "exists";
  const batch = await qaBatch(db, actor, QA_BATCH_NAME);
  const chip = await createSecureChip(input.chipSecret, {
    garmentType: TEST_GARMENT.garment_type,
    batch: batchCode(batch),
    serial: batch.total + 1,
  });
  const made = await onUniqueViolation(
    async () => {
      await programBatch(db, actor, batch, {
        garment: TEST_GARMENT,
        tagType: DEFAULT_TAG_TYPE,
        tags: [{ slug, chip, sku: null }],
        urlOf: (s) => tagUrl(input.origin, s),
        ...(event ? { event, eventNamesGarment: true } : {}),
      });
      return "created" as const;
    },
    () => "exists" as const,
  );
  if (made === "created") await keepTapTrue(tap, [slug]);
  return made;
}

/** The QA account's profile as every e2e run sets it: what its card must and must not show. */
export type QaAccountProfile = {
  email: string;
  firstName: string;
  lastName: string;
  mobile: string;
  unsharedWebsite: string;
  unsharedInstagram: string;
};

/**
 * The e2e page's dedicated QA account (issue #20): a verified client with a known profile,
 * made on the first run (`passwordHash` is called only then: a hash of a secret nobody keeps,
 * so nobody can sign in as it) and put back to that profile on every run, in one batch.
 * `event`, when given, is written with the account's INSERT (the account as the person it
 * concerns), only if that INSERT made it. `created`: this call made the account.
 */
export async function ensureQaAccount(
  db: Db,
  account: QaAccountProfile,
  passwordHash: () => Promise<string>,
  event?: DomainEvent,
): Promise<{ userId: string; created: boolean }> {
  const find = () => db.select({ id: users.id }).from(users).where(eq(users.email, account.email)).get();
  let userId = (await find())?.id;
  let created = false;
  if (!userId) {
    const id = crypto.randomUUID();
    const [made] = await db.batch([
      db
        .insert(users)
        .values({
          id,
          email: account.email,
          password_hash: await passwordHash(),
          first_name: account.firstName,
          last_name: account.lastName,
          email_verified_at: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: users.id }),
      ...(event ? [eventIfChanged(db, { ...event, personId: id })] : []),
    ]);
    created = made.length > 0;
    // Made by a run started at the same moment: that one stands.
    userId = made[0]?.id ?? (await find())?.id;
    if (!userId) throw new Error("QA account not created");
  }
  const profile = {
    first_name: account.firstName,
    last_name: account.lastName,
    display_name: `${account.firstName} ${account.lastName}`,
    email: account.email,
    mobile_phone: account.mobile,
    website: account.unsharedWebsite,
    instagram: account.unsharedInstagram,
    linkedin: null,
    tiktok: null,
    facebook: null,
    twitter: null,
    city_region: null,
    bio: null,
    share_email: true,
    share_mobile: true,
    share_website: false,
    share_instagram: false,
    share_linkedin: false,
    share_tiktok: false,
    share_facebook: false,
    share_twitter: false,
    nfc_sharing_enabled: true,
    profile_visibility: "public" as const,
    active_event_id: null,
    profile_complete: true,
  };
  await db.batch([
    db.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, userId)),
    db
      .insert(profiles)
      .values({ user_id: userId, onboarded_at: new Date(), ...profile })
      .onConflictDoUpdate({ target: profiles.user_id, set: profile }),
  ]);
  return { userId, created };
}

/**
 * Removes what one e2e run made (issue #20): its garment (slug `qa-e2e-<run>`, its tag, the
 * contacts and any scans it got), the QA account's session for the run, and the contact-form
 * rate events counted against the QA account as an owner (`rateEvents`: its bucket and key). The audit rows of the admin's changes
 * stay: the audit log is never edited. One batch, with `event` (how many garments it removes set
 * at `garments`); returns what each statement removed. Then the tap records of its slug and of
 * the slugs it probed (`probedSlugs`) are dropped.
 */
export async function removeQaRun(
  db: Db,
  tap: TapStores,
  run: {
    slug: string;
    probedSlugs: string[];
    userId: string;
    sessionId: string | null;
    rateEvents: { bucket: string; key: string };
  },
  event?: DomainEvent<"qa.run_removed">,
) {
  const garment = await db.select({ id: garments.id }).from(garments).where(eq(garments.short_slug, run.slug)).get();
  const id = garment?.id ?? -1;
  const recorded = event && { ...event, payload: { ...event.payload, garments: garment ? 1 : 0 } };
  const [removedContacts, , , removedGarments, removedSessions, removedRates] = await db.batch([
    db
      .delete(contacts)
      .where(
        or(eq(contacts.garment_id, id), and(eq(contacts.owner_user_id, run.userId), eq(contacts.tag_uuid, run.slug))),
      )
      .returning({ id: contacts.id }),
    db.delete(scans).where(eq(scans.garment_id, id)),
    db.delete(nfcTags).where(eq(nfcTags.garment_id, id)),
    db.delete(garments).where(eq(garments.id, id)).returning({ id: garments.id }),
    db
      .delete(sessions)
      .where(eq(sessions.id, run.sessionId ?? ""))
      .returning({ id: sessions.id }),
    db
      .delete(rateEvents)
      .where(and(eq(rateEvents.bucket, run.rateEvents.bucket), eq(rateEvents.key, run.rateEvents.key)))
      .returning({ id: rateEvents.id }),
    ...(recorded ? [eventEntry(db, recorded)] : []),
  ]);
  await forgetTapRoutes(tap, [run.slug, ...run.probedSlugs]);
  return {
    garments: removedGarments.length,
    contacts: removedContacts.length,
    sessions: removedSessions.length,
    rateEvents: removedRates.length,
  };
}
