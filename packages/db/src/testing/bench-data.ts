// Raw SQL on purpose: the benches' bulk rows (10k-200k) are generated inside SQLite by recursive CTEs.
import type { D1Like } from "../platform/binding-types";
import { migrationStatements } from "./node-sqlite-d1";

/** Applies the migrations folder to a D1 binding (a Miniflare D1 in the benches), one batch per file. */
export async function applyMigrations(d1: D1Like): Promise<void> {
  for (const statements of migrationStatements()) {
    await d1.batch(statements.map((s) => d1.prepare(s)));
  }
}

const seq = (n: number) => `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n})`;
const pick = (list: string[], expr: string) =>
  `CASE (${expr}) % ${list.length} ${list.map((v, i) => `WHEN ${i} THEN '${v}'`).join(" ")} END`;
const DAY_MS = 86_400_000;

// bench:crm

export type CrmBenchScale = { owner: string; contacts: number; scans: number; garments: number; events: number };

const FIRST = ["Marie", "Jean", "Aiko", "Luca", "Sofia", "Omar", "Chloé", "Hugo", "Nina", "Yusuf", "Elena", "Théo"];
const LAST = ["Dubois", "Rossi", "Tanaka", "Martin", "Silva", "Haddad", "Moreau", "Berg", "Novak", "Laurent"];

/** One owner with events, garments, contacts over 180 days and scans over 365 days, plus another owner's 50 contacts. */
export async function seedCrmBench(d1: D1Like, now: number, scale: CrmBenchScale): Promise<void> {
  const { owner, contacts, scans, garments, events } = scale;
  await d1.batch([
    d1.prepare(`INSERT INTO users (id, email, password_hash) VALUES ('${owner}', 'bench@bench.local', 'x'),
      ('bench-other', 'other@bench.local', 'x')`),
    d1.prepare(`INSERT INTO profiles (user_id, client_id, first_name) VALUES ('${owner}', 'benchclient', 'Bench')`),
    d1.prepare(`${seq(events)} INSERT INTO wardrobe_events (owner_user_id, name, date, is_active)
      SELECT '${owner}', 'Event ' || i, date(${now} / 1000 - i * 86400 * 7, 'unixepoch'), i % 5 != 0 FROM seq`),
    d1.prepare(`${seq(garments)} INSERT INTO garments (name, short_slug, status, owner_user_id)
      SELECT 'Garment ' || i, 'bench-' || i, 'claimed', '${owner}' FROM seq`),
    // Every third contact has no event; every fourth is contacted; all over 180 days.
    d1.prepare(`${seq(contacts)} INSERT INTO contacts (owner_user_id, garment_id, wardrobe_event_id, first_name, last_name,
        email, phone, notes, contacted_at, contact_notes, contact_source, created_at)
      SELECT '${owner}', 1 + i % ${garments}, CASE WHEN i % 3 = 0 THEN NULL ELSE 1 + i % ${events} END,
        ${pick(FIRST, "i")}, ${pick(LAST, "i / 7")},
        'guest' || i || '@example.com', '+336' || printf('%08d', i * 37),
        CASE WHEN i % 5 = 0 THEN 'Asked about the autumn collection' END,
        CASE WHEN i % 4 = 0 THEN ${now} - (i % 30) * ${DAY_MS} END,
        CASE WHEN i % 8 = 0 THEN 'Sent the lookbook' END,
        'nfc_share', ${now} - (i * 1553) % (180 * ${DAY_MS})
      FROM seq`),
    d1.prepare(`${seq(50)} INSERT INTO contacts (owner_user_id, first_name, email, contact_source)
      SELECT 'bench-other', 'Other ' || i, 'other' || i || '@example.com', 'nfc_share' FROM seq`),
  ]);
  // The scans over 365 days, a quarter tagged with an event, in chunks.
  const chunk = 50_000;
  for (let start = 0; start < scans; start += chunk) {
    await d1
      .prepare(
        `${seq(chunk)} INSERT INTO scans (id, garment_id, owner_user_id, short_slug, wardrobe_event_id, viewer_kind,
          city, browser, created_at)
        SELECT 'bench-' || (${start} + i), 1 + i % ${garments}, '${owner}', 'bench-' || (1 + i % ${garments}),
          CASE WHEN i % 4 = 0 THEN 1 + i % ${events} END,
          CASE i % 10 WHEN 0 THEN 'owner' WHEN 1 THEN 'anonymous' ELSE 'visitor' END,
          ${pick(["Paris", "London", "Milan", "Tokyo", "New York", "Lyon"], "i / 3")},
          ${pick(["Safari", "Chrome", "Firefox", "Samsung Internet"], "i / 5")},
          ${now} - ((${start} + i) * 157000) % (365 * ${DAY_MS})
        FROM seq`,
      )
      .run();
  }
}

/** What the CRM bench seeded for one owner, and what the rollup made of its scans. */
export async function countCrmBench(d1: D1Like, owner: string) {
  return d1
    .prepare(
      `SELECT (SELECT count(*) FROM contacts WHERE owner_user_id = ?1) AS contacts,
              (SELECT count(*) FROM scans WHERE owner_user_id = ?1) AS scans,
              (SELECT sum(scans) FROM scan_daily_stats WHERE owner_user_id = ?1) AS rolled,
              (SELECT count(*) FROM scan_daily_stats WHERE owner_user_id = ?1) AS stat_rows`,
    )
    .bind(owner)
    .first<{ contacts: number; scans: number; rolled: number; stat_rows: number }>();
}

/** `n` more scans of the owner over the last five minutes (one cron period): stored, not yet rolled up. */
export async function addCrmBenchRecentScans(d1: D1Like, now: number, scale: CrmBenchScale, n: number): Promise<void> {
  const { owner, garments, events } = scale;
  await d1
    .prepare(
      `${seq(n)} INSERT INTO scans (id, garment_id, owner_user_id, short_slug, wardrobe_event_id, viewer_kind,
        city, browser, created_at)
      SELECT 'bench-recent-' || i, 1 + i % ${garments}, '${owner}', 'bench-' || (1 + i % ${garments}),
        CASE WHEN i % 4 = 0 THEN 1 + i % ${events} END,
        CASE i % 10 WHEN 0 THEN 'owner' WHEN 1 THEN 'anonymous' ELSE 'visitor' END,
        ${pick(["Paris", "London", "Milan", "Tokyo", "New York", "Lyon"], "i / 3")},
        ${pick(["Safari", "Chrome", "Firefox", "Samsung Internet"], "i / 5")},
        ${now} - (i * 59) % 300000
      FROM seq`,
    )
    .run();
}

// bench:rollup

export type RollupBenchScale = { owners: number; garmentsPerOwner: number };

/** `owners` users, one wardrobe event each, and `garmentsPerOwner` claimed garments each. */
export async function seedRollupOwners(d1: D1Like, { owners, garmentsPerOwner }: RollupBenchScale): Promise<void> {
  await d1.batch([
    d1.prepare(`${seq(owners)} INSERT INTO users (id, email, password_hash)
      SELECT 'owner-' || i, 'owner-' || i || '@bench.local', 'x' FROM seq`),
    d1.prepare(
      `${seq(owners)} INSERT INTO wardrobe_events (owner_user_id, name) SELECT 'owner-' || i, 'Event ' || i FROM seq`,
    ),
    d1.prepare(`${seq(owners * garmentsPerOwner)} INSERT INTO garments (short_slug, status, owner_user_id)
      SELECT 'g-' || i, 'claimed', 'owner-' || (1 + i % ${owners}) FROM seq`),
  ]);
}

/** n scans spread over 90 days, garments, owners, events and viewer kinds, in one statement; `batchNo` keeps ids unique. */
export async function addRollupScans(
  d1: D1Like,
  { owners, garmentsPerOwner }: RollupBenchScale,
  n: number,
  batchNo: number,
  now: number,
): Promise<void> {
  const garments = owners * garmentsPerOwner;
  await d1
    .prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?1)
       INSERT INTO scans (id, garment_id, owner_user_id, short_slug, wardrobe_event_id, viewer_kind, created_at)
       SELECT 'b' || ?2 || '-' || i,
              1 + i % ${garments},
              'owner-' || (1 + (1 + i % ${garments}) % ${owners}),
              'g-' || (1 + i % ${garments}),
              CASE WHEN i % 4 = 0 THEN 1 + (1 + i % ${garments}) % ${owners} END,
              CASE i % 3 WHEN 0 THEN 'owner' WHEN 1 THEN 'visitor' ELSE 'anonymous' END,
              ?3 - (abs(random()) % (90 * ${DAY_MS}))
       FROM seq`,
    )
    .bind(n, batchNo, now)
    .run();
}

export async function countScans(d1: D1Like): Promise<number> {
  return (await d1.prepare("SELECT count(*) AS n FROM scans").first<{ n: number }>())?.n ?? 0;
}

/** scan_daily_stats' row count and the scans its rows add up to. */
export async function scanDailyStatsTotals(d1: D1Like) {
  return d1
    .prepare("SELECT count(*) AS n, sum(scans) AS total FROM scan_daily_stats")
    .first<{ n: number; total: number }>();
}

// bench:tap

/**
 * The tap's one hit garment `bench-hit`, and `misses` more (`miss-1`…) that only D1 knows. Its
 * owner shares a name, so the shell renders a visitor's card for it (bench:tap's (f) and (h)).
 */
export async function seedTapBench(d1: D1Like, misses: number): Promise<void> {
  await d1.batch([
    d1.prepare("INSERT INTO users (id, email, password_hash) VALUES ('bench-owner', 'bench-owner@bench.local', 'x')"),
    d1.prepare(
      `INSERT INTO profiles (user_id, client_id, first_name, last_name, nfc_sharing_enabled)
       VALUES ('bench-owner', 'benchclient', 'Bench', 'Owner', 1)`,
    ),
    d1.prepare(
      "INSERT INTO garments (short_slug, status, owner_user_id) VALUES ('bench-hit', 'claimed', 'bench-owner')",
    ),
    d1
      .prepare(
        `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?1)
         INSERT INTO garments (short_slug, status, owner_user_id)
         SELECT 'miss-' || i, 'claimed', 'bench-owner' FROM seq`,
      )
      .bind(misses),
  ]);
}

/**
 * bench:tap's secure garments (issue #21): one per tag, claimed by the bench owner, each tag an
 * NTAG 424 DNA registered with its UID and SUN key version. Run after seedTapBench.
 */
export async function seedSecureTapBench(d1: D1Like, tags: { slug: string; uid: string }[], keyVersion: number) {
  await d1.batch(
    tags.flatMap(({ slug, uid }) => [
      d1
        .prepare("INSERT INTO garments (short_slug, status, owner_user_id) VALUES (?1, 'claimed', 'bench-owner')")
        .bind(slug),
      d1
        .prepare(
          `INSERT INTO nfc_tags (chip_id, tag_type, status, uid, sun_key_version, garment_id)
           SELECT 'BENCH-' || ?1, 'NTAG424', 'active', ?2, ?3, id FROM garments WHERE short_slug = ?1`,
        )
        .bind(slug, uid, keyVersion),
    ]),
  );
}
