import { AppError } from "@releve/core";
import {
  type AdminClient,
  type AdminGarment,
  AUDIT_LIMIT,
  type AuditEntry,
  type InstagramPost,
  SCAN_HISTORY_LIMIT,
  type ScanHistoryRow,
  type TagBatch,
  UNCLAIMED_PAGE_SIZE,
  type UnclaimedPage,
} from "@releve/core/admin-api";
import { publicName } from "@releve/core/share-visibility";
import { refreshTapRoute, type TapStores } from "@releve/db/tap-cache";

/** The admin doing the change, as the audit log records them. */
export type Actor = { userId: string; email: string };

type Stores = TapStores & { DB: D1Database; TAP_KV: KVNamespace };

/**
 * One audit row, to run in the same batch as the change it describes (after it). A target id
 * of "inserted" records the row the batch's previous INSERT created.
 */
function audit(
  db: D1Database,
  actor: Actor,
  action: string,
  target: { type: string; id: number | "inserted" },
  before: unknown,
  after: unknown,
) {
  const targetId = target.id === "inserted" ? "CAST(last_insert_rowid() AS TEXT)" : "?5";
  return db
    .prepare(
      `INSERT INTO admin_audit_log (admin_user_id, admin_email, action, target_type, target_id, before, after, created_at)
       VALUES (?1, ?2, ?3, ?4, ${targetId}, ?6, ?7, ?8)`,
    )
    .bind(
      actor.userId,
      actor.email,
      action,
      target.type,
      target.id === "inserted" ? null : String(target.id),
      before === null ? null : JSON.stringify(before),
      after === null ? null : JSON.stringify(after),
      Date.now(),
    );
}

const like = (q: string | undefined) => (q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);

type GarmentRow = {
  id: number;
  title: string;
  brand: string | null;
  garment_type: string | null;
  short_slug: string;
  status: "unclaimed" | "claimed";
  is_active: number;
  created_at: number;
  claimed_at: number | null;
  profile_id: number | null;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  owner_user_id: string | null;
};

const GARMENT_SELECT = `SELECT g.id, coalesce(g.title, g.name, g.short_slug) AS title, g.brand, g.garment_type,
    g.short_slug, g.status, g.is_active, g.created_at, g.claimed_at, g.owner_user_id,
    p.id AS profile_id, p.display_name, p.first_name, p.last_name, coalesce(p.email, u.email) AS email
  FROM garments g
  LEFT JOIN profiles p ON p.user_id = g.owner_user_id
  LEFT JOIN users u ON u.id = g.owner_user_id`;

function toGarment(row: GarmentRow): AdminGarment {
  return {
    id: row.id,
    title: row.title,
    brand: row.brand,
    garmentType: row.garment_type,
    shortSlug: row.short_slug,
    status: row.status,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    claimedAt: row.claimed_at,
    owner: row.owner_user_id ? { profileId: row.profile_id, name: publicName(row), email: row.email } : null,
  };
}

export const GARMENT_LIST_LIMIT = 200;

/** 'Registered & Claimed': every garment, newest first, with its owner; optional search. */
export async function listGarments(db: D1Database, q?: string) {
  const pattern = like(q);
  const { results } = await db
    .prepare(
      `${GARMENT_SELECT}
       WHERE ?1 IS NULL OR g.short_slug LIKE ?1 ESCAPE '\\' OR g.title LIKE ?1 ESCAPE '\\' OR g.name LIKE ?1 ESCAPE '\\'
          OR g.brand LIKE ?1 ESCAPE '\\' OR p.first_name LIKE ?1 ESCAPE '\\' OR p.last_name LIKE ?1 ESCAPE '\\'
          OR p.display_name LIKE ?1 ESCAPE '\\' OR coalesce(p.email, u.email) LIKE ?1 ESCAPE '\\'
       ORDER BY g.created_at DESC, g.id DESC LIMIT ?2`,
    )
    .bind(pattern, GARMENT_LIST_LIMIT + 1)
    .all<GarmentRow>();
  return {
    garments: results.slice(0, GARMENT_LIST_LIMIT).map(toGarment),
    truncated: results.length > GARMENT_LIST_LIMIT,
  };
}

async function garmentById(db: D1Database, id: number): Promise<AdminGarment> {
  const row = await db.prepare(`${GARMENT_SELECT} WHERE g.id = ?1`).bind(id).first<GarmentRow>();
  if (!row) throw new AppError("not_found", "Garment not found.");
  return toGarment(row);
}

/** Keeps the tap answer in step with D1; a KV failure is logged, the change stands (0010). */
async function refreshTap(stores: Stores, slug: string) {
  try {
    await refreshTapRoute(stores, slug);
  } catch (error) {
    console.error(`[admin] tap cache refresh failed for ${slug}`, error);
  }
}

export async function setGarmentActive(stores: Stores, actor: Actor, id: number, isActive: boolean) {
  const before = await garmentById(stores.DB, id);
  await stores.DB.batch([
    stores.DB.prepare("UPDATE garments SET is_active = ?2 WHERE id = ?1").bind(id, isActive ? 1 : 0),
    audit(
      stores.DB,
      actor,
      isActive ? "garment.activate" : "garment.deactivate",
      { type: "garment", id },
      {
        is_active: before.isActive,
      },
      { is_active: isActive },
    ),
  ]);
  await refreshTap(stores, before.shortSlug);
  return garmentById(stores.DB, id);
}

export async function reassignGarment(stores: Stores, actor: Actor, id: number, profileId: number) {
  const before = await garmentById(stores.DB, id);
  const profile = await stores.DB.prepare("SELECT id, user_id FROM profiles WHERE id = ?1")
    .bind(profileId)
    .first<{ id: number; user_id: string }>();
  if (!profile) throw new AppError("not_found", `No client has the id ${profileId}.`);
  const now = Date.now();
  await stores.DB.batch([
    stores.DB.prepare(
      `UPDATE garments SET owner_user_id = ?2, owner_profile_id = ?3, status = 'claimed', claimed_at = ?4 WHERE id = ?1`,
    ).bind(id, profile.user_id, profile.id, now),
    audit(
      stores.DB,
      actor,
      "garment.reassign",
      { type: "garment", id },
      { owner_profile_id: before.owner?.profileId ?? null, status: before.status },
      { owner_profile_id: profile.id, status: "claimed" },
    ),
  ]);
  await refreshTap(stores, before.shortSlug);
  return garmentById(stores.DB, id);
}

/** Clients to reassign to: by partial first or last name, email or client id (10 at most). */
export async function searchClients(db: D1Database, q: string): Promise<AdminClient[]> {
  const pattern = like(q);
  const { results } = await db
    .prepare(
      `SELECT p.id, p.client_id, p.display_name, p.first_name, p.last_name, coalesce(p.email, u.email) AS email
       FROM profiles p JOIN users u ON u.id = p.user_id
       WHERE p.first_name LIKE ?1 ESCAPE '\\' OR p.last_name LIKE ?1 ESCAPE '\\' OR p.display_name LIKE ?1 ESCAPE '\\'
          OR coalesce(p.email, u.email) LIKE ?1 ESCAPE '\\' OR p.client_id LIKE ?1 ESCAPE '\\' OR CAST(p.id AS TEXT) = ?2
       ORDER BY p.id LIMIT 10`,
    )
    .bind(pattern, q.trim())
    .all<{
      id: number;
      client_id: string;
      display_name: string | null;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
    }>();
  return results.map((r) => ({ profileId: r.id, clientId: r.client_id, name: publicName(r), email: r.email }));
}

export async function listUnclaimed(db: D1Database, origin: string, page: number): Promise<UnclaimedPage> {
  const offset = (page - 1) * UNCLAIMED_PAGE_SIZE;
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT id AS garment_id, coalesce(title, name, short_slug) AS title, coalesce(garment_type, style) AS category,
                sku, tag_uuid, short_slug, created_at, programmed_at, programmed_by_admin_id
         FROM garments WHERE status = 'unclaimed' ORDER BY created_at DESC, id DESC LIMIT ?1 OFFSET ?2`,
      )
      .bind(UNCLAIMED_PAGE_SIZE, offset),
    db.prepare("SELECT count(*) AS n FROM garments WHERE status = 'unclaimed'"),
  ]);
  type Row = Omit<UnclaimedPage["rows"][number], "programming_url">;
  return {
    rows: ((rows?.results ?? []) as Row[]).map((row) => ({
      ...row,
      programming_url: `${origin}/t/${row.short_slug}`,
    })),
    page,
    pageSize: UNCLAIMED_PAGE_SIZE,
    total: (count?.results[0] as { n: number } | undefined)?.n ?? 0,
  };
}

export async function markProgrammed(db: D1Database, actor: Actor, id: number) {
  const before = await db
    .prepare("SELECT programmed_at, programmed_by_admin_id FROM garments WHERE id = ?1")
    .bind(id)
    .first<{ programmed_at: number | null; programmed_by_admin_id: number | null }>();
  if (!before) throw new AppError("not_found", "Garment not found.");
  const now = Date.now();
  const [, , after] = await db.batch([
    db
      .prepare(
        "UPDATE garments SET programmed_at = ?2, programmed_by_admin_id = (SELECT id FROM admin_users WHERE user_id = ?3) WHERE id = ?1",
      )
      .bind(id, now, actor.userId),
    audit(db, actor, "garment.mark_programmed", { type: "garment", id }, before, { programmed_at: now }),
    db.prepare("SELECT programmed_at, programmed_by_admin_id FROM garments WHERE id = ?1").bind(id),
  ]);
  return after?.results[0] as { programmed_at: number; programmed_by_admin_id: number | null };
}

export async function recentScans(db: D1Database): Promise<ScanHistoryRow[]> {
  const { results } = await db
    .prepare(
      `SELECT s.id, s.created_at, s.short_slug, s.viewer_kind, s.city, s.country, s.browser,
              g.id AS garment_id, coalesce(g.title, g.name) AS garment_name, g.brand,
              p.display_name, p.first_name, p.last_name, s.owner_user_id
       FROM scans s
       LEFT JOIN garments g ON g.id = s.garment_id
       LEFT JOIN profiles p ON p.user_id = s.owner_user_id
       ORDER BY s.created_at DESC LIMIT ?1`,
    )
    .bind(SCAN_HISTORY_LIMIT)
    .all<{
      id: string;
      created_at: number;
      short_slug: string | null;
      viewer_kind: string;
      city: string | null;
      country: string | null;
      browser: string | null;
      garment_id: number | null;
      garment_name: string | null;
      brand: string | null;
      display_name: string | null;
      first_name: string | null;
      last_name: string | null;
      owner_user_id: string | null;
    }>();
  return results.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    slug: r.short_slug,
    garment: r.garment_id ? { name: r.garment_name ?? r.short_slug ?? "Garment", brand: r.brand } : null,
    ownerName: r.owner_user_id ? publicName(r) : null,
    viewerKind: r.viewer_kind,
    city: r.city,
    country: r.country,
    browser: r.browser,
  }));
}

export async function listAudit(db: D1Database): Promise<AuditEntry[]> {
  const { results } = await db
    .prepare(
      `SELECT id, admin_email, action, target_type, target_id, before, after, created_at
       FROM admin_audit_log ORDER BY created_at DESC, id DESC LIMIT ?1`,
    )
    .bind(AUDIT_LIMIT)
    .all<{
      id: number;
      admin_email: string;
      action: string;
      target_type: string;
      target_id: string | null;
      before: string | null;
      after: string | null;
      created_at: number;
    }>();
  const parse = (json: string | null) => (json === null ? null : (JSON.parse(json) as unknown));
  return results.map((r) => ({
    id: r.id,
    adminEmail: r.admin_email,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    before: parse(r.before),
    after: parse(r.after),
    createdAt: r.created_at,
  }));
}

// Social posts (the landing's Instagram-style grid) ---------------------------------------

type PostRow = Omit<InstagramPost, "is_active"> & { is_active: number };
const toPost = (r: PostRow): InstagramPost => ({ ...r, is_active: r.is_active === 1 });
const POST_COLUMNS = "id, image_url, caption, permalink, is_active, display_order";

export async function listPosts(db: D1Database): Promise<InstagramPost[]> {
  const { results } = await db
    .prepare(`SELECT ${POST_COLUMNS} FROM instagram_posts ORDER BY display_order ASC, id ASC`)
    .all<PostRow>();
  return results.map(toPost);
}

async function postById(db: D1Database, id: number): Promise<InstagramPost> {
  const row = await db.prepare(`SELECT ${POST_COLUMNS} FROM instagram_posts WHERE id = ?1`).bind(id).first<PostRow>();
  if (!row) throw new AppError("not_found", "Post not found.");
  return toPost(row);
}

type PostInput = Omit<InstagramPost, "id">;

export async function createPost(db: D1Database, actor: Actor, input: PostInput): Promise<InstagramPost> {
  const now = Date.now();
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO instagram_posts (image_url, caption, permalink, is_active, display_order, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6) RETURNING id`,
      )
      .bind(input.image_url, input.caption, input.permalink, input.is_active ? 1 : 0, input.display_order, now),
    audit(db, actor, "post.create", { type: "instagram_post", id: "inserted" }, null, input),
  ]);
  const id = inserted?.results[0]?.id;
  if (id === undefined) throw new AppError("internal", "The post was not saved.");
  return postById(db, id);
}

export async function updatePost(db: D1Database, actor: Actor, id: number, input: PostInput) {
  const before = await postById(db, id);
  await db.batch([
    db
      .prepare(
        `UPDATE instagram_posts SET image_url = ?2, caption = ?3, permalink = ?4, is_active = ?5, display_order = ?6,
                updated_at = ?7 WHERE id = ?1`,
      )
      .bind(
        id,
        input.image_url,
        input.caption,
        input.permalink,
        input.is_active ? 1 : 0,
        input.display_order,
        Date.now(),
      ),
    audit(db, actor, "post.update", { type: "instagram_post", id }, before, input),
  ]);
  return postById(db, id);
}

export async function deletePost(db: D1Database, actor: Actor, id: number) {
  const before = await postById(db, id);
  await db.batch([
    db.prepare("DELETE FROM instagram_posts WHERE id = ?1").bind(id),
    audit(db, actor, "post.delete", { type: "instagram_post", id }, before, null),
  ]);
}

// Tag batches -------------------------------------------------------------------------------

export async function listBatches(db: D1Database): Promise<TagBatch[]> {
  const { results } = await db
    .prepare(
      `SELECT b.id, b.batch_name, b.description, b.created_at,
              count(t.id) AS total,
              count(CASE WHEN t.status <> 'uninitialized' THEN 1 END) AS programmed,
              count(CASE WHEN t.status = 'active' THEN 1 END) AS active
       FROM nfc_tag_batches b LEFT JOIN nfc_tags t ON t.batch_id = b.id
       GROUP BY b.id ORDER BY b.created_at DESC, b.id DESC`,
    )
    .all<TagBatch>();
  return results;
}

export async function createBatch(
  db: D1Database,
  actor: Actor,
  input: { batch_name: string; description: string | null },
): Promise<TagBatch> {
  const now = Date.now();
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare("INSERT INTO nfc_tag_batches (batch_name, description, created_at) VALUES (?1, ?2, ?3) RETURNING id")
      .bind(input.batch_name, input.description, now),
    audit(db, actor, "tag_batch.create", { type: "nfc_tag_batch", id: "inserted" }, null, input),
  ]);
  const id = inserted?.results[0]?.id;
  if (id === undefined) throw new AppError("internal", "The batch was not saved.");
  return { id, ...input, created_at: now, total: 0, programmed: 0, active: 0 };
}
