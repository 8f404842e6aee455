import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { shareCardVCard } from "@releve/core/sharing/vcard";
import { getDb } from "@releve/db";
import {
  createGarment,
  createOwner,
  deleteTestData,
  setGarmentFields,
  setProfileFields,
  type TestOwner,
} from "@releve/db/testing/factories";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { cloudflareContext } from "../app/context";
import type { WebEnv } from "../app/env.server";
import { loader } from "../app/features/sharing/share.contact-vcf";
import { loadShareCard } from "../app/features/sharing/share-card.server";

const db = getDb(env.DB);
const made = { users: [] as string[], garments: [] as number[] };

afterEach(async () => {
  await deleteTestData(db, { garmentIds: made.garments, userIds: made.users });
  made.users = [];
  made.garments = [];
});

const HIDDEN = ["+33 6 00 00 00 00", "hidden-site.example", "hidden-linkedin", "hiddentiktok", "hiddenfb", "hiddenx"];

/** An owner with every channel filled but only email and Instagram shared. */
async function sharingOwner(
  name = "Camille Laurent",
  opts: { sharing?: boolean; emailVerified?: boolean } = {},
): Promise<TestOwner> {
  const owner = await createOwner(db, opts);
  made.users.push(owner.userId);
  await setProfileFields(db, owner.profileId, {
    first_name: "Camille",
    last_name: "Laurent",
    display_name: name,
    bio: "Couture; tailoring, and silk.",
    email: `camille-${owner.userId.slice(0, 8)}@example.com`,
    mobile_phone: "+33 6 00 00 00 00",
    website: "https://hidden-site.example",
    instagram: "camille.l",
    linkedin: "https://www.linkedin.com/in/hidden-linkedin",
    tiktok: "hiddentiktok",
    facebook: "hiddenfb",
    twitter: "hiddenx",
    share_email: true,
    share_mobile: false,
    share_website: false,
    share_instagram: true,
    share_linkedin: false,
    share_tiktok: false,
    share_facebook: false,
    share_twitter: false,
  });
  return owner;
}

async function garmentFor(owner: TestOwner | null, active = true) {
  const garment = await createGarment(db, { ownerUserId: owner?.userId ?? null, active });
  made.garments.push(garment.id);
  return garment;
}

async function callLoader(slug: string) {
  const ctx = createExecutionContext();
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: env as unknown as WebEnv, ctx, db: getDb(env.DB), requestId: "test" });
  const request = new Request(`http://releve.test/share/${encodeURIComponent(slug)}/contact.vcf`);
  const res = await loader({
    request,
    context,
    params: { slug },
    url: new URL(request.url),
    pattern: "/share/:slug/contact.vcf",
  });
  await waitOnExecutionContext(ctx);
  return res;
}

describe("loadShareCard", () => {
  it("gives the public card of a claimed, active garment's sharing owner: shared channels only", async () => {
    const owner = await sharingOwner();
    const garment = await garmentFor(owner);
    const card = (await loadShareCard(db, garment.slug, { cardWindow: false })).card;
    expect(card).toMatchObject({ name: "Camille Laurent", firstName: "Camille", lastName: "Laurent" });
    expect(card?.channels.map((c) => c.kind)).toEqual(["email", "instagram"]);
    const everything = JSON.stringify(card) + (card ? shareCardVCard(card) : "");
    for (const hidden of HIDDEN) expect(everything).not.toContain(hidden);
  });

  it("leaves a shared email off the card (and its vCard) until the owner's address is verified", async () => {
    const owner = await sharingOwner("Camille Laurent", { emailVerified: false });
    const garment = await garmentFor(owner);
    const card = (await loadShareCard(db, garment.slug, { cardWindow: false })).card;
    expect(card?.channels.map((c) => c.kind)).toEqual(["instagram"]);
    const res = await callLoader(garment.slug);
    expect(res.status).toBe(200);
    const vcf = await res.text();
    expect(vcf).not.toContain("EMAIL");
    expect(vcf).not.toContain(`camille-${owner.userId.slice(0, 8)}@example.com`);
  });

  it("turns each share flag stored as 0/1 into exactly its channel", async () => {
    const owner = await sharingOwner();
    const garment = await garmentFor(owner);
    await setProfileFields(db, owner.profileId, { share_email: false, share_instagram: false, share_twitter: true });
    const card = (await loadShareCard(db, garment.slug, { cardWindow: false })).card;
    expect(card?.channels).toEqual([{ kind: "twitter", label: "X", value: "hiddenx", href: "https://x.com/hiddenx" }]);
  });

  it("is null when the owner's sharing is off", async () => {
    const owner = await sharingOwner();
    const garment = await garmentFor(owner);
    expect((await loadShareCard(db, garment.slug, { cardWindow: false })).card).not.toBeNull();
    await setProfileFields(db, owner.profileId, { nfc_sharing_enabled: false });
    expect((await loadShareCard(db, garment.slug, { cardWindow: false })).card).toBeNull();
  });

  it("is null for an unclaimed garment, even one that still names an owner", async () => {
    const garment = await garmentFor(null);
    expect((await loadShareCard(db, garment.slug, { cardWindow: false })).card).toBeNull();
    const owner = await sharingOwner();
    const stale = await garmentFor(owner);
    await setGarmentFields(db, stale.id, { status: "unclaimed" });
    expect((await loadShareCard(db, stale.slug, { cardWindow: false })).card).toBeNull();
  });

  it("is null for an inactive garment, even a claimed one", async () => {
    const owner = await sharingOwner();
    const garment = await garmentFor(owner, false);
    expect((await loadShareCard(db, garment.slug, { cardWindow: false })).card).toBeNull();
  });

  it("is null for an unknown slug and for an owner without a profile", async () => {
    expect((await loadShareCard(db, "no-such-slug", { cardWindow: false })).card).toBeNull();
    const bare = await createOwner(db, { withProfile: false });
    made.users.push(bare.userId);
    const garment = await garmentFor(bare);
    expect((await loadShareCard(db, garment.slug, { cardWindow: false })).card).toBeNull();
  });

  it("shows the garment's own owner, never another owner's card", async () => {
    const a = await sharingOwner("Alice Atelier");
    const b = await sharingOwner("Béatrice Bottier");
    const ga = await garmentFor(a);
    const gb = await garmentFor(b);
    expect((await loadShareCard(db, ga.slug, { cardWindow: false })).card?.name).toBe("Alice Atelier");
    expect((await loadShareCard(db, gb.slug, { cardWindow: false })).card?.name).toBe("Béatrice Bottier");
  });
});

describe("GET /share/:slug/contact.vcf", () => {
  it("downloads the vCard of exactly the shared fields", async () => {
    const owner = await sharingOwner("Camille Laurent");
    const garment = await garmentFor(owner);
    const res = await callLoader(garment.slug.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/vcard; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="camille-laurent.vcf"');
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    const email = `camille-${owner.userId.slice(0, 8)}@example.com`;
    expect(await res.text()).toBe(
      [
        "BEGIN:VCARD",
        "VERSION:3.0",
        "N:Laurent;Camille;;;",
        "FN:Camille Laurent",
        `EMAIL;TYPE=INTERNET:${email}`,
        "X-SOCIALPROFILE;TYPE=instagram:https://www.instagram.com/camille.l/",
        "NOTE:Couture\\; tailoring\\, and silk.",
        "END:VCARD",
        "",
      ].join("\r\n"),
    );
  });

  it.each([
    ["sharing off", { sharing: false, claimed: true, active: true }],
    ["unclaimed", { sharing: true, claimed: false, active: true }],
    ["inactive", { sharing: true, claimed: true, active: false }],
  ])("answers a plain 404 when %s, with no owner data", async (_case, opts) => {
    const owner = await sharingOwner("Camille Laurent", { sharing: opts.sharing });
    const garment = await garmentFor(opts.claimed ? owner : null, opts.active);
    const res = await callLoader(garment.slug);
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const body = await res.text();
    expect(body).toBe("Not Found");
  });

  it.each(["", "../etc/passwd", "a b", "x".repeat(65), "<script>"])("answers 404 for the bad slug %j", async (slug) => {
    const res = await callLoader(slug);
    expect(res.status).toBe(404);
  });
});
