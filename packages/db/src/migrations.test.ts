import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from "drizzle-kit/api";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "./schema";
import { migrationsDir, openMigratedDatabase } from "./testing/node-sqlite-d1";

const expectedTables = [
  "admin_audit_log",
  "admin_users",
  "auth_attempts",
  "auth_tokens",
  "contacts",
  "domain_events",
  "early_access_entries",
  "email_outbox",
  "event_deliveries",
  "events",
  "garments",
  "instagram_posts",
  "job_watermarks",
  "nfc_tag_batches",
  "nfc_tags",
  "owner_alerts",
  "ownership_periods",
  "ownership_transfers",
  "products",
  "profiles",
  "rate_events",
  "row_counts",
  "scan_daily_dimensions",
  "scan_daily_stats",
  "scans",
  "sessions",
  "users",
  "wardrobe_events",
];

let db: DatabaseSync;
beforeEach(() => {
  db = openMigratedDatabase();
});

const insertUser = (id: string, email: string) =>
  db.prepare("insert into users (id, email, password_hash) values (?, ?, 'x')").run(id, email);

describe("migrations", () => {
  it("create exactly the data model's tables, and the four search indexes beside them", () => {
    const names = (where: string) =>
      db
        .prepare(
          `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and ${where} order by name`,
        )
        .all()
        .map((row) => String(row.name));
    const indexes = names("sql like 'CREATE VIRTUAL TABLE%'");
    expect(indexes).toEqual(["client_search", "contact_search", "garment_owner_search", "garment_search"]);
    // FTS5 keeps each index in shadow tables of its own name: not the data model's.
    const tables = names("sql not like 'CREATE VIRTUAL TABLE%'").filter(
      (name) => !indexes.some((index) => name.startsWith(`${index}_`)),
    );
    expect(tables).toEqual(expectedTables);
  });

  it("keep the search indexes in step with every write (migration 0009's triggers)", () => {
    const found = (index: string, phrase: string) =>
      db
        .prepare(`select rowid from ${index} where ${index} match ? order by rowid`)
        .all(`"${phrase}"`)
        .map((row) => Number(row.rowid));
    insertUser("u1", "first@example.com");
    db.prepare("insert into profiles (user_id, client_id, first_name) values ('u1', 'c1', 'Chloé')").run();
    const garment = Number(
      db.prepare("insert into garments (short_slug, title, owner_user_id) values ('abc-123', 'Silk Shirt', 'u1')").run()
        .lastInsertRowid,
    );
    const contact = Number(
      db
        .prepare(
          "insert into contacts (owner_user_id, first_name, last_name, phone, contact_source) values ('u1', 'Vera', 'Wang', '+33 6 11', 'nfc_share')",
        )
        .run().lastInsertRowid,
    );
    expect(found("garment_search", "silk shi")).toEqual([garment]);
    expect(found("client_search", "chloe")).toEqual([1]);
    expect(found("client_search", "first@exa")).toEqual([1]);
    expect(found("contact_search", "vera wang")).toEqual([contact]);
    expect(found("contact_search", "+33 6 11")).toEqual([contact]);
    expect(found("contact_search", "+33611")).toEqual([contact]);

    db.prepare("update garments set title = 'Wool Coat' where id = ?").run(garment);
    db.prepare("update users set email = 'second@example.com' where id = 'u1'").run();
    db.prepare("update contacts set last_name = 'Moreau' where id = ?").run(contact);
    expect(found("garment_search", "silk")).toEqual([]);
    expect(found("garment_search", "wool")).toEqual([garment]);
    expect(found("client_search", "first@")).toEqual([]);
    expect(found("client_search", "second@")).toEqual([1]);
    expect(found("contact_search", "wang")).toEqual([]);
    expect(found("contact_search", "vera moreau")).toEqual([contact]);

    db.prepare("delete from contacts where id = ?").run(contact);
    db.prepare("delete from garments where id = ?").run(garment);
    db.prepare("delete from users where id = 'u1'").run();
    expect(found("garment_search", "wool")).toEqual([]);
    expect(found("client_search", "chloe")).toEqual([]);
    expect(found("contact_search", "vera")).toEqual([]);
  });

  it("keep a garment's owner searchable through claims, releases, renames and deletions (migration 0013)", () => {
    const found = (phrase: string) =>
      db
        .prepare("select rowid from garment_owner_search where garment_owner_search match ? order by rowid")
        .all(`"${phrase}"`)
        .map((row) => Number(row.rowid));
    const garment = (slug: string, owner: string | null) =>
      Number(
        db.prepare("insert into garments (short_slug, owner_user_id) values (?, ?)").run(slug, owner).lastInsertRowid,
      );
    insertUser("u1", "ines@example.com");
    const early = garment("g-early", "u1");
    // Claimed before the profile exists: found by the account's email, then by the profile's names.
    expect(found("ines@exa")).toEqual([early]);
    db.prepare(
      "insert into profiles (user_id, client_id, first_name, last_name) values ('u1', 'c1', 'Inès', 'Moreau')",
    ).run();
    const later = garment("g-later", "u1");
    const stock = garment("g-stock", null);
    expect(found("ines mo")).toEqual([]);
    expect(found("moreau")).toEqual([early, later]);
    expect(found("ines")).toEqual([early, later]);

    db.prepare("update profiles set last_name = 'Laurent', email = 'work@example.com' where user_id = 'u1'").run();
    expect(found("moreau")).toEqual([]);
    expect(found("laurent")).toEqual([early, later]);
    expect(found("work@")).toEqual([early, later]);
    expect(found("ines@")).toEqual([]);

    // A release, a claim, a reassign.
    insertUser("u2", "next@example.com");
    db.prepare("update garments set owner_user_id = null where id = ?").run(early);
    db.prepare("update garments set owner_user_id = 'u2' where id = ?").run(stock);
    expect(found("laurent")).toEqual([later]);
    expect(found("next@")).toEqual([stock]);
    db.prepare("update users set email = 'renamed@example.com' where id = 'u2'").run();
    expect(found("next@")).toEqual([]);
    expect(found("renamed@")).toEqual([stock]);

    // An account deleted: its garments are let go (set null) and its profile with it.
    db.prepare("delete from users where id = 'u1'").run();
    expect(found("laurent")).toEqual([]);
    db.prepare("delete from garments where id = ?").run(stock);
    expect(found("renamed@")).toEqual([]);
  });

  it("are in step with schema.ts (run `npm run db:generate` after a schema change)", async () => {
    const journal = JSON.parse(readFileSync(join(migrationsDir, "meta/_journal.json"), "utf8")) as {
      entries: { idx: number }[];
    };
    const last = journal.entries.at(-1);
    const snapshotFile = readdirSync(join(migrationsDir, "meta")).find((file) =>
      file.startsWith(`${String(last?.idx).padStart(4, "0")}_snapshot`),
    );
    const snapshot = JSON.parse(readFileSync(join(migrationsDir, "meta", snapshotFile ?? ""), "utf8"));
    const current = await generateSQLiteDrizzleJson(schema as Record<string, unknown>);
    expect(await generateSQLiteMigration(snapshot, current)).toEqual([]);
  });

  it.each([
    ["users.email", () => insertUser("u1", "a@b.test"), () => insertUser("u2", "a@b.test")],
    [
      "early_access_entries.email",
      () => db.prepare("insert into early_access_entries (full_name, email) values ('A', 'a@b.test')").run(),
      () => db.prepare("insert into early_access_entries (full_name, email) values ('B', 'a@b.test')").run(),
    ],
    [
      "garments.short_slug",
      () => db.prepare("insert into garments (short_slug) values ('mb-001')").run(),
      () => db.prepare("insert into garments (short_slug) values ('mb-001')").run(),
    ],
    [
      "garments.tag_uuid",
      () => db.prepare("insert into garments (short_slug, tag_uuid) values ('a-001', 't')").run(),
      () => db.prepare("insert into garments (short_slug, tag_uuid) values ('b-002', 't')").run(),
    ],
    [
      "nfc_tags.chip_id",
      () => db.prepare("insert into nfc_tags (chip_id) values ('RLV-1-2-3')").run(),
      () => db.prepare("insert into nfc_tags (chip_id) values ('RLV-1-2-3')").run(),
    ],
    [
      "profiles.user_id",
      () => {
        insertUser("u1", "a@b.test");
        db.prepare("insert into profiles (user_id, client_id) values ('u1', 'c1')").run();
      },
      () => db.prepare("insert into profiles (user_id, client_id) values ('u1', 'c2')").run(),
    ],
    [
      "profiles.client_id",
      () => db.prepare("insert into profiles (client_id) values ('c1')").run(),
      () => db.prepare("insert into profiles (client_id) values ('c1')").run(),
    ],
    [
      "admin_users.user_id",
      () => {
        insertUser("u1", "a@b.test");
        db.prepare("insert into admin_users (user_id) values ('u1')").run();
      },
      () => db.prepare("insert into admin_users (user_id) values ('u1')").run(),
    ],
    [
      "auth_tokens.token_hash",
      () => {
        insertUser("u1", "a@b.test");
        db.prepare(
          "insert into auth_tokens (id, user_id, purpose, token_hash, expires_at) values ('t1', 'u1', 'password_reset', 'h', 0)",
        ).run();
      },
      () =>
        db
          .prepare(
            "insert into auth_tokens (id, user_id, purpose, token_hash, expires_at) values ('t2', 'u1', 'password_reset', 'h', 0)",
          )
          .run(),
    ],
    [
      "scan_daily_stats (day, garment_id, owner_user_id, wardrobe_event_id)",
      () => db.prepare("insert into scan_daily_stats (day) values ('2026-01-01')").run(),
      () => db.prepare("insert into scan_daily_stats (day) values ('2026-01-01')").run(),
    ],
  ])("reject a duplicate %s", (_name, first, duplicate) => {
    first();
    expect(duplicate).toThrow(/UNIQUE constraint failed/);
  });

  it("allow several profiles without an account and several garments without a tag uuid", () => {
    db.prepare("insert into profiles (client_id) values ('c1'), ('c2')").run();
    db.prepare("insert into garments (short_slug) values ('a-001'), ('b-002')").run();
    expect(db.prepare("select count(*) as n from profiles where user_id is null").get()?.n).toBe(2);
  });

  it("reject emails that are not lower-cased", () => {
    expect(() => insertUser("u1", "Camille@Releve.local")).toThrow(/CHECK constraint failed/);
    expect(() =>
      db.prepare("insert into early_access_entries (full_name, email) values ('A', 'A@b.test')").run(),
    ).toThrow(/CHECK constraint failed/);
  });

  it("default created_at to the current time in whole milliseconds", () => {
    const before = Date.now();
    insertUser("u1", "a@b.test");
    const row = db.prepare("select created_at, typeof(created_at) as kind from users").get();
    expect(row?.kind).toBe("integer");
    expect(Number(row?.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Number(row?.created_at)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("cascade a user's own rows and unlink the rest when the user is deleted", () => {
    insertUser("u1", "a@b.test");
    db.prepare("insert into sessions (id, user_id, expires_at) values ('s1', 'u1', 0)").run();
    db.prepare("insert into profiles (id, user_id, client_id) values (1, 'u1', 'c1')").run();
    db.prepare("insert into wardrobe_events (id, owner_user_id, name) values (1, 'u1', 'E')").run();
    db.prepare(
      "insert into garments (id, short_slug, status, owner_user_id, owner_profile_id) values (1, 'a-001', 'claimed', 'u1', 1)",
    ).run();
    db.prepare(
      "insert into contacts (owner_user_id, garment_id, wardrobe_event_id, contact_source) values ('u1', 1, 1, 'nfc_share')",
    ).run();
    db.prepare(
      "insert into scans (id, garment_id, owner_user_id, wardrobe_event_id, viewer_kind) values ('x', 1, 'u1', 1, 'visitor')",
    ).run();

    db.prepare("delete from users where id = 'u1'").run();

    for (const table of ["sessions", "profiles", "wardrobe_events", "contacts"]) {
      expect(db.prepare(`select count(*) as n from ${table}`).get()?.n).toBe(0);
    }
    expect(db.prepare("select owner_user_id, owner_profile_id from garments").get()).toEqual({
      owner_user_id: null,
      owner_profile_id: null,
    });
    expect(db.prepare("select owner_user_id, wardrobe_event_id, garment_id from scans").get()).toEqual({
      owner_user_id: null,
      wardrobe_event_id: null,
      garment_id: 1,
    });
  });

  it("enforce foreign keys", () => {
    expect(() => db.prepare("insert into sessions (id, user_id, expires_at) values ('s1', 'nobody', 0)").run()).toThrow(
      /FOREIGN KEY constraint failed/,
    );
  });
});
