/**
 * 'Download my data' (issue #33): one JSON file with exactly the person's data, and nothing of
 * anyone else beyond the contacts they left for this person.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { setUserLocale } from "@releve/db/accounts/locale";
import { contacts, users } from "@releve/db/schema";
import { createContacts, createOwner } from "@releve/db/testing/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as myData from "../app/features/accounts/my-data";
import { busyPerson } from "./busy-person";
import { args, routeContext } from "./route-support";

const db = getDb(env.DB);
const ORIGIN = "https://releve.test";

async function download(userId: string, email: string) {
  const res = (await myData.loader(
    args(new Request(`${ORIGIN}/profile-setup/my-data.json`), routeContext(db, { userId, email })),
  )) as Response;
  return { res, json: JSON.parse(await res.text()) as Record<string, unknown> };
}

describe("download my data", () => {
  it("holds the person's account, profile, consents, pieces, periods, events, figures, transfers, records and contacts", async () => {
    const { person, email, pieces, other } = await busyPerson(db);
    await setUserLocale(db, person.userId, "fr");
    // Many contacts received: they come in several batches, all of them.
    await createContacts(
      db,
      person.userId,
      Array.from({ length: 1_050 }, (_, i) => ({ first_name: `Guest ${i}`, consent_marketing: i % 2 === 0 })),
    );
    const { res, json } = await download(person.userId, email);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="releve-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(json.format).toBe("releve-personal-data/1");
    expect(json.account).toMatchObject({ id: person.userId, email, alert_frequency: "each", language: "fr" });
    expect(json.profile).toMatchObject({ id: person.profileId, first_name: "Delphine" });
    expect(json.consents).toMatchObject({
      connection_alerts: "each",
      newsletter: { subscribed_at: expect.any(String) },
    });
    expect((json.garments as { id: number }[]).map((g) => g.id).sort()).toEqual(pieces.map((p) => p.id).sort());
    expect(json.ownership_periods).toHaveLength(pieces.length);
    expect(json.events).toHaveLength(2);
    expect(json.scan_statistics).toEqual([expect.objectContaining({ day: "2026-11-01", scans: 7 })]);
    expect(json.transfers).toEqual([
      expect.objectContaining({ kind: "request", direction: "to_me", my_message: "Delphine would love this coat" }),
    ]);
    // Their own profile's record in full; one that names them among others, without its contents.
    expect(json.brand_records).toEqual([
      expect.objectContaining({
        action: "client.create",
        target_type: "profile",
        after: expect.objectContaining({ email }),
      }),
      expect.objectContaining({ action: "garment.reassign", target_type: "garment", before: null, after: null }),
    ]);
    const received = json.contacts_received as { id: number; consent_marketing: boolean }[];
    const expected = await db.$count(contacts, eq(contacts.owner_user_id, person.userId));
    expect(received).toHaveLength(expected);
    expect(new Set(received.map((c) => c.id)).size).toBe(expected);
    expect(received.some((c) => c.consent_marketing === true)).toBe(true);

    // Nothing of the other person: their id, address, or the staff member who acted.
    const otherEmail = (await db.select({ email: users.email }).from(users).where(eq(users.id, other.userId)).get())
      ?.email;
    const text = JSON.stringify(json);
    expect(text).not.toContain(other.userId);
    expect(text).not.toContain(otherEmail);
    expect(text).not.toContain("staff@releve.test");
    expect(text).not.toContain("submission_key");
  });

  it("another person's download holds none of it", async () => {
    const { person, email } = await busyPerson(db);
    const stranger = await createOwner(db);
    const { json } = await download(stranger.userId, "s@example.com");
    const text = JSON.stringify(json);
    expect(text).not.toContain(person.userId);
    expect(text).not.toContain(email);
    expect(json.contacts_received).toEqual([]);
    expect(json.garments).toEqual([]);
  });
});
