/**
 * An owner's CRM as its queries read it, in D1 itself: the contacts list (search, filters, keyset
 * pages), its exports, the owner's events with their counted scans, and the connections by
 * garment; another owner's rows never show, and another owner's event or garment answers null.
 */
import { env } from "cloudflare:workers";
import { type ContactCursor, ContactsQuerySchema, contactsVCard, parseContactCursor } from "@releve/core/crm/rules";
import { contactsCsv } from "@releve/core/platform/csv";
import { readAll } from "@releve/core/platform/stream-export";
import { describe, expect, it } from "vitest";
import { getDb } from "../client";
import { twoOwners } from "../testing/crm";
import { createContact } from "../testing/factories";
import { rollUpScans, storeScan } from "../testing/scans";
import { exportContacts, listConnections, listContacts, listEvents, loadEventDetail } from "./queries";

const db = getDb(env.DB);
const query = (raw: Record<string, string> = {}) => ContactsQuerySchema.parse(raw);

describe("listContacts", () => {
  it("searches name, email, phone and both notes, and filters by event and contacted status", async () => {
    const { a, gala, ids } = await twoOwners(db);
    const names = async (raw: Record<string, string>) =>
      (await listContacts(db, a.userId, query(raw)))?.contacts.map((c) => c.first_name);

    expect(await names({})).toEqual(["Inès", "Marc", "Vera"]);
    expect(await names({ q: "wang" })).toEqual(["Vera"]);
    expect(await names({ q: "vera wang" })).toEqual(["Vera"]);
    expect(await names({ q: "MARC@EXAMPLE" })).toEqual(["Marc"]);
    expect(await names({ q: "06 11 22 33" })).toEqual([]);
    expect(await names({ q: "611 22" })).toEqual(["Vera"]);
    expect(await names({ q: "lookbook" })).toEqual(["Marc"]);
    expect(await names({ q: "100%_silk" })).toEqual(["Vera"]);
    // % and _ are literal: "0%" would match everything if it were a wildcard.
    expect(await names({ q: "%" })).toEqual(["Vera"]);
    expect(await names({ event: String(gala) })).toEqual(["Marc", "Vera"]);
    expect(await names({ event: "none" })).toEqual(["Inès"]);
    expect(await names({ contacted: "yes" })).toEqual(["Marc"]);
    expect(await names({ contacted: "no" })).toEqual(["Inès", "Vera"]);
    expect(await names({ contacted: "no", event: String(gala) })).toEqual(["Vera"]);
    // Another owner's contacts never match, whatever the search.
    expect(await names({ q: "bob" })).toEqual([]);
    const page = await listContacts(db, a.userId, query({ q: "vera" }));
    expect(page?.contacts[0]).toMatchObject({ id: ids.vera, event_name: "Gala", garment_name: "Test Garment" });
  });

  it("pages by keyset with a total, and answers null for an event that is not the owner's", async () => {
    const { a, b, gala, garment } = await twoOwners(db);
    const first = await listContacts(db, a.userId, query({}), 2);
    expect(first).toMatchObject({ total: 3, pageSize: 2 });
    expect(first?.contacts.map((c) => c.first_name)).toEqual(["Inès", "Marc"]);
    expect(first?.nextCursor).toMatch(/^\d+-\d+$/);
    // A contact arriving between two pages is on neither: the next page starts after the last row shown.
    await createContact(db, a.userId, { first_name: "Late", garment_id: garment.id });
    const second = await listContacts(db, a.userId, query({ before: first?.nextCursor ?? "" }), 2);
    expect(second?.contacts.map((c) => c.first_name)).toEqual(["Vera"]);
    expect(second).toMatchObject({ total: 4, nextCursor: null });
    expect(first?.events.map((e) => e.name)).toEqual(["Expo", "Gala"]);
    expect(await listContacts(db, b.userId, query({ event: String(gala) }))).toBeNull();
    expect(await listContacts(db, a.userId, query({ event: "999999" }))).toBeNull();
  });
});

const noBatches = async () => ({ rows: [], next: null });

describe("exportContacts", () => {
  it("CSV and vCard carry exactly the filtered contacts of this owner", async () => {
    const { a, b, gala } = await twoOwners(db);
    const found = await exportContacts(db, a.userId, query({ event: String(gala) }));
    if (!found) throw new Error("expected the owner's event");
    expect(found.event?.name).toBe("Gala");
    const rows = await readAll(found.read);
    const csv = contactsCsv(
      rows.map((c) => ({
        ...c,
        created_at: new Date(c.created_at),
        contacted_at: c.contacted_at ? new Date(c.contacted_at) : null,
      })),
    );
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("Name,Email,Phone,Instagram,LinkedIn,Event,Date,Contacted,Notes");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Marc Jacobs,marc@example\.com,,,,Gala,\d{4}-\d{2}-\d{2},Yes,Sent the lookbook$/);
    // The phone as typed behind an invisible zero-width space: text, no formula, no apostrophe (decision 0056).
    expect(lines[2]).toMatch(/^Vera Wang,vera@example\.com,\+33611223344,,,Gala,.*,No,Loved the 100%_silk lining$/);
    expect(csv).not.toContain("Inès");

    const vcf = contactsVCard(rows);
    expect(vcf.match(/BEGIN:VCARD/g)).toHaveLength(2);
    expect(vcf).toContain("FN:Vera Wang\r\n");
    expect(vcf).toContain("EMAIL;TYPE=INTERNET:vera@example.com\r\n");
    expect(vcf).toContain("TEL;TYPE=CELL:+33611223344\r\n");
    expect(vcf).toContain("NOTE:Event: Gala\\nSent the lookbook\r\n");
    expect(vcf).not.toContain("bob@example.com");

    expect(await exportContacts(db, b.userId, query({ event: String(gala) }))).toBeNull();
    const bobs = await exportContacts(db, b.userId, query());
    expect((await readAll(bobs?.read ?? noBatches)).map((c) => c.email)).toEqual(["bob@example.com"]);
  });
});

describe("listEvents and loadEventDetail", () => {
  it("counts the scans tagged with each event and its contacts, not all the owner's scans", async () => {
    const { a, b, garment, gala, expo } = await twoOwners(db);
    const scan = (eventId: number | null = null) =>
      storeScan(db, { garmentId: garment.id, ownerUserId: a.userId, eventId });
    await scan(gala);
    await scan(gala);
    await scan(expo);
    await scan();
    await scan();
    await rollUpScans(env.DB);
    const { events } = await listEvents(db, a.userId);
    expect(events.map((e) => [e.name, e.scans, e.contacts]).sort()).toEqual([
      ["Expo", 1, 0],
      ["Gala", 2, 2],
    ]);
    expect((await listEvents(db, b.userId)).events).toEqual([]);

    const detail = await loadEventDetail(db, a.userId, gala);
    expect(detail?.event).toMatchObject({ name: "Gala", scans: 2, contacts: 2 });
    expect(detail?.scansByDay).toEqual([{ day: new Date().toISOString().slice(0, 10), scans: 2 }]);
    expect(detail?.contacts.map((c) => c.first_name)).toEqual(["Marc", "Vera"]);
    expect(await loadEventDetail(db, b.userId, gala)).toBeNull();
  });
});

describe("listConnections", () => {
  it("filters by the owner's garment and answers null for someone else's", async () => {
    const { a, b, garment } = await twoOwners(db);
    const mine = await listConnections(db, a.userId, { q: "", garmentId: garment.id });
    expect(mine?.contacts.map((c) => c.first_name)).toEqual(["Marc", "Vera"]);
    expect(mine?.garment).toEqual({ id: garment.id, name: "Test Garment" });
    expect(await listConnections(db, b.userId, { q: "", garmentId: garment.id })).toBeNull();
    expect(
      (await listConnections(db, b.userId, { q: "", garmentId: null }))?.contacts.map((c) => c.first_name),
    ).toEqual(["Bob"]);
  });

  it("pages by keyset: every connection once, in order, with the total", async () => {
    const { a } = await twoOwners(db);
    const seen: string[] = [];
    let before: ContactCursor | null = null;
    for (let pages = 0; pages < 5; pages++) {
      const page = await listConnections(db, a.userId, { q: "", garmentId: null, before }, 1);
      expect(page?.total).toBe(3);
      seen.push(...(page?.contacts.map((c) => c.first_name ?? "") ?? []));
      before = parseContactCursor(page?.nextCursor);
      if (!before) break;
    }
    expect(seen).toEqual(["Inès", "Marc", "Vera"]);
  });
});
