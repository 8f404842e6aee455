/**
 * The CRM pages' own work: the POST handlers behind them (crmAction) and the analytics the
 * dashboard reads (loadAnalytics). The queries they read (contacts, exports, events,
 * connections) are tested beside them, packages/db/src/crm/queries.workers.test.ts.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/crm/queries";
import { listEvents as listDomainEvents } from "@releve/db/platform/events";
import { twoOwners as ownersWithContacts } from "@releve/db/testing/crm";
import { createContact, type TestOwner } from "@releve/db/testing/factories";
import { rollUpScans, storeScan } from "@releve/db/testing/scans";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { cloudflareContext, userContext } from "../app/context";
import type { WebEnv } from "../app/env.server";
import { loadAnalytics } from "../app/features/crm/analytics.server";
import { crmAction } from "../app/features/crm/crm-actions.server";
import { getToast } from "../app/lib/toast.server";

const db = getDb(env.DB);
const DAY_MS = 86_400_000;

/** A scan of the owner's garment, stored as the scans consumer stores one (no verb makes it). */
const addScan = (
  owner: TestOwner,
  garmentId: number,
  opts: { eventId?: number | null; at?: number; city?: string; browser?: string; viewer?: "owner" | "visitor" } = {},
) => storeScan(db, { garmentId, ownerUserId: owner.userId, ...opts });

/** Owner A with two events, a garment, contacts and scans; owner B with their own. */
const twoOwners = () => ownersWithContacts(db);

describe("crmAction (the POST handlers behind the pages)", () => {
  let owners: Awaited<ReturnType<typeof twoOwners>>;
  beforeAll(async () => {
    owners = await twoOwners();
  });

  function context(owner: TestOwner) {
    const ctx = new RouterContextProvider();
    ctx.set(cloudflareContext, {
      env: env as unknown as WebEnv,
      ctx: { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext,
      db,
      requestId: "test",
    });
    ctx.set(userContext, {
      sessionId: "s",
      userId: owner.userId,
      email: "owner@test.local",
      firstName: null,
      lastName: null,
      emailVerified: true,
      adminRole: null,
    });
    return ctx;
  }
  const post = (path: string, fields: Record<string, string>) =>
    new Request(`http://x${path}`, { method: "POST", body: new URLSearchParams(fields) });
  const statusOf = (result: unknown) =>
    result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;
  const contactRow = (id: number) =>
    env.DB.prepare("SELECT contacted_at, contact_notes FROM contacts WHERE id = ?").bind(id).first();

  it("marks contacted and goes back to the same list with the spec's toast", async () => {
    const { a, ids } = owners;
    const result = await crmAction(
      post("/dashboard/contacts?q=marc", { intent: "mark-contacted", contactId: String(ids.vera), notes: " Met " }),
      context(a),
      ["mark-contacted"],
    );
    expect(result).toBeInstanceOf(Response);
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/dashboard/contacts?q=marc");
    expect((result as Response).headers.get("Set-Cookie")).toContain("releve_toast=");
    expect(await contactRow(ids.vera)).toMatchObject({ contact_notes: "Met" });
    // Through the verb, as the signed-in owner (packages/verbs/src/crm/contacts.test.ts has the rest).
    const [marked] = await listDomainEvents(db, { limit: 1, types: ["contact.marked_contacted"] });
    expect(marked).toMatchObject({ actorKind: "client", actorId: a.userId, payload: { contactId: ids.vera } });
  });

  it("oversized notes are a 400 and another owner's contact a 404; nothing changes", async () => {
    const { a, b, ids } = owners;
    const tooLong = await crmAction(
      post("/dashboard/contacts", { intent: "mark-contacted", contactId: String(ids.ines), notes: "x".repeat(4001) }),
      context(a),
      ["mark-contacted"],
    );
    expect(statusOf(tooLong)).toBe(400);
    expect(JSON.stringify(tooLong)).toContain("Notes must be at most 4000 characters");
    const foreign = await crmAction(
      post("/dashboard/contacts", { intent: "mark-contacted", contactId: String(ids.ines), notes: "mine now" }),
      context(b),
      ["mark-contacted"],
    );
    expect(statusOf(foreign)).toBe(404);
    expect(JSON.stringify(foreign)).toContain("Failed to update contact");
    const badId = await crmAction(
      post("/dashboard/contacts", { intent: "mark-contacted", contactId: "abc" }),
      context(a),
      ["mark-contacted"],
    );
    expect(statusOf(badId)).toBe(400);
    expect(await contactRow(ids.ines)).toEqual({ contacted_at: null, contact_notes: null });
  });

  it("edits a contacted contact's notes ('Contact Updated'); the date stays; uncontacted or foreign: 404", async () => {
    const { a, b, ids } = owners;
    const fresh = await createContact(db, a.userId, { first_name: "Edit", last_name: "Notes" });
    const edit = (owner: TestOwner, id: number, notes: string) =>
      crmAction(post("/connections", { intent: "update-notes", contactId: String(id), notes }), context(owner), [
        "mark-contacted",
        "update-notes",
      ]);
    // Not contacted yet: there are no notes to edit.
    expect(statusOf(await edit(a, fresh, "too soon"))).toBe(404);
    expect(await contactRow(fresh)).toEqual({ contacted_at: null, contact_notes: null });
    await crmAction(
      post("/connections", { intent: "mark-contacted", contactId: String(fresh), notes: "First call" }),
      context(a),
      ["mark-contacted"],
    );
    const before = (await contactRow(fresh)) as { contacted_at: number };
    const updated = await edit(a, fresh, " Sent swatches ");
    expect(statusOf(updated)).toBe(302);
    const cookie = (updated as Response).headers.get("Set-Cookie") ?? "";
    const { toast } = await getToast(
      new Request("http://x/", { headers: { Cookie: cookie.split(";")[0] ?? "" } }),
      env as unknown as WebEnv,
    );
    expect(toast).toMatchObject({ type: "success", title: "Contact Updated" });
    expect(await contactRow(fresh)).toEqual({ contacted_at: before.contacted_at, contact_notes: "Sent swatches" });
    expect(statusOf(await edit(b, fresh, "not mine"))).toBe(404);
    expect(statusOf(await edit(a, ids.ines, "x".repeat(4001)))).toBe(400);
    expect(await contactRow(fresh)).toMatchObject({ contact_notes: "Sent swatches" });
  });

  it("creates an event (trimmed, empties as null) and refuses a blank name", async () => {
    const { b } = owners;
    const blank = await crmAction(post("/dashboard/events", { intent: "create-event", name: "   " }), context(b), [
      "create-event",
    ]);
    expect(statusOf(blank)).toBe(400);
    expect(JSON.stringify(blank)).toContain("Event name is required");
    const badDate = await crmAction(
      post("/dashboard/events", { intent: "create-event", name: "Ok", date: "31/12/2026" }),
      context(b),
      ["create-event"],
    );
    expect(statusOf(badDate)).toBe(400);
    expect((await listEvents(db, b.userId)).events).toEqual([]);

    const created = await crmAction(
      post("/dashboard/events", { intent: "create-event", name: "  Vernissage ", description: "", location: " " }),
      context(b),
      ["create-event"],
    );
    expect(statusOf(created)).toBe(302);
    const { events } = await listEvents(db, b.userId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      name: "Vernissage",
      description: null,
      location: null,
      date: null,
      is_active: true,
    });
  });

  it("sets and clears the active event; an unknown or foreign event id is a 404", async () => {
    const { a, b, gala } = owners;
    const foreign = await crmAction(
      post("/dashboard/events", { intent: "set-active-event", eventId: String(gala) }),
      context(b),
      ["set-active-event"],
    );
    expect(statusOf(foreign)).toBe(404);
    expect(JSON.stringify(foreign)).toContain("Failed to update active event");
    const garbage = await crmAction(
      post("/dashboard/events", { intent: "set-active-event", eventId: "1; DROP" }),
      context(a),
      ["set-active-event"],
    );
    expect(statusOf(garbage)).toBe(400);
    const set = await crmAction(
      post("/dashboard/events", { intent: "set-active-event", eventId: String(gala) }),
      context(a),
      ["set-active-event"],
    );
    expect(statusOf(set)).toBe(302);
    expect((await listEvents(db, a.userId)).activeEventId).toBe(gala);
    const cleared = await crmAction(
      post("/dashboard/events", { intent: "set-active-event", eventId: "" }),
      context(a),
      ["set-active-event"],
    );
    expect(statusOf(cleared)).toBe(302);
    expect((await listEvents(db, a.userId)).activeEventId).toBeNull();
  });

  it("refuses an intent the page does not offer", async () => {
    const result = await crmAction(
      post("/dashboard/contacts", { intent: "create-event", name: "x" }),
      context(owners.a),
      ["mark-contacted"],
    );
    expect(statusOf(result)).toBe(400);
  });
});

describe("loadAnalytics", () => {
  it("reads windows from fresh rollups, converts per garment and event, and ranks cities and browsers", async () => {
    const { a, b, garment, gala } = await twoOwners();
    const now = Date.now();
    await addScan(a, garment.id, { eventId: gala, city: "Paris", browser: "Safari" });
    await addScan(a, garment.id, { city: "Paris", browser: "Chrome" });
    await addScan(a, garment.id, { city: "Lyon", browser: "Safari", at: now - 3 * DAY_MS });
    await addScan(a, garment.id, { city: "Nice", browser: "Firefox", at: now - 20 * DAY_MS });
    await addScan(a, garment.id, { at: now - 100 * DAY_MS });
    await addScan(a, garment.id, { viewer: "owner", city: "Home" });
    await rollUpScans(env.DB);
    // Stored after the last rollup: counted at once (the rollups plus the scans since, issue #16).
    await addScan(a, garment.id, { at: now - 40 * DAY_MS });

    const stats = await loadAnalytics(db, a.userId, now);
    expect(stats.windows.today).toMatchObject({ scans: 3, visitorScans: 2, contacts: 3 });
    expect(stats.windows.week).toMatchObject({ scans: 4, visitorScans: 3 });
    expect(stats.windows.month).toMatchObject({ scans: 5, visitorScans: 4 });
    expect(stats.windows.all).toMatchObject({ scans: 7, visitorScans: 6, contacts: 3, conversion: 50 });
    expect(stats.scansByDay).toHaveLength(30);
    expect(stats.scansByDay.at(-1)).toEqual({ day: new Date(now).toISOString().slice(0, 10), scans: 3 });
    expect(stats.scansByDay.reduce((n, d) => n + d.scans, 0)).toBe(5);
    expect(stats.garments).toEqual([
      { id: garment.id, name: "Test Garment", visitorScans: 6, contacts: 2, otherContacts: 0, conversion: 33.3 },
    ]);
    // Two people shared from the Gala's one tap: every tap converted, never more (issue #35).
    expect(stats.events.find((e) => e.id === gala)).toMatchObject({ visitorScans: 1, contacts: 2, conversion: 100 });
    expect(stats.cities[0]).toEqual({ label: "Paris", scans: 2 });
    expect(stats.cities.map((c) => c.label)).not.toContain("Home");
    expect(stats.browsers[0]).toEqual({ label: "Safari", scans: 2 });

    const other = await loadAnalytics(db, b.userId, now);
    expect(other.windows.all).toMatchObject({ scans: 0, contacts: 1 });
    expect(other.garments).toEqual([]);
    expect(other.cities).toEqual([]);
  });

  it("converts only contacts through a tap, never over 100%, and counts the others apart (issue #35)", async () => {
    const { a, garment, gala } = await twoOwners();
    const now = Date.now();
    await addScan(a, garment.id, { eventId: gala });
    // Without a counted tap: a contact card's /receive-info, a share token's link, an admin's guest capture.
    for (const contact_source of ["contact_card", "share_token", "nfc_tap"] as const) {
      await createContact(db, a.userId, { contact_source, wardrobe_event_id: gala, first_name: contact_source });
    }
    await createContact(db, a.userId, { contact_source: "nfc_tap", garment_id: garment.id, first_name: "Guest" });
    const stats = await loadAnalytics(db, a.userId, now);
    // Counted as before, every contact would be 7 per tap (700%): Vera, Marc, Inès and four others.
    expect(stats.windows.all).toMatchObject({ visitorScans: 1, contacts: 3, otherContacts: 4, conversion: 100 });
    expect(stats.windows.today).toMatchObject({ contacts: 3, otherContacts: 4, conversion: 100 });
    expect(stats.events.find((e) => e.id === gala)).toMatchObject({
      visitorScans: 1,
      contacts: 2,
      otherContacts: 3,
      conversion: 100,
    });
    expect(stats.garments).toEqual([
      { id: garment.id, name: "Test Garment", visitorScans: 1, contacts: 2, otherContacts: 1, conversion: 100 },
    ]);
    for (const row of [...Object.values(stats.windows), ...stats.garments, ...stats.events]) {
      expect(row.conversion ?? 0).toBeLessThanOrEqual(100);
    }
  });

  it("ranks cities and browsers the same from the rollup, from fresh scans and from both (issue #30)", async () => {
    const { a, garment } = await twoOwners();
    const now = Date.now();
    const tops = async () => {
      const stats = await loadAnalytics(db, a.userId, now);
      return { cities: stats.cities, browsers: stats.browsers };
    };
    const seen = { city: ["Milan", "Milan", "Oslo", "Milan", "Oslo", "Rome"], browser: ["Edge", "Edge", "Safari"] };
    for (const [i, city] of seen.city.entries()) {
      await addScan(a, garment.id, { city, browser: seen.browser[i % 3], at: now - i * DAY_MS });
    }
    await addScan(a, garment.id, { viewer: "owner", city: "Home", browser: "Owner" });
    await addScan(a, garment.id, { city: "Ancient", at: now - 45 * DAY_MS });
    const fresh = await tops();
    expect(fresh.cities).toEqual([
      { label: "Milan", scans: 3 },
      { label: "Oslo", scans: 2 },
      { label: "Rome", scans: 1 },
    ]);
    expect(fresh.browsers).toEqual([
      { label: "Edge", scans: 4 },
      { label: "Safari", scans: 2 },
    ]);
    await rollUpScans(env.DB);
    expect(await tops()).toEqual(fresh);
    // Half rolled up, half not: the same sums.
    await addScan(a, garment.id, { city: "Rome", browser: "Safari" });
    await addScan(a, garment.id, { city: "Rome", browser: "Safari" });
    const mixed = await tops();
    expect(mixed.cities[0]).toEqual({ label: "Milan", scans: 3 });
    expect(mixed.cities).toContainEqual({ label: "Rome", scans: 3 });
    expect(mixed.browsers).toEqual([
      { label: "Edge", scans: 4 },
      { label: "Safari", scans: 4 },
    ]);
    await rollUpScans(env.DB);
    expect(await tops()).toEqual(mixed);
  });
});
