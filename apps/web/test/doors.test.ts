import { env, exports } from "cloudflare:workers";
import { REPORTED_MISSING_MESSAGE } from "@releve/core/tap/rules";
import { SECURE_TAP_MESSAGES } from "@releve/core/tap/secure-tap";
import { parseSunKeys } from "@releve/core/tap/sun";
import { randomSunUid, sunTapQuery } from "@releve/core/tap/testing/sun-tap";
import { CARD_WINDOW_COOKIE, signCardWindow } from "@releve/core/tap/verified-tap";
import { getDb } from "@releve/db";
import {
  countContacts,
  createGarment,
  createOwner,
  profileClientId,
  setGarmentFields,
  setGarmentSecureTag,
  setGarmentTagStatus,
} from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import * as receiveInfo from "../app/features/sharing/receive-info";
import * as share from "../app/features/sharing/share";
import * as vcf from "../app/features/sharing/share.contact-vcf";
import * as qr from "../app/features/sharing/share.qr-svg";
import { args, outcome, routeContext } from "./route-support";

// Issue #28: every public door to a garment's card (the share page, its vCard and QR, the share
// form's POST) decides as the tap decides. A secure garment's card opens only inside the window
// its verified tap minted for this browser; inactive, lost, stolen and released garments answer
// the same on every door; no door shows anything of the owner the tap would not.

const db = getDb(env.DB);
const ORIGIN = "http://releve.test";
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 15; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const SUN_KEY = parseSunKeys(env.SUN_KEYS).find((k) => k.version === 2);

/** What the owner's card holds; none of it may leave a shut door. */
const SECRETS = { name: "Odile", last: "Vasseur", email: "odile@example.com", phone: "+33611223344", bio: "Atelier" };

type Garment = { id: number; slug: string; ownerUserId: string; uid: string | null };

async function ownersGarment(opts: { secure?: boolean } = {}): Promise<Garment> {
  const owner = await createOwner(db, {
    profile: {
      first_name: SECRETS.name,
      last_name: SECRETS.last,
      email: SECRETS.email,
      mobile_phone: SECRETS.phone,
      bio: `${SECRETS.bio} ${crypto.randomUUID()}`,
      share_email: true,
      share_mobile: true,
    },
  });
  const g = await createGarment(db, { ownerUserId: owner.userId });
  let uid: string | null = null;
  if (opts.secure) {
    uid = randomSunUid();
    await setGarmentSecureTag(db, g.id, uid, 2);
  }
  return { ...g, ownerUserId: owner.userId, uid };
}

/** Each state a door must agree with the tap on, made in D1 before anything is cached. */
const STATES: Record<string, () => Promise<Garment>> = {
  "garment inactive": async () => {
    const g = await ownersGarment();
    await setGarmentFields(db, g.id, { is_active: false });
    return g;
  },
  "tag inactive": async () => {
    const g = await ownersGarment();
    await setGarmentTagStatus(db, g.id, "inactive");
    return g;
  },
  lost: async () => {
    const g = await ownersGarment();
    await setGarmentTagStatus(db, g.id, "lost");
    return g;
  },
  stolen: async () => {
    const g = await ownersGarment();
    await setGarmentTagStatus(db, g.id, "stolen");
    return g;
  },
  released: async () => {
    const g = await ownersGarment();
    await setGarmentTagStatus(db, g.id, "released");
    await setGarmentFields(db, g.id, { status: "unclaimed", owner_user_id: null });
    return g;
  },
  "secure, no window": () => ownersGarment({ secure: true }),
};

const ip = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

const request = (path: string, init: RequestInit & { cookie?: string } = {}) => {
  const headers = new Headers(init.headers);
  headers.set("User-Agent", PHONE_UA);
  headers.set("CF-Connecting-IP", ip());
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`${ORIGIN}${path}`, { ...init, headers });
};

const contactForm = () =>
  new URLSearchParams({ first_name: "Visitor", email: `v-${crypto.randomUUID().slice(0, 8)}@example.com` });

/** Every door's answer for this garment, as a visitor with (or without) a window cookie. */
async function doors(g: Garment, cookie?: string) {
  const ctx = routeContext(db, null);
  const params = { slug: g.slug };
  const tap = await exports.default.fetch(request(`/t/${g.slug}`), { redirect: "manual" });
  const page = await outcome(() => share.loader(args(request(`/share/${g.slug}`, { cookie }), ctx, params)));
  const card = await outcome(() => vcf.loader(args(request(`/share/${g.slug}/contact.vcf`, { cookie }), ctx, params)));
  const code = await outcome(() => qr.loader(args(request(`/share/${g.slug}/qr.svg`, { cookie }), ctx, params)));
  const post = await outcome(() =>
    share.action(args(request(`/share/${g.slug}`, { method: "POST", body: contactForm(), cookie }), ctx, params)),
  );
  return { tap: { status: tap.status, body: await tap.text() }, page, card, code, post };
}

function expectNothingOfTheOwner(answers: Awaited<ReturnType<typeof doors>>, label: string) {
  for (const [door, answer] of Object.entries(answers)) {
    const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    for (const secret of [SECRETS.name, SECRETS.last, SECRETS.email, SECRETS.phone, SECRETS.bio]) {
      expect(text, `${label}: ${door} shows ${secret}`).not.toContain(secret);
    }
  }
}

describe("every door agrees with /t/ (states x doors)", () => {
  // What each door answers for what the tap answered: no door opens what the tap keeps shut.
  const expected: Record<string, { tap: number; page: number; resource: number; post: number }> = {
    "garment inactive": { tap: 404, page: 404, resource: 404, post: 404 },
    "tag inactive": { tap: 404, page: 404, resource: 404, post: 404 },
    lost: { tap: 200, page: 200, resource: 404, post: 409 },
    stolen: { tap: 200, page: 200, resource: 404, post: 409 },
    // The claim offer is the tap's alone (it proves the garment is in hand); a link shows nothing.
    released: { tap: 302, page: 404, resource: 404, post: 404 },
    "secure, no window": { tap: 403, page: 403, resource: 403, post: 403 },
  };

  for (const [state, make] of Object.entries(STATES)) {
    it(`${state}: ${JSON.stringify(expected[state])}, nothing of the owner, no contact written`, async () => {
      const g = await make();
      const before = await countContacts(db, g.ownerUserId);
      const answers = await doors(g);
      const want = expected[state];
      expect(answers.tap.status).toBe(want?.tap);
      expect(answers.page.status).toBe(want?.page);
      expect(answers.card.status).toBe(want?.resource);
      expect(answers.code.status).toBe(want?.resource);
      expect(answers.post.status).toBe(want?.post);
      expectNothingOfTheOwner(answers, state);
      expect(await countContacts(db, g.ownerUserId)).toBe(before);
      if (state === "lost" || state === "stolen") {
        expect(answers.tap.body).toContain(REPORTED_MISSING_MESSAGE);
        expect(answers.page.body).toMatchObject({ share: { state: "missing" } });
      }
      if (state === "secure, no window") {
        expect(answers.tap.body).toContain(SECURE_TAP_MESSAGES.refused);
        expect(answers.page.body).toBe(SECURE_TAP_MESSAGES.refused);
        expect(answers.card.body).toBe(SECURE_TAP_MESSAGES.refused);
        expect(answers.post.body).toMatchObject({ formError: SECURE_TAP_MESSAGES.refused });
      }
    });
  }
});

describe("a secure garment's card opens only in the window its verified tap minted", () => {
  it("the verified tap sets the window for this garment's share doors; with it every door answers", async () => {
    const g = await ownersGarment({ secure: true });
    if (!SUN_KEY || !g.uid) throw new Error("no test SUN key");
    const tap = await exports.default.fetch(
      request(`/t/${g.slug}${sunTapQuery(SUN_KEY, { uid: g.uid, counter: 7 })}`),
      {
        redirect: "manual",
      },
    );
    expect(tap.status).toBe(200);
    const setCookie = tap.headers.getSetCookie().find((c) => c.startsWith(`${CARD_WINDOW_COOKIE}=`));
    expect(setCookie).toContain(`Path=/share/${g.slug}`);
    expect(setCookie).toContain("HttpOnly");
    const cookie = setCookie?.split(";")[0];

    const before = await countContacts(db, g.ownerUserId);
    const ctx = routeContext(db, null);
    const params = { slug: g.slug };
    const page = await outcome(() => share.loader(args(request(`/share/${g.slug}`, { cookie }), ctx, params)));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ share: { state: "open", profile: { firstName: SECRETS.name } }, verified: true });
    const card = await outcome(() =>
      vcf.loader(args(request(`/share/${g.slug}/contact.vcf`, { cookie }), ctx, params)),
    );
    expect(card.status).toBe(200);
    expect(card.body).toContain(SECRETS.email);
    const code = await outcome(() => qr.loader(args(request(`/share/${g.slug}/qr.svg`, { cookie }), ctx, params)));
    expect(code.status).toBe(200);
    const post = await outcome(() =>
      share.action(args(request(`/share/${g.slug}`, { method: "POST", body: contactForm(), cookie }), ctx, params)),
    );
    expect(post.status).toBe(303);
    expect(await countContacts(db, g.ownerUserId)).toBe(before + 1);

    // The same URL again is a replay: refused, and no window for whoever sent it.
    const again = await exports.default.fetch(
      request(`/t/${g.slug}${sunTapQuery(SUN_KEY, { uid: g.uid, counter: 7 })}`),
      { redirect: "manual" },
    );
    expect(again.status).toBe(403);
    expect(again.headers.getSetCookie().some((c) => c.startsWith(`${CARD_WINDOW_COOKIE}=`))).toBe(false);
  });

  it("a window is this garment's only: another secure garment's, a forged one opens nothing (expiry: verified-tap.test.ts)", async () => {
    const g = await ownersGarment({ secure: true });
    const other = await ownersGarment({ secure: true });
    const forged = await signCardWindow("not-the-secret-0000000000000000000000", g.slug);
    const foreign = await signCardWindow(env.SESSION_SECRET, other.slug);
    for (const token of [forged, foreign, "garbage"]) {
      const answers = await doors(g, `${CARD_WINDOW_COOKIE}=${token}`);
      expect(answers.page.status).toBe(403);
      expect(answers.card.status).toBe(403);
      expect(answers.post.status).toBe(403);
      expectNothingOfTheOwner(answers, token);
    }
    // The owner signed in gets no side door either: their view is the garment's own page.
    const owned = routeContext(db, { userId: g.ownerUserId, email: SECRETS.email });
    const mine = await outcome(() => share.loader(args(request(`/share/${g.slug}`), owned, { slug: g.slug })));
    expect(mine.status).toBe(403);
  });
});

// The same details a day later, a new connection: the take-contact verb's own test
// (packages/verbs/src/sharing/take-contact.test.ts).
describe("a public form's repeated submit stores one contact (issue #28)", () => {
  const post = (path: string, body: URLSearchParams, from = "203.0.113.77") =>
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      body,
      headers: { "CF-Connecting-IP": from, "User-Agent": PHONE_UA },
    });

  it("the share card: a double click, a resubmit and a retry from another address store one and answer the same", async () => {
    const g = await ownersGarment();
    const ctx = routeContext(db, null);
    const form = contactForm();
    const send = (from?: string) =>
      outcome(() =>
        share.action(args(post(`/share/${g.slug}`, new URLSearchParams(form), from), ctx, { slug: g.slug })),
      );
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send("2001:db8:5::1");
    for (const answer of [a, b, c]) {
      expect(answer.status).toBe(303);
      // The same success, with the same contact's withdrawal link (issue #33).
      expect(answer.location).toBe(a.location);
      expect(answer.location).toMatch(new RegExp(`^/share/${g.slug}\\?connected=1&w=\\d+\\.[\\w-]{43}$`));
    }
    expect(await countContacts(db, g.ownerUserId)).toBe(1);
    // Other details are another contact.
    form.set("notes", "We met at the gala");
    expect((await send()).status).toBe(303);
    expect(await countContacts(db, g.ownerUserId)).toBe(2);
  });

  it("the tag share form's missing details say its own words; the visitor form keeps its own (issue #35)", async () => {
    const owner = await createOwner(db);
    const clientId = await profileClientId(db, owner.profileId);
    const ctx = routeContext(db, null);
    const token = `${clientId}-1700000000`;
    // Nothing given: the spec's words, the tag form's own (part 2 §5).
    const nameOnly = () => new URLSearchParams({ first_name: "", notes: "Nothing else" });
    const tagged = await outcome(() =>
      share.action(args(post(`/share/${token}?tag=event`, nameOnly()), ctx, { slug: token })),
    );
    expect(tagged).toMatchObject({
      status: 400,
      body: { formError: "Missing Information: Please provide your name and at least email or phone." },
    });
    const plain = await outcome(() => share.action(args(post(`/share/${token}`, nameOnly()), ctx, { slug: token })));
    expect(plain).toMatchObject({
      status: 400,
      body: { formError: "Missing information: Please provide your name and either email or phone number" },
    });
    // A name alone: what is missing, named, on either form (issue #49).
    for (const path of [`/share/${token}?tag=event`, `/share/${token}`]) {
      const named = await outcome(() =>
        share.action(args(post(path, new URLSearchParams({ first_name: "Only A Name" })), ctx, { slug: token })),
      );
      expect(named).toMatchObject({
        status: 400,
        body: { formError: "Missing information: please provide an email or a phone number, so you can be reached." },
      });
    }
    expect(await countContacts(db, owner.userId)).toBe(0);
  });

  it("a share token and /receive-info: one contact each for the same post twice", async () => {
    const owner = await createOwner(db);
    const clientId = await profileClientId(db, owner.profileId);
    const ctx = routeContext(db, null);
    const token = `${clientId}-1700000000`;
    const form = contactForm();
    const locations: Array<string | null> = [];
    for (let i = 0; i < 2; i++) {
      const answer = await outcome(() =>
        share.action(args(post(`/share/${token}?tag=event`, new URLSearchParams(form)), ctx, { slug: token })),
      );
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(new RegExp(`^/share/${token}\\?tag=event&step=success&w=\\d+\\.[\\w-]{43}$`));
      locations.push(answer.location);
    }
    expect(locations[1]).toBe(locations[0]);
    expect(await countContacts(db, owner.userId)).toBe(1);
    const guest = new URLSearchParams({ guest_name: "Guest Twice", phone: "+33 6 12 34 56 78" });
    for (let i = 0; i < 2; i++) {
      const answer = await outcome(() =>
        receiveInfo.action(args(post(`/receive-info?id=${clientId}`, new URLSearchParams(guest)), ctx)),
      );
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(/^\/thank-you\?w=\d+\.[\w-]{43}$/);
    }
    expect(await countContacts(db, owner.userId)).toBe(2);
  });
});
