import { env } from "cloudflare:workers";
import { createSecureChip } from "@releve/core/tags/chip-id";
import { decideTap, tapKvKey } from "@releve/core/tap/rules";
import { saveProfile, setNfcSharing } from "@releve/db/accounts/commands";
import { setActiveEvent } from "@releve/db/crm/commands";
import type { Actor } from "@releve/db/platform/audit";
import { createQaGarment, removeQaRun, resetQaGarments } from "@releve/db/qa/commands";
import { qaResetSlugs } from "@releve/db/seed-data";
import {
  assignBatchUids,
  makeTagSecure,
  programTag,
  reassignGarment,
  recordTagWrite,
  setGarmentActive,
  setTagStatus,
} from "@releve/db/tags/commands";
import { findTag, getAdminGarment } from "@releve/db/tags/queries";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import {
  claimGarment as claimRow,
  createGarment,
  createOwner,
  createUser,
  setGarmentTagStatus,
  uniqueSlug,
} from "@releve/db/testing/factories";
import { claimGarment, registerPoolGarment } from "@releve/db/wardrobe/commands";
import { garmentBySlug } from "@releve/db/wardrobe/queries";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, landing, tap, tapControl, tokenFor } from "./helpers";

// Issue #29: a write that changes how a tap answers is ONE command that does the D1 batch, its
// audit row and the tap-record refresh together; no caller refreshes anything. Each case taps
// first (the old answer is now in KV and in this isolate's memo), runs the command alone, and the
// very next tap answers the new state. The handlers call these same functions.

// The stores as the shell hands them to a command: D1, KV and the tap worker's TapControl.
const stores = () => ({ DB: env.DB, TAP_KV: env.TAP_KV, TAP_CONTROL: tapControl() });
const where = async (slug: string, as?: string) =>
  landing(await tap(`/t/${slug}`, { ownerToken: as ? await tokenFor(as) : undefined }));

async function admin(): Promise<Actor> {
  const userId = await createUser(db);
  return { userId, email: `admin-${userId}@test.local` };
}

async function tagOf(slug: string) {
  const tag = await findTag(db, { slug });
  if (!tag) throw new Error(`no tag for ${slug}`);
  return tag;
}

async function garmentRow(id: number) {
  const row = await getAdminGarment(db, id);
  if (!row) throw new Error(`no garment ${id}`);
  return row;
}

const chip = (serial: number) => createSecureChip(env.CHIP_SECRET, { garmentType: "Jacket", batch: "CMDTEST", serial });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("every tap-changing command: its write and its tap refresh happen together", () => {
  it("claimGarment: the claim page, then the owner's card", async () => {
    const g = await createGarment(db);
    const owner = await createOwner(db);
    expect(await where(g.slug)).toBe(`/claim/${g.slug}`);
    await claimGarment(db, stores(), { slug: g.slug, userId: owner.userId });
    expect(await where(g.slug)).toBe(`in place /share/${g.slug}`);
  });

  it("registerPoolGarment: the registration, then the owner's card", async () => {
    const g = await createGarment(db, { pool: true });
    const owner = await createOwner(db);
    const before = await where(g.slug);
    expect(before).not.toBe(`in place /share/${g.slug}`);
    await registerPoolGarment(db, stores(), {
      slug: g.slug,
      userId: owner.userId,
      details: { name: "Pool coat", size: "M" },
    });
    expect(await where(g.slug)).toBe(`in place /share/${g.slug}`);
  });

  it("setGarmentActive: off answers 'Invalid garment link', on again the claim page", async () => {
    const g = await createGarment(db);
    const actor = await admin();
    expect(await where(g.slug)).toBe(`/claim/${g.slug}`);
    await setGarmentActive(db, stores(), actor, await garmentRow(g.id), false);
    expect(await where(g.slug)).toBe(404);
    await setGarmentActive(db, stores(), actor, await garmentRow(g.id), true);
    expect(await where(g.slug)).toBe(`/claim/${g.slug}`);
  });

  it("reassignGarment: the new owner's tap opens their garment", async () => {
    const first = await createOwner(db);
    const second = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: first.userId });
    expect(await where(g.slug, second.userId)).toBe(`in place /share/${g.slug}`);
    await reassignGarment(db, stores(), await admin(), await garmentRow(g.id), second.profileId);
    expect(await where(g.slug, second.userId)).toBe(`/dashboard/garment/${g.id}`);
  });

  it("programTag: a slug tapped before it existed answers the claim page at once", async () => {
    const slug = uniqueSlug("pt");
    expect(await where(slug)).toBe(404);
    await programTag(db, stores(), await admin(), {
      garment: { name: "Coat", garment_type: "Jacket", size: "M", color: "Black", sku: null },
      slug,
      chip: await chip(1),
      tagType: "NTAG213",
      batchId: null,
      owner: null,
      url: `https://releve.test/t/${slug}`,
    });
    expect(await where(slug)).toBe(`/claim/${slug}`);
  });

  it("recordTagWrite: a failed write deactivates the garment's tap", async () => {
    const g = await createGarment(db);
    await setGarmentTagStatus(db, g.id, "active");
    expect(await where(g.slug)).toBe(`/claim/${g.slug}`);
    await recordTagWrite(db, stores(), await admin(), await tagOf(g.slug), { ok: false, error: "write lost" });
    expect(await where(g.slug)).toBe(404);
  });

  it("makeTagSecure: a plain tap is refused from the next tap on", async () => {
    const g = await createGarment(db);
    await setGarmentTagStatus(db, g.id, "active");
    expect(await where(g.slug)).toBe(`/claim/${g.slug}`);
    await makeTagSecure(db, stores(), await admin(), await tagOf(g.slug), { uid: "04AABBCCDDEE01", keyVersion: 1 });
    expect(await where(g.slug)).toBe(403);
  });

  it("setTagStatus: reported lost answers the neutral page; released answers the claim page", async () => {
    const owner = await createOwner(db);
    const lost = await createGarment(db, { ownerUserId: owner.userId });
    await setGarmentTagStatus(db, lost.id, "active");
    expect(await where(lost.slug)).toBe(`in place /share/${lost.slug}`);
    await setTagStatus(db, stores(), await admin(), await tagOf(lost.slug), {
      action: "report_lost",
      status: "lost",
      reason: "Reported by the owner",
    });
    expect(await where(lost.slug)).toBe(200); // the reported-missing page, from the tap itself

    const released = await createGarment(db, { ownerUserId: owner.userId });
    await setGarmentTagStatus(db, released.id, "active");
    expect(await where(released.slug)).toBe(`in place /share/${released.slug}`);
    await setTagStatus(db, stores(), await admin(), await tagOf(released.slug), {
      action: "release",
      status: "released",
      reason: "Sold on",
    });
    expect(await where(released.slug)).toBe(`/claim/${released.slug}`);
  });

  it("assignBatchUids: a tag whose write had failed answers again once its UID is imported", async () => {
    const g = await createGarment(db);
    await setGarmentTagStatus(db, g.id, "inactive");
    expect(await where(g.slug)).toBe(404);
    const tag = await tagOf(g.slug);
    await assignBatchUids(db, stores(), await admin(), 0, [
      {
        tagId: tag.id,
        garmentId: g.id,
        uid: `04${crypto.randomUUID().replaceAll("-", "").slice(0, 12).toUpperCase()}`,
        status: "active",
        metadata: {},
        slug: g.slug,
        before: "inactive",
      },
    ]);
    expect(await where(g.slug)).toBe(`/claim/${g.slug}`);
  });

  it("createQaGarment and removeQaRun: made after a tap of its slug, then gone", async () => {
    const slug = uniqueSlug("qa-e2e");
    const probed = `${slug}-none`;
    const actor = await admin();
    expect(await where(slug)).toBe(404);
    expect(await where(probed)).toBe(404);
    const made = await createQaGarment(db, stores(), actor, {
      slug,
      origin: "https://releve.test",
      chipSecret: env.CHIP_SECRET,
    });
    expect(made).toBe("created");
    expect(await where(slug)).toBe(`/claim/${slug}`);

    await removeQaRun(db, stores(), {
      slug,
      probedSlugs: [probed],
      userId: actor.userId,
      sessionId: null,
      rateEvents: { bucket: "none", key: "none" },
    });
    // Both records are gone from KV (not merely overwritten), and the memo let go of the garment.
    for (const gone of [slug, probed]) expect(await env.TAP_KV.get(tapKvKey(gone))).toBeNull();
    expect(await where(slug)).toBe(404);
  });

  it("resetQaGarments: the sample garments answer the claim page again", async () => {
    const owner = await createOwner(db);
    for (const slug of qaResetSlugs) {
      const existing = await garmentBySlug(db, slug);
      if (existing) await claimRow(db, existing.id, owner.userId);
      else await createGarment(db, { slug, ownerUserId: owner.userId });
      await tapControl().forget([slug]);
      await env.TAP_KV.delete(tapKvKey(slug));
      expect(await where(slug)).toBe(`in place /share/${slug}`);
    }
    await resetQaGarments(db, stores(), await admin());
    for (const slug of qaResetSlugs) expect(await where(slug)).toBe(`/claim/${slug}`);
  });

  it("setNfcSharing and saveProfile: the tap's decision follows the owner's sharing", async () => {
    const owner = await createOwner(db, { sharing: true });
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const decision = async () => {
      await tap(`/t/${g.slug}`);
      return decideTap((await readCachedTapRoute(env.TAP_KV, g.slug)) ?? null, null).outcome;
    };
    expect(await decision()).toBe("share");
    expect(await setNfcSharing(db, stores(), owner.userId, false)).toBe(true);
    expect(await decision()).toBe("share_unavailable");
    await saveProfile(db, stores(), owner.userId, { first_name: "Test", nfc_sharing_enabled: true });
    expect(await decision()).toBe("share");
  });

  it("setActiveEvent: the next tap's scan carries the event", async () => {
    const owner = await createOwner(db, { withActiveEvent: true });
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const send = vi.spyOn(env.SCANS, "sendBatch");
    const lastScan = () => [...(send.mock.calls.at(-1)?.[0] ?? [])].at(-1)?.body;
    await tap(`/t/${g.slug}`);
    expect(lastScan()).toMatchObject({ activeEventId: owner.eventId });
    expect(await setActiveEvent(db, stores(), owner.userId, null)).toBe("cleared");
    await tap(`/t/${g.slug}`);
    expect(lastScan()).toMatchObject({ activeEventId: null });
  });
});
