/**
 * Garments: wardrobe, garment detail, claim, registration lookups, admin garment lists and changes, tap routes.
 * Every function takes `db` first; drizzle's query builder and `db.batch()`; raw `sql` only
 * where drizzle cannot say it, with a one-line reason. Row types come from the schema.
 */
import { and, count, desc, eq, not, or, sql } from "drizzle-orm";
import { type Actor, auditEntry } from "./audit";
import type { Db } from "./client";
import { selectOwnerContacts } from "./contacts";
import { containsText } from "./like";
import { scanCounts, selectGarmentScanStats, selectRecentGarmentScans } from "./scans";
import { adminUsers, garments, nfcTags, profiles, users } from "./schema";
import { keepTapTrue, type TapStores } from "./tap/cache";

/**
 * Whether the garment's current tag (its newest nfc_tags row, the one the tap reads) is
 * reported lost or stolen (issue #18): then no page shows its owner and nobody can claim it.
 * For a query on `garments`; one indexed lookup (nfc_tags_garment_id_idx).
 */
export function tagReportedMissing(db: Db) {
  const current = db
    .select({ status: nfcTags.status })
    .from(nfcTags)
    .where(eq(nfcTags.garment_id, garments.id))
    .orderBy(desc(nfcTags.id))
    .limit(1);
  // Raw: a correlated scalar subquery compared in place; drizzle has no scalar-subquery helper.
  return sql<boolean>`coalesce((${current}) IN ('lost', 'stolen'), 0)`.mapWith(Boolean);
}

/** The label fields every owner-facing screen names a garment with (garmentLabels, garmentPhoto). */
const garmentLabelColumns = {
  id: garments.id,
  name: garments.name,
  title: garments.title,
  brand: garments.brand,
  garment_type: garments.garment_type,
  color: garments.color,
  size: garments.size,
};

/** The owner's claimed garments, newest claim first, with each one's visitor taps (scanCounts), in one query. */
export function listWardrobe(db: Db, userId: string, limit = 200) {
  const taps = scanCounts(db, { owner: userId }, { by: "garment_id" }).as("garment_taps");
  return db
    .select({
      ...garmentLabelColumns,
      short_slug: garments.short_slug,
      is_active: garments.is_active,
      created_at: garments.created_at,
      claimed_at: garments.claimed_at,
      photo_key: garments.photo_key,
      photo_width: garments.photo_width,
      photo_height: garments.photo_height,
      photo_card_key: garments.photo_card_key,
      photo_public: garments.photo_public,
      // Raw: coalesce() has no drizzle helper; a garment without taps has no row to join.
      taps: sql<number>`coalesce(${taps.all_visitor}, 0)`.as("taps"),
    })
    .from(garments)
    .leftJoin(taps, eq(taps.key, garments.id))
    .where(and(eq(garments.owner_user_id, userId), eq(garments.status, "claimed")))
    .orderBy(desc(garments.claimed_at), desc(garments.id))
    .limit(limit);
}

/** One garment of an owner's wardrobe, as the wardrobe, the dashboard and the garment page show it. */
export type WardrobeGarment = Awaited<ReturnType<typeof listWardrobe>>[number];

/** The owner's active garments, newest claim first (the registration page's list). */
export function listActiveOwnedGarments(db: Db, userId: string) {
  return db
    .select(garmentLabelColumns)
    .from(garments)
    .where(and(eq(garments.owner_user_id, userId), eq(garments.is_active, true)))
    .orderBy(desc(garments.claimed_at));
}

/** The slug of the garment carrying this tag UUID or chip id, or null. */
export async function slugByTagOrChip(db: Db, tagUuid: string, chipId: string): Promise<string | null> {
  const row = await db
    .select({ slug: garments.short_slug })
    .from(garments)
    .where(or(eq(garments.tag_uuid, tagUuid), eq(garments.nfc_chip_id, chipId)))
    .limit(1)
    .get();
  return row?.slug ?? null;
}

/** The slug itself when a garment has it, or null. */
export async function existingSlug(db: Db, slug: string): Promise<string | null> {
  const row = await db.select({ slug: garments.short_slug }).from(garments).where(eq(garments.short_slug, slug)).get();
  return row?.slug ?? null;
}

/** The fields a claim or registration screen shows and decides on, by slug (undefined if none). */
export function garmentBySlug(db: Db, slug: string) {
  return db
    .select({
      ...garmentLabelColumns,
      status: garments.status,
      is_active: garments.is_active,
      pool: garments.pool,
      owner_user_id: garments.owner_user_id,
      reported_missing: tagReportedMissing(db).as("reported_missing"),
    })
    .from(garments)
    .where(eq(garments.short_slug, slug))
    .get();
}

/** Every garment, for the health check. */
export function countGarments(db: Db): Promise<number> {
  return db.$count(garments);
}

export type ClaimResult =
  | { status: "claimed" | "already_owned"; garmentId: number }
  | {
      status:
        | "claimed_by_other"
        | "not_found"
        | "profile_missing"
        | "reported_missing"
        // A pool garment (issue #19) is registered with the owner's details (registerPoolGarment), not claimed bare.
        | "details_required"
        // registerPoolGarment on a stock garment: it keeps the brand's details (claimGarment).
        | "not_pool";
    };

type ClaimState = Pick<typeof garments.$inferSelect, "id" | "is_active" | "status" | "owner_user_id" | "pool"> & {
  reported_missing: boolean;
};

/** What a claim decides on, by slug (undefined if none): the fields the claim screens show too. */
function claimState(db: Db, slug: string): Promise<ClaimState | undefined> {
  return garmentBySlug(db, slug);
}

function settled(garment: ClaimState | undefined, userId: string): ClaimResult | null {
  if (garment?.is_active !== true) return { status: "not_found" };
  if (garment.owner_user_id === userId) return { status: "already_owned", garmentId: garment.id };
  // Lost or stolen (issue #18): nobody else may take it over, whatever its status.
  if (garment.reported_missing) return { status: "reported_missing" };
  if (garment.status !== "unclaimed") return { status: "claimed_by_other" };
  return null;
}

/** The user's profile id, which a claim needs (undefined without one). */
async function profileIdOf(db: Db, userId: string): Promise<number | undefined> {
  const profile = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.user_id, userId)).get();
  return profile?.id;
}

/** The columns a claim (or a pool registration) sets: the garment is this user's from `now`. */
const claimedBy = (userId: string, profileId: number, now: number) =>
  ({
    status: "claimed",
    owner_user_id: userId,
    owner_profile_id: profileId,
    claimed_at: new Date(now),
    ownership_status: "active",
  }) as const;

/** The garments a claim may take: this slug, unclaimed, active, its tag not reported missing, pool or not. */
const claimable = (slug: string, pool: boolean) =>
  and(
    eq(garments.short_slug, slug),
    eq(garments.status, "unclaimed"),
    eq(garments.is_active, true),
    eq(garments.pool, pool),
  );

/**
 * Claims an unclaimed, active garment for a user who has a profile (spec part 1 §4, Claim
 * flow), then rewrites the tap cache so the very next tap sends the owner to their garment.
 * A pool garment is not claimed bare: `details_required` (registerPoolGarment takes it).
 */
export async function claimGarment(
  db: Db,
  tap: TapStores,
  input: { slug: string; userId: string },
  now = Date.now(),
): Promise<ClaimResult> {
  // What cannot be claimed is said first: nobody is sent to set up a profile for it.
  const state = await claimState(db, input.slug);
  const before = settled(state, input.userId);
  if (before) return before;
  if (state?.pool) return { status: "details_required" };

  const profileId = await profileIdOf(db, input.userId);
  if (profileId === undefined) return { status: "profile_missing" };

  // One conditional UPDATE decides a race: of two people claiming at once exactly one matches
  // `status = 'unclaimed'`, the other sees a claimed garment afterwards (claimed_by_other).
  const claimed = await db
    .update(garments)
    .set(claimedBy(input.userId, profileId, now))
    .where(
      and(
        claimable(input.slug, false),
        // A report landing between the read and this write still wins.
        not(tagReportedMissing(db)),
      ),
    )
    .returning({ id: garments.id })
    .get();
  if (claimed) {
    await keepTapTrue(tap, [input.slug]);
    return { status: "claimed", garmentId: claimed.id };
  }
  // Lost a race (or the garment changed in between): report what it is now.
  return settled(await claimState(db, input.slug), input.userId) ?? { status: "claimed_by_other" };
}

/** What the owner gives a pool garment when registering it (issue #19); absent keys stay as programmed. */
export type PoolGarmentDetails = {
  name: string;
  size: string | null;
  garment_type?: string;
  style?: string | null;
  sku?: string | null;
  purchase_date?: string | null;
};

/**
 * Registers a pool garment (programmed without details, issue #19) for the first owner who
 * taps it or types its code: ONE conditional UPDATE claims it and writes their details (and
 * `pool = false`), so of two owners at once exactly one wins; then the tap cache is rewritten,
 * as claimGarment does. A stock garment answers `not_pool` (it keeps the brand's details).
 */
export async function registerPoolGarment(
  db: Db,
  tap: TapStores,
  input: { slug: string; userId: string; details: PoolGarmentDetails },
  now = Date.now(),
): Promise<ClaimResult> {
  const state = await claimState(db, input.slug);
  const before = settled(state, input.userId);
  if (before) return before;
  if (!state?.pool) return { status: "not_pool" };

  const profileId = await profileIdOf(db, input.userId);
  if (profileId === undefined) return { status: "profile_missing" };

  const d = input.details;
  const registered = await db
    .update(garments)
    .set({
      ...claimedBy(input.userId, profileId, now),
      pool: false,
      name: d.name,
      title: d.name,
      size: d.size,
      ...(d.garment_type !== undefined && { garment_type: d.garment_type }),
      ...(d.style !== undefined && { style: d.style }),
      ...(d.sku !== undefined && { sku: d.sku }),
      ...(d.purchase_date !== undefined && { purchase_date: d.purchase_date }),
    })
    .where(and(claimable(input.slug, true), not(tagReportedMissing(db))))
    .returning({ id: garments.id })
    .get();
  if (registered) {
    await keepTapTrue(tap, [input.slug]);
    return { status: "claimed", garmentId: registered.id };
  }
  return settled(await claimState(db, input.slug), input.userId) ?? { status: "claimed_by_other" };
}

// ---------------------------------------------------------------------------------------------
// Admin portal: the garment list, one garment, activation, reassignment, unclaimed stock and
// programming marks (issue #9). Each change writes its audit row in the same batch.
// ---------------------------------------------------------------------------------------------

// coalesce() has no drizzle builder.
const ownerEmail = sql<string | null>`coalesce(${profiles.email}, ${users.email})`;

const adminGarmentColumns = {
  id: garments.id,
  // coalesce() has no drizzle builder.
  title: sql<string>`coalesce(${garments.title}, ${garments.name}, ${garments.short_slug})`,
  brand: garments.brand,
  garment_type: garments.garment_type,
  short_slug: garments.short_slug,
  status: garments.status,
  is_active: garments.is_active,
  created_at: garments.created_at,
  claimed_at: garments.claimed_at,
  owner_user_id: garments.owner_user_id,
  profile_id: profiles.id,
  display_name: profiles.display_name,
  first_name: profiles.first_name,
  last_name: profiles.last_name,
  email: ownerEmail,
};

const selectAdminGarments = (db: Db) =>
  db
    .select(adminGarmentColumns)
    .from(garments)
    .leftJoin(profiles, eq(profiles.user_id, garments.owner_user_id))
    .leftJoin(users, eq(users.id, garments.owner_user_id));

/** A garment as the admin portal lists it, with its owner's profile and email. */
export type AdminGarmentRow = Awaited<ReturnType<typeof selectAdminGarments>>[number];

/** Garments newest first with their owner (all, or only claimed or unclaimed); an optional search over slug, names, brand and owner. */
export async function listAdminGarments(
  db: Db,
  opts: { q?: string; status?: "claimed" | "unclaimed" | "all"; limit: number },
) {
  const term = opts.q;
  const search = term
    ? or(
        ...[
          garments.short_slug,
          garments.title,
          garments.name,
          garments.brand,
          profiles.first_name,
          profiles.last_name,
          profiles.display_name,
          ownerEmail,
        ].map((column) => containsText(column, term)),
      )
    : undefined;
  const status = opts.status && opts.status !== "all" ? eq(garments.status, opts.status) : undefined;
  const rows = await selectAdminGarments(db)
    .where(and(search, status))
    .orderBy(desc(garments.created_at), desc(garments.id))
    .limit(opts.limit + 1);
  return { rows: rows.slice(0, opts.limit), truncated: rows.length > opts.limit };
}

/** One garment as the admin portal shows it, or undefined. */
export function getAdminGarment(db: Db, id: number): Promise<AdminGarmentRow | undefined> {
  return selectAdminGarments(db).where(eq(garments.id, id)).get();
}

/** Turns a garment on or off, audited with its state before and after; the next tap answers the change. */
export async function setGarmentActive(
  db: Db,
  tap: TapStores,
  actor: Actor,
  garment: AdminGarmentRow,
  isActive: boolean,
) {
  await db.batch([
    db.update(garments).set({ is_active: isActive }).where(eq(garments.id, garment.id)),
    auditEntry(
      db,
      actor,
      isActive ? "garment.activate" : "garment.deactivate",
      { type: "garment", id: garment.id },
      { is_active: garment.is_active },
      { is_active: isActive },
    ),
  ]);
  await keepTapTrue(tap, [garment.short_slug]);
}

/**
 * Gives a garment to the client with this profile id (claimed from now), audited, and the next
 * tap answers for the new owner; false when no profile has the id.
 */
export async function reassignGarment(
  db: Db,
  tap: TapStores,
  actor: Actor,
  garment: AdminGarmentRow,
  profileId: number,
) {
  const profile = await db
    .select({ id: profiles.id, user_id: profiles.user_id })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .get();
  if (!profile) return false;
  await db.batch([
    db
      .update(garments)
      .set({ owner_user_id: profile.user_id, owner_profile_id: profile.id, status: "claimed", claimed_at: new Date() })
      .where(eq(garments.id, garment.id)),
    auditEntry(
      db,
      actor,
      "garment.reassign",
      { type: "garment", id: garment.id },
      { owner_profile_id: garment.profile_id, status: garment.status },
      { owner_profile_id: profile.id, status: "claimed" },
    ),
  ]);
  await keepTapTrue(tap, [garment.short_slug]);
  return true;
}

/** One page of unclaimed garments (newest first) and how many there are, in one batch. */
export async function listUnclaimedGarments(db: Db, opts: { limit: number; offset: number }) {
  const unclaimed = eq(garments.status, "unclaimed");
  const [rows, [counted]] = await db.batch([
    db
      .select({
        garment_id: garments.id,
        // coalesce() has no drizzle builder.
        title: sql<string>`coalesce(${garments.title}, ${garments.name}, ${garments.short_slug})`,
        category: sql<string | null>`coalesce(${garments.garment_type}, ${garments.style})`,
        sku: garments.sku,
        tag_uuid: garments.tag_uuid,
        short_slug: garments.short_slug,
        created_at: garments.created_at,
        programmed_at: garments.programmed_at,
        programmed_by_admin_id: garments.programmed_by_admin_id,
      })
      .from(garments)
      .where(unclaimed)
      .orderBy(desc(garments.created_at), desc(garments.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(garments).where(unclaimed),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * Marks a garment's tag programmed now by this admin, audited; the programming fields after
 * the change, or undefined when no garment has the id.
 */
export async function markGarmentProgrammed(db: Db, actor: Actor, id: number) {
  const programming = () =>
    db
      .select({ programmed_at: garments.programmed_at, programmed_by_admin_id: garments.programmed_by_admin_id })
      .from(garments)
      .where(eq(garments.id, id));
  const before = await programming().get();
  if (!before) return undefined;
  const now = new Date();
  const [, , after] = await db.batch([
    db
      .update(garments)
      .set({
        programmed_at: now,
        // Wrapped in sql: set() takes no subquery, and the lookup must stay inside the batch.
        programmed_by_admin_id: sql`${db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.user_id, actor.userId))}`,
      })
      .where(eq(garments.id, id)),
    auditEntry(
      db,
      actor,
      "garment.mark_programmed",
      { type: "garment", id },
      { programmed_at: before.programmed_at?.getTime() ?? null, programmed_by_admin_id: before.programmed_by_admin_id },
      { programmed_at: now.getTime() },
    ),
    programming(),
  ]);
  return after[0];
}

const ownedClaimed = (garmentId: number, userId: string) =>
  and(eq(garments.id, garmentId), eq(garments.owner_user_id, userId), eq(garments.status, "claimed"));

const garmentContactsFilter = (garmentId: number) =>
  ({ q: "", event: { kind: "all" }, contacted: "all", garmentId }) as const;

/**
 * Everything the garment page shows, in one D1 batch; null unless the garment is this
 * user's (anyone else gets a 404, so garment ids cannot be probed).
 */
export async function loadGarmentDetail(db: Db, garmentId: number, userId: string) {
  const [[garment], [stats], recentScans, garmentContacts] = await db.batch([
    db
      .select({
        ...garmentLabelColumns,
        sku: garments.sku,
        status: garments.status,
        short_slug: garments.short_slug,
        tag_uuid: garments.tag_uuid,
        nfc_chip_id: garments.nfc_chip_id,
        claimed_at: garments.claimed_at,
      })
      .from(garments)
      .where(ownedClaimed(garmentId, userId)),
    selectGarmentScanStats(db, garmentId, userId),
    selectRecentGarmentScans(db, garmentId, userId),
    selectOwnerContacts(db, userId, garmentContactsFilter(garmentId)),
  ]);
  if (!garment) return null;
  return {
    garment,
    stats: { scans: stats?.scans ?? 0, lastScan: recentScans[0]?.created_at ?? null, contacts: stats?.contacts ?? 0 },
    scans: recentScans,
    contacts: garmentContacts,
  };
}

/** The garment's contacts for its CSV export; null unless the garment is this user's. */
export async function loadGarmentContacts(db: Db, garmentId: number, userId: string) {
  const garment = await db
    .select({ id: garments.id, name: garments.name, title: garments.title })
    .from(garments)
    .where(ownedClaimed(garmentId, userId))
    .get();
  if (!garment) return null;
  return { garment, contacts: await selectOwnerContacts(db, userId, garmentContactsFilter(garmentId)) };
}
