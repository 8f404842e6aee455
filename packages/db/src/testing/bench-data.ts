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

/** bench:tap's product's GTIN: item reference 1 under GS1's demonstration prefix 952 (a test value). */
export const BENCH_GTIN = "09529990000018";

/**
 * The tap's one hit garment `bench-hit` (of a product: its Digital Link taps too), and `misses`
 * more (`miss-1`…) that only D1 knows. Its owner shares a name, so the shell renders a visitor's
 * card for it (bench:tap's (f) and (h)).
 */
export async function seedTapBench(d1: D1Like, misses: number): Promise<void> {
  await d1.batch([
    d1.prepare("INSERT INTO users (id, email, password_hash) VALUES ('bench-owner', 'bench-owner@bench.local', 'x')"),
    d1.prepare(
      `INSERT INTO profiles (user_id, client_id, first_name, last_name, nfc_sharing_enabled)
       VALUES ('bench-owner', 'benchclient', 'Bench', 'Owner', 1)`,
    ),
    // bench-hit belongs to a product (issue #31): its Digital Link is the same tap as /t/bench-hit.
    d1.prepare(
      `INSERT INTO products (gtin, name, care) VALUES ('${BENCH_GTIN}', 'Bench Coat', '{"washing":"wash-30"}')`,
    ),
    d1.prepare(
      `INSERT INTO garments (short_slug, status, owner_user_id, product_id)
       VALUES ('bench-hit', 'claimed', 'bench-owner', (SELECT id FROM products WHERE gtin = '${BENCH_GTIN}'))`,
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

// bench:scale (issue #30)

/**
 * What bench:scale grows for `garments` garments: one client in ten, half the garments claimed
 * (round the clients), and on one owner (the demo owner, so the bench can sign in as them) four
 * garments with one scan per garment of the house and one contact per twenty, spread over the
 * four: at 1M garments, 1M scans and 50k contacts (12.5k on each garment).
 */
function scaleShape(garments: number) {
  return {
    garments,
    clients: Math.max(1, Math.floor(garments / 10)),
    ownerGarments: 4,
    ownerContacts: Math.floor(garments / 20),
    ownerScans: garments,
  };
}

const TITLES = ["Silk Shirt", "Wool Coat", "Linen Trousers", "Cashmere Scarf", "Leather Bag", "Evening Dress"];
const TYPES = ["Shirt", "Jacket", "Pants", "Accessories", "Bag", "Dress"];
const CITIES = ["Paris", "London", "Milan", "Tokyo", "New York", "Lyon", "Seoul", "Dubai", "Geneva", "Madrid"];
const BROWSERS = ["Safari", "Chrome", "Firefox", "Samsung Internet", "Edge"];

/**
 * Grows a seeded database to scaleShape(garments): clients `scale-<i>` (client<i>@scale.local),
 * garments `scale-g-<i>` titled "<title> No. <i as 7 digits>" (unique: a search for the digits
 * finds one garment), created a second apart, and the owner's garments `scale-own-1…4` with
 * their contacts and scans (over 180 and 365 days before `now`). Each kind in statements of at
 * most 100,000 rows.
 */
export async function growScaleBench(d1: D1Like, owner: string, garments: number, now: number): Promise<void> {
  const shape = scaleShape(garments);
  const chunk = 100_000;
  const inChunks = async (n: number, statement: (from: number, size: number) => string) => {
    for (let from = 0; from < n; from += chunk) await d1.prepare(statement(from, Math.min(chunk, n - from))).run();
  };
  await inChunks(
    shape.clients,
    (from, size) => `${seq(size)} INSERT INTO users (id, email, password_hash, created_at)
      SELECT 'scale-' || (${from} + i), 'client' || printf('%07d', ${from} + i) || '@scale.local', 'x',
        ${now} - (${shape.clients} - ${from} - i) * 60000 FROM seq`,
  );
  await inChunks(
    shape.clients,
    (
      from,
      size,
    ) => `${seq(size)} INSERT INTO profiles (user_id, client_id, first_name, last_name, display_name, created_at)
      SELECT 'scale-' || (${from} + i), 'scale' || (${from} + i), ${pick(FIRST, `${from} + i`)},
        ${pick(LAST, `(${from} + i) / 7`)}, NULL, ${now} - (${shape.clients} - ${from} - i) * 60000 FROM seq`,
  );
  await inChunks(
    garments,
    (from, size) => `${seq(size)} INSERT INTO garments (name, title, brand, garment_type, sku, short_slug, status,
        owner_user_id, claimed_at, created_at)
      SELECT ${pick(TITLES, `${from} + i`)}, ${pick(TITLES, `${from} + i`)} || ' No. ' || printf('%07d', ${from} + i),
        'Relevé', ${pick(TYPES, `${from} + i`)}, 'SKU-' || printf('%07d', ${from} + i), 'scale-g-' || (${from} + i),
        CASE WHEN (${from} + i) % 2 = 0 THEN 'claimed' ELSE 'unclaimed' END,
        CASE WHEN (${from} + i) % 2 = 0 THEN 'scale-' || (1 + (${from} + i) % ${shape.clients}) END,
        CASE WHEN (${from} + i) % 2 = 0 THEN ${now} - (${garments} - ${from} - i) * 500 END,
        ${now} - (${garments} - ${from} - i) * 1000 FROM seq`,
  );
  await d1
    .prepare(
      `${seq(shape.ownerGarments)} INSERT INTO garments (name, title, brand, short_slug, status, owner_user_id, claimed_at)
      SELECT 'Scale Garment ' || i, 'Scale Garment ' || i, 'Relevé', 'scale-own-' || i, 'claimed', '${owner}', ${now} FROM seq`,
    )
    .run();
  const owned = await d1
    .prepare("SELECT id FROM garments WHERE short_slug LIKE 'scale-own-%' ORDER BY short_slug")
    .all<{ id: number }>();
  const ids = owned.results.map((row) => row.id);
  const ownerGarment = (expr: string) =>
    `CASE (${expr}) % ${ids.length} ${ids.map((id, k) => `WHEN ${k} THEN ${id}`).join(" ")} END`;
  await inChunks(
    shape.ownerContacts,
    (from, size) => `${seq(size)} INSERT INTO contacts (owner_user_id, garment_id, first_name, last_name, email, phone,
        notes, contacted_at, contact_source, created_at)
      SELECT '${owner}', ${ownerGarment(`${from} + i`)}, ${pick(FIRST, `${from} + i`)}, ${pick(LAST, `(${from} + i) / 7`)},
        'guest' || printf('%07d', ${from} + i) || '@example.com', '+336' || printf('%08d', (${from} + i) * 37),
        CASE WHEN (${from} + i) % 5 = 0 THEN 'Asked about the autumn collection' END,
        CASE WHEN (${from} + i) % 4 = 0 THEN ${now} - ((${from} + i) % 30) * ${DAY_MS} END,
        'nfc_share', ${now} - (${shape.ownerContacts} - ${from} - i) * ((180 * ${DAY_MS}) / ${shape.ownerContacts})
      FROM seq`,
  );
  await inChunks(
    shape.ownerScans,
    (
      from,
      size,
    ) => `${seq(size)} INSERT INTO scans (id, garment_id, owner_user_id, short_slug, viewer_kind, city, browser,
        created_at)
      SELECT 'scale-' || (${from} + i), ${ownerGarment(`${from} + i`)}, '${owner}',
        'scale-own-' || (1 + (${from} + i) % ${shape.ownerGarments}),
        CASE (${from} + i) % 10 WHEN 0 THEN 'owner' WHEN 1 THEN 'anonymous' ELSE 'visitor' END,
        ${pick(CITIES, `(${from} + i) / 3`)}, ${pick(BROWSERS, `(${from} + i) / 5`)},
        ${now} - (${shape.ownerScans} - ${from} - i) * ((365 * ${DAY_MS}) / ${shape.ownerScans})
      FROM seq`,
  );
}

// Streamed exports (issue #30)

/**
 * `n` contacts of one owner in one statement (recursive CTE), a minute apart and newest last:
 * every seventh's first name is a spreadsheet formula (=HYPERLINK…) and every phone starts with
 * +, so an export can be checked formula-safe row by row. Their emails are export-<i>@example.com.
 */
export async function addExportContacts(d1: D1Like, owner: string, n: number, now: number): Promise<void> {
  await d1
    .prepare(
      `${seq(n)} INSERT INTO contacts (owner_user_id, first_name, last_name, email, phone, notes, contact_source, created_at)
      SELECT ?1, CASE WHEN i % 7 = 0 THEN '=HYPERLINK("http://x.test/' || i || '")' ELSE 'Guest' END, 'No ' || i,
        'export-' || i || '@example.com', '+3361122' || printf('%04d', i % 10000), '@mention, "quoted"' || char(10) || 'line two',
        'nfc_share', ?2 - (?3 - i) * 60000
      FROM seq`,
    )
    .bind(owner, now, n)
    .run();
}
