/**
 * Search through the FTS5 trigram indexes (issue #30, decision 0046): the admin's garment and
 * client searches and the owner's contact search give the same rows as the row-by-row search
 * they replace (containsText over the same columns), on a fixture of ASCII text and for terms
 * cut from it, and find a name from its first letters as it is typed.
 */
import { env } from "cloudflare:workers";
import { ContactsQuerySchema } from "@releve/core/crm/rules";
import { and, eq, or, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { searchClients } from "../accounts/queries";
import { getDb } from "../client";
import { listContacts } from "../crm/queries";
import { contacts, garments, profiles, users } from "../schema";
import { listAdminGarments } from "../tags/queries";
import { addExportContacts } from "../testing/bench-data";
import { createContact, createGarment, createOwner, type TestOwner } from "../testing/factories";
import { containsText } from "./like";

const db = getDb(env.DB);

// A seeded generator: the same fixture and terms on every run.
let seed = 30;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pickOne = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
const WORDS = ["Dubois", "Rossi", "Martin", "silk", "Wool", "coat", "Maison", "100%_cotton", 'the "Noir"', "o'Hara"];
const text = () =>
  Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
    random() < 0.3 ? String(Math.floor(random() * 1000)) : pickOne(WORDS),
  ).join(pickOne([" ", "-", "."]));

const contactsQuery = (q: string) => ContactsQuerySchema.parse({ q });
const strings: string[] = [];
const keep = (value: string) => {
  strings.push(value);
  return value;
};
let owner: TestOwner;

// The search each replaced, row by row over the same columns (issues #8, #17).
const before = {
  contacts: async (userId: string, term: string) => {
    const digits = term.replace(/[^\d+]/g, "");
    const fields = [
      contacts.first_name,
      contacts.last_name,
      sql`(${contacts.first_name} || ' ' || ${contacts.last_name})`,
      contacts.email,
      contacts.phone,
      contacts.notes,
      contacts.contact_notes,
    ].map((field) => containsText(field, term));
    if (digits.length >= 3 && digits !== term)
      fields.push(containsText(sql`replace(${contacts.phone}, ' ', '')`, digits));
    const rows = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.owner_user_id, userId), or(...fields)));
    return rows.map((r) => r.id).sort((a, b) => a - b);
  },
  clients: async (term: string) => {
    const email = sql`coalesce(${profiles.email}, ${users.email})`;
    const rows = await db
      .select({ id: profiles.id })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.user_id))
      .where(
        or(
          ...[profiles.first_name, profiles.last_name, profiles.display_name, email, profiles.client_id].map((c) =>
            containsText(c, term),
          ),
          sql`CAST(${profiles.id} AS TEXT) = ${term.trim()}`,
        ),
      );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  },
  garments: async (term: string, status?: "claimed" | "unclaimed") => {
    const email = sql`coalesce(${profiles.email}, ${users.email})`;
    const rows = await db
      .select({ id: garments.id, status: garments.status })
      .from(garments)
      .leftJoin(profiles, eq(profiles.user_id, garments.owner_user_id))
      .leftJoin(users, eq(users.id, garments.owner_user_id))
      .where(
        or(
          ...[
            garments.short_slug,
            garments.title,
            garments.name,
            garments.brand,
            profiles.first_name,
            profiles.last_name,
            profiles.display_name,
            email,
          ].map((c) => containsText(c, term)),
        ),
      );
    return rows
      .filter((r) => !status || r.status === status)
      .map((r) => r.id)
      .sort((a, b) => a - b);
  },
};

const after = {
  contacts: async (userId: string, term: string) =>
    ((await listContacts(db, userId, contactsQuery(term), 10_000))?.contacts ?? [])
      .map((c) => c.id)
      .sort((a, b) => a - b),
  clients: async (term: string) => (await searchClients(db, term, 10_000)).map((c) => c.id).sort((a, b) => a - b),
  garments: async (term: string, status?: "claimed" | "unclaimed") =>
    (await listAdminGarments(db, { q: term, status, limit: 10_000 })).rows.map((g) => g.id).sort((a, b) => a - b),
  /** The same search read 3 at a time by keyset ('Load more'), every page. */
  garmentPages: async (term: string, status?: "claimed" | "unclaimed") => {
    const ids: number[] = [];
    let before: number | null = null;
    do {
      const page = await listAdminGarments(db, { q: term, status, limit: 3, before });
      ids.push(...page.rows.map((g) => g.id));
      before = page.nextCursor === null ? null : Number(page.nextCursor);
    } while (before !== null);
    return ids;
  },
};

beforeAll(async () => {
  owner = await createOwner(db, { profile: { first_name: "Chloé", last_name: "Dubois" } });
  const other = await createOwner(db);
  for (let i = 0; i < 40; i++) {
    const client = await createOwner(db, {
      profile: { first_name: keep(text()), last_name: keep(text()), display_name: i % 3 ? keep(text()) : null },
    });
    await createGarment(db, {
      slug: keep(`sx-${i}-${pickOne(["rossi", "silk", "wool"])}`),
      ownerUserId: i % 2 ? client.userId : null,
      fields: { title: keep(text()), name: keep(text()), brand: i % 4 ? keep(text()) : null },
    });
    for (const who of [owner, other]) {
      await createContact(db, who.userId, {
        first_name: keep(text()),
        last_name: keep(text()),
        email: keep(
          `${
            text()
              .replace(/[^a-z0-9]/gi, "")
              .toLowerCase() || "x"
          }${i}@example.com`,
        ),
        phone: keep(`+33 6 ${String(10 + i)} ${String(20 + i)} 44`),
        notes: i % 2 ? keep(text()) : null,
        contact_notes: i % 5 ? null : keep(text()),
      });
    }
  }
});

/** Terms cut from the fixture's own text (3 to 8 characters, in any case), and a few that match nothing. */
function terms(): string[] {
  const cut = Array.from({ length: 150 }, () => {
    const s = pickOne(strings);
    const start = Math.floor(random() * Math.max(1, s.length - 3));
    const piece = s.slice(start, start + 3 + Math.floor(random() * 6));
    return random() < 0.5 ? piece.toUpperCase() : piece;
  }).filter((t) => t.length >= 3);
  return [...new Set([...cut, "zqxjv", '"noir"', "100%_", "o'h", "6 11 20", "+33 6 12"])];
}

describe("search through the indexes (issue #30)", () => {
  it("gives the same contacts, clients and garments as the row-by-row search, for every term", async () => {
    const list = terms();
    expect(list.length).toBeGreaterThan(100);
    let matched = 0;
    for (const term of list) {
      // The contacts page trims what was typed before it searches; so does the reference.
      const was = await before.contacts(owner.userId, contactsQuery(term).q);
      expect(await after.contacts(owner.userId, term), `contacts "${term}"`).toEqual(was);
      expect(await after.clients(term), `clients "${term}"`).toEqual(await before.clients(term));
      expect(await after.garments(term), `garments "${term}"`).toEqual(await before.garments(term));
      for (const status of ["claimed", "unclaimed"] as const)
        expect(await after.garments(term, status), `${status} garments "${term}"`).toEqual(
          await before.garments(term, status),
        );
      if (was.length) matched++;
    }
    // The terms find things: parity over empty answers would prove nothing.
    expect(matched).toBeGreaterThan(list.length / 2);
  });

  it("cuts a client search at its limit after the first matches by id", async () => {
    let cut = 0;
    for (const term of WORDS.filter((word) => word.length >= 3)) {
      const all = await before.clients(term);
      expect(
        (await searchClients(db, term, 3)).map((c) => c.id),
        term,
      ).toEqual(all.slice(0, 3));
      if (all.length > 3) cut++;
    }
    // Terms with more matches than the limit: the cut is what is tested.
    expect(cut).toBeGreaterThan(2);
  });

  it("pages a garment search by keyset: newest first, each garment once, the same set", async () => {
    for (const term of ["sx-", "rossi", "silk", "wool", "dubois"]) {
      for (const status of [undefined, "claimed", "unclaimed"] as const) {
        const paged = await after.garmentPages(term, status);
        expect(paged, `${term} ${status}`).toEqual([...paged].sort((a, b) => b - a));
        expect(new Set(paged).size).toBe(paged.length);
        expect([...paged].sort((a, b) => a - b)).toEqual(await before.garments(term, status));
      }
    }
  });

  it("pages a contact search the same whether it finds a few of the owner's rows or over a thousand", async () => {
    // Over a thousand matches the owner's contacts are walked newest first; up to it, the matches
    // are sorted as found (crm/queries.ts searchPageIds). Another owner's rows match the same terms.
    const many = await createOwner(db);
    const stranger = await createOwner(db);
    const now = Date.now();
    await addExportContacts(env.DB, many.userId, 1_200, now);
    await addExportContacts(env.DB, stranger.userId, 1_200, now);
    const pages = async (q: string) => {
      const ids: number[] = [];
      let next: string | null = null;
      do {
        const page = await listContacts(db, many.userId, ContactsQuerySchema.parse({ q, before: next ?? undefined }));
        ids.push(...(page?.contacts ?? []).map((c) => c.id));
        expect(page?.total, q).toBe((await before.contacts(many.userId, q)).length);
        next = page?.nextCursor ?? null;
      } while (next);
      return ids;
    };
    for (const [q, found] of [
      ["export-", 1_200],
      ["@example.com", 1_200],
      ["export-77", 11],
    ] as const) {
      const ids = await pages(q);
      expect(ids.length, q).toBe(found);
      // Newest first: the rows were made a minute apart in id order.
      expect(ids, q).toEqual([...ids].sort((a, b) => b - a));
      expect(
        [...ids].sort((a, b) => a - b),
        q,
      ).toEqual(await before.contacts(many.userId, q));
    }
  });

  it("finds a name from its first letters as they are typed, and never another owner's contact", async () => {
    const mine = await createContact(db, owner.userId, { first_name: "Anouk", last_name: "Vasseur" });
    const other = await createOwner(db);
    await createContact(db, other.userId, { first_name: "Anouk", last_name: "Vasseur" });
    for (const typed of ["v", "va", "vas", "vass", "vasse", "vasseu", "vasseur", "anouk v"]) {
      expect(await after.contacts(owner.userId, typed), typed).toContain(mine);
      expect(await after.contacts(other.userId, typed), typed).not.toContain(mine);
    }
    // Accents and case fold from three characters: the owner's own name as a client.
    expect(await after.clients("CHLOE")).toContain(owner.profileId);
    expect(await after.clients("DUBOÏS")).toContain(owner.profileId);
  });

  it("keeps step with edits and deletions of the rows it finds", async () => {
    const contact = await createContact(db, owner.userId, { first_name: "Hortense", last_name: "Quillet" });
    expect(await after.contacts(owner.userId, "quillet")).toEqual([contact]);
    await db.update(contacts).set({ last_name: "Marchal" }).where(eq(contacts.id, contact));
    expect(await after.contacts(owner.userId, "quillet")).toEqual([]);
    expect(await after.contacts(owner.userId, "hortense marchal")).toEqual([contact]);
    await db.delete(contacts).where(eq(contacts.id, contact));
    expect(await after.contacts(owner.userId, "hortense")).toEqual([]);
  });
});
