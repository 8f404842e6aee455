/**
 * The QA tools' verbs (issue #20; issue #48), with the real bindings: the sample reset, a test
 * garment, the e2e run's account and its clean-up each leave one event (ids and counts only) in
 * their own batch, and keep the tap's records true; what changes nothing records nothing.
 */
import { env } from "cloudflare:workers";
import { CONTACT_OWNER_BUCKET } from "@releve/core/sharing/contact-limits";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { rateKey, recordRateEvent } from "@releve/db/platform/rate-limits";
import { contacts, garments, nfcTagBatches, nfcTags, profiles, sessions, users } from "@releve/db/schema";
import { readCachedTapRoute, writeCachedTapRoute } from "@releve/db/tap/cache";
import {
  claimGarment,
  createContact,
  createGarment,
  createOwner,
  createSession,
  uniqueSlug,
} from "@releve/db/testing/factories";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffMember } from "../testing/pieces";
import { createQaGarment } from "./create-qa-garment";
import { ensureQaAccount } from "./ensure-qa-account";
import { removeQaRun } from "./remove-qa-run";
import { resetQaGarments } from "./reset-qa-garments";

const db = getDb(env.DB);
const CHIP_SECRET = (env as unknown as { CHIP_SECRET: string }).CHIP_SECRET;
const SAMPLES = ["mb-001", "ss-002"];
const allEvents = () => listEvents(db, { limit: 1000 });

const staff = () => staffMember(db);

describe("qa/reset-qa-garments", () => {
  it("with neither sample there, writes and records nothing", async () => {
    const { effects, audit } = await staff();
    const before = await allEvents();
    expect(await resetQaGarments(effects, { staff: audit })).toEqual({ code: "reset", garments: [] });
    expect(await allEvents()).toEqual(before);
  });

  it("puts the samples back unclaimed with one event counting them; their taps answer it at once", async () => {
    const { effects, audit } = await staff();
    const owner = await createOwner(db);
    for (const slug of SAMPLES) {
      const garment = await createGarment(db, { slug });
      await claimGarment(db, garment.id, owner.userId);
      await writeCachedTapRoute(env.TAP_KV, slug, null);
    }
    const outcome = await resetQaGarments(effects, { staff: audit });
    expect(outcome.code).toBe("reset");
    expect(outcome.garments.map((g) => [g.slug, g.status, g.owner_user_id]).sort()).toEqual([
      ["mb-001", "claimed", owner.userId],
      ["ss-002", "claimed", owner.userId],
    ]);
    const rows = await db.select().from(garments).where(inArray(garments.short_slug, SAMPLES));
    for (const g of rows) expect(g).toMatchObject({ status: "unclaimed", owner_user_id: null, is_active: true });

    const events = await listEvents(db, { limit: 10, types: ["qa.garments_reset"] });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorKind: "admin", actorId: audit.userId, payload: { count: 2 } });
    for (const slug of SAMPLES) {
      expect(await readCachedTapRoute(env.TAP_KV, slug)).toMatchObject({ slug, status: "unclaimed" });
    }
  });
});

describe("qa/create-qa-garment", () => {
  it("makes an unclaimed garment in the QA batch with one event; its tap sees it at once", async () => {
    const { effects, audit } = await staff();
    const slug = uniqueSlug("qa");
    await writeCachedTapRoute(env.TAP_KV, slug, null);
    const outcome = await createQaGarment(effects, { staff: audit, slug, chipSecret: CHIP_SECRET, runId: "abc123" });
    expect(outcome).toEqual({ code: "created" });
    const [garment] = await db.select().from(garments).where(eq(garments.short_slug, slug));
    expect(garment).toMatchObject({ status: "unclaimed", owner_user_id: null, is_active: true });
    const [tag] = await db
      .select({ status: nfcTags.status, batch: nfcTagBatches.batch_name })
      .from(nfcTags)
      .innerJoin(nfcTagBatches, eq(nfcTagBatches.id, nfcTags.batch_id))
      .where(eq(nfcTags.garment_id, garment?.id ?? -1));
    expect(tag).toEqual({ status: "uninitialized", batch: "QA" });
    expect(await readCachedTapRoute(env.TAP_KV, slug)).toMatchObject({ slug, status: "unclaimed" });

    const events = await listEvents(db, { limit: 10, types: ["qa.garment_created"] });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorKind: "admin",
      actorId: audit.userId,
      garmentId: garment?.id,
      payload: { runId: "abc123" },
    });
  });

  it("answers exists for a slug already taken, making and recording nothing", async () => {
    const { effects, audit } = await staff();
    const taken = await createGarment(db);
    const before = await allEvents();
    expect(
      await createQaGarment(effects, { staff: audit, slug: taken.slug, chipSecret: CHIP_SECRET, runId: null }),
    ).toEqual({ code: "exists" });
    expect(await db.$count(garments, eq(garments.short_slug, taken.slug))).toBe(1);
    expect(await allEvents()).toEqual(before);
  });
});

describe("qa/ensure-qa-account", () => {
  const account = {
    email: `qa-${crypto.randomUUID().slice(0, 8)}@releve.test`,
    firstName: "Quinn",
    lastName: "Assurance",
    mobile: "+33 1 00 00 00 20",
    unsharedWebsite: "https://unshared.example",
    unsharedInstagram: "unshared",
  };

  it("makes the account once, with one event naming it; later runs restore its profile and record nothing", async () => {
    const { effects } = await staff();
    const made = await ensureQaAccount(effects, { account });
    expect(made.code).toBe("created");
    const [user] = await db.select().from(users).where(eq(users.email, account.email));
    expect(user?.id).toBe(made.userId);
    expect(user?.email_verified_at).not.toBeNull();
    const events = await listEvents(db, { limit: 10, types: ["qa.account_created"] });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorKind: "admin", personId: made.userId, payload: {} });
    expect(JSON.stringify(events[0])).not.toContain(account.email);

    await db.update(profiles).set({ share_website: true }).where(eq(profiles.user_id, made.userId));
    const before = await allEvents();
    expect(await ensureQaAccount(effects, { account })).toEqual({ code: "restored", userId: made.userId });
    expect(await allEvents()).toEqual(before);
    const [profile] = await db.select().from(profiles).where(eq(profiles.user_id, made.userId));
    expect(profile).toMatchObject({ share_website: false, mobile_phone: account.mobile });
  });
});

describe("qa/remove-qa-run", () => {
  it("removes the run's garment, contacts, session and rate events with one event; its taps forget them", async () => {
    const { effects, audit } = await staff();
    const qa = await createOwner(db);
    const runId = crypto.randomUUID().slice(0, 10);
    const slug = `qa-e2e-${runId}`;
    await createQaGarment(effects, { staff: audit, slug, chipSecret: CHIP_SECRET, runId });
    const [garment] = await db.select().from(garments).where(eq(garments.short_slug, slug));
    const contactId = await createContact(db, qa.userId, { garment_id: garment?.id ?? null });
    const other = await createContact(db, qa.userId);
    const sessionId = await createSession(db, qa.userId);
    const key = await rateKey(CONTACT_OWNER_BUCKET, qa.userId);
    await recordRateEvent(db, { bucket: CONTACT_OWNER_BUCKET, key, at: Date.now() });
    await writeCachedTapRoute(env.TAP_KV, `${slug}-none`, null);

    const outcome = await removeQaRun(effects, {
      runId,
      slug,
      probedSlugs: [`${slug}-none`],
      userId: qa.userId,
      sessionId,
    });
    expect(outcome).toEqual({ code: "removed", removed: { garments: 1, contacts: 1, sessions: 1, rateEvents: 1 } });
    expect(await db.$count(garments, eq(garments.short_slug, slug))).toBe(0);
    expect(await db.$count(contacts, eq(contacts.id, contactId))).toBe(0);
    expect(await db.$count(contacts, eq(contacts.id, other))).toBe(1);
    expect(await db.$count(sessions, eq(sessions.id, sessionId))).toBe(0);
    expect(await readCachedTapRoute(env.TAP_KV, slug)).toBeUndefined();
    expect(await readCachedTapRoute(env.TAP_KV, `${slug}-none`)).toBeUndefined();

    const [event] = await listEvents(db, { limit: 1, types: ["qa.run_removed"] });
    expect(event).toMatchObject({ actorKind: "admin", actorId: audit.userId, payload: { runId, garments: 1 } });
  });
});
