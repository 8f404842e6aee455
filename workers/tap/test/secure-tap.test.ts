import { env } from "cloudflare:workers";
import { SECURE_TAP_MESSAGES } from "@releve/core/tap/secure-tap";
import { parseSunKeys, type SunKeyVersion } from "@releve/core/tap/sun";
import { randomSunUid, sunTapQuery } from "@releve/core/tap/testing/sun-tap";
import {
  CARD_WINDOW_COOKIE,
  VERIFIED_TAP_HEADER,
  verifyCardWindow,
  verifyVerifiedTap,
} from "@releve/core/tap/verified-tap";
import { createGarment, createOwner, setGarmentSecureTag, setGarmentTagStatus } from "@releve/db/testing/factories";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notAuthenticatedPage } from "../src/not-authenticated";
import { RESOLUTION_FAILED_CSP } from "../src/resolution-failed";
import { db, dryRunMarker, forgetMemo, landing, sentMessages, tap, tokenFor } from "./helpers";

// Issue #21: a secure garment's tap answers only once its SUN URL verifies (MAC, tag, counter).
// The taps are generated from the test SUN_KEYS (tests/workers/config.ts), as a tag keyed with
// them would write its URL.

afterEach(() => {
  vi.restoreAllMocks();
});

const keys = parseSunKeys(env.SUN_KEYS);
const keyOf = (version: number): SunKeyVersion => {
  const key = keys.find((k) => k.version === version);
  if (!key) throw new Error(`no test key version ${version}`);
  return key;
};

type SecureGarment = { id: number; slug: string; uid: string; keyVersion: number; ownerUserId: string | null };

/** A garment whose current tag is an NTAG 424 DNA registered as secure (UID, key version). */
async function secureGarment(
  opts: { sharing?: boolean; claimed?: boolean; keyVersion?: number } = {},
): Promise<SecureGarment> {
  const owner = opts.claimed === false ? null : await createOwner(db, { sharing: opts.sharing ?? true });
  const g = await createGarment(db, { ownerUserId: owner?.userId ?? null });
  const uid = randomSunUid();
  const keyVersion = opts.keyVersion ?? 2;
  await setGarmentSecureTag(db, g.id, uid, keyVersion);
  return { ...g, uid, keyVersion, ownerUserId: owner?.userId ?? null };
}

/** The tap URL the garment's tag writes on tap number `counter`. */
const tapUrl = (g: SecureGarment, counter: number, opts: { uid?: string; keyVersion?: number } = {}) =>
  `/t/${g.slug}${sunTapQuery(keyOf(opts.keyVersion ?? g.keyVersion), { uid: opts.uid ?? g.uid, counter })}`;

/** What the shell double was sent, from the page it answered. */
async function sentToShell(res: Response) {
  const json = /<script type="application\/json" id="sent">(.*)<\/script>/.exec(await res.text())?.[1];
  const sent = JSON.parse(json ?? "null") as { method: string; path: string; headers: [string, string][] };
  return { ...sent, headers: Object.fromEntries(sent.headers) };
}

/** Every way the tap could reach the shell (a refused tap never does). */
const spyOnShell = () => vi.spyOn(env.SHELL, "fetch");

/** The refusal: 403, the page saying so, nothing of the owner, no way on to the share page. */
async function expectRefused(res: Response, g: SecureGarment) {
  expect(res.status).toBe(403);
  expect(res.headers.get("content-type")).toBe("text/html; charset=UTF-8");
  expect(res.headers.get("content-security-policy")).toBe(RESOLUTION_FAILED_CSP);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  expect(res.headers.get("x-served-by")).toBe("releve-tap");
  expect(res.headers.get("location")).toBeNull();
  expect(res.headers.get("link")).toBeNull();
  expect(res.headers.get("x-shell-page")).toBeNull();
  expect(res.headers.getSetCookie()).toEqual([]);
  const html = await res.text();
  expect(html).toContain(`<h1>${SECURE_TAP_MESSAGES.refused}</h1>`);
  // A constant page: the same bytes for every refused tap, so nothing of this garment or owner.
  expect(html).toBe(notAuthenticatedPage("en"));
  for (const secret of [g.slug, g.uid, g.ownerUserId ?? g.slug]) expect(html, secret).not.toContain(secret);
}

describe("a secure garment's valid taps (issue #21)", () => {
  it("a generated sequence of taps passes, each with the card, each one scan", async () => {
    const g = await secureGarment();
    const sent = sentMessages(g.slug);
    const counters = [1, 2, 3, 17, 255, 256, 4_000, 65_536, 0xfffffe];
    for (const counter of counters) {
      const res = await tap(tapUrl(g, counter));
      expect(res.status, `counter ${counter}`).toBe(200);
      expect(landing(res)).toBe(`in place /share/${g.slug}`);
    }
    expect(sent()).toHaveLength(counters.length);
    for (const message of sent()) {
      expect(message).toMatchObject({ slug: g.slug, garmentId: g.id, viewerKind: "anonymous" });
      expect(message).not.toHaveProperty("scanType");
    }
  });

  it("from D1, the memo and KV alike: verification is per tap, the route is cached", async () => {
    const g = await secureGarment();
    const first = await tap(tapUrl(g, 10));
    const second = await tap(tapUrl(g, 11));
    forgetMemo(g.slug);
    const third = await tap(tapUrl(g, 12));
    expect([first, second, third].map((res) => res.headers.get("x-tap-source"))).toEqual(["d1", "memo", "kv"]);
    expect([first, second, third].map((res) => res.status)).toEqual([200, 200, 200]);
    // The cached route does not make a replay pass.
    await expectRefused(await tap(tapUrl(g, 12)), g);
  });

  it("a visitor's card is asked for with a verified-tap marker the shell accepts; the visitor never sees it", async () => {
    const g = await secureGarment();
    const res = await tap(tapUrl(g, 5));
    expect(res.headers.get(VERIFIED_TAP_HEADER)).toBeNull();
    const sent = await sentToShell(res);
    expect(sent.path).toBe(`/share/${g.slug}`);
    const marker = sent.headers[VERIFIED_TAP_HEADER];
    expect(await verifyVerifiedTap(env.SESSION_SECRET, marker, g.slug)).toBe(true);
    // Named for this slug only.
    expect(await verifyVerifiedTap(env.SESSION_SECRET, marker, `${g.slug}-x`)).toBe(false);
  });

  it("a visitor's verified tap opens this browser's card window, on the page and on the 302 alike (issue #28)", async () => {
    const g = await secureGarment();
    const windowOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${CARD_WINDOW_COOKIE}=`));
    for (const res of [await tap(tapUrl(g, 40)), await tap(`${tapUrl(g, 41)}&answer=redirect`)]) {
      const cookie = windowOf(res);
      expect(cookie).toMatch(new RegExp(`; Path=/share/${g.slug}; HttpOnly; SameSite=Lax; Max-Age=600; Secure$`));
      const token = cookie?.split(";")[0]?.split("=")[1];
      expect(await verifyCardWindow(env.SESSION_SECRET, token, g.slug)).toBe(true);
      expect(await verifyCardWindow(env.SESSION_SECRET, token, `${g.slug}-x`)).toBe(false);
    }
    // None for a refused tap, a plain garment's tap, or the owner's own.
    expect(windowOf(await tap(tapUrl(g, 41)))).toBeUndefined();
    const owner = await createOwner(db, { sharing: true });
    const plain = await createGarment(db, { ownerUserId: owner.userId });
    expect(windowOf(await tap(`/t/${plain.slug}`))).toBeUndefined();
    if (!g.ownerUserId) throw new Error("claimed");
    const own = await tap(tapUrl(g, 42), { ownerToken: await tokenFor(g.ownerUserId) });
    expect(own.status).toBe(302);
    expect(windowOf(own)).toBeUndefined();
  });

  it("a plain garment's visitor tap carries no marker; a visitor cannot send one through the tap", async () => {
    const owner = await createOwner(db, { sharing: true });
    const plain = await createGarment(db, { ownerUserId: owner.userId });
    const res = await tap(`/t/${plain.slug}`, { headers: { [VERIFIED_TAP_HEADER]: "forged.marker.value-000000000" } });
    expect(res.status).toBe(200);
    expect((await sentToShell(res)).headers[VERIFIED_TAP_HEADER]).toBeUndefined();
  });

  it("the owner's tap verifies too: valid -> their garment page; a copied URL -> refused", async () => {
    const g = await secureGarment();
    const ownerToken = await tokenFor(g.ownerUserId as string);
    const res = await tap(tapUrl(g, 3), { ownerToken });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/dashboard/garment/${g.id}`);
    await expectRefused(await tap(tapUrl(g, 3), { ownerToken }), g);
    await expectRefused(await tap(`/t/${g.slug}`, { ownerToken }), g);
  });

  it("an unclaimed secure garment: a valid tap goes to the claim page, without SUN it is refused", async () => {
    const g = await secureGarment({ claimed: false });
    const res = await tap(tapUrl(g, 1));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/claim/${g.slug}`);
    await expectRefused(await tap(`/t/${g.slug}`), g);
  });

  it("the tag's own key version is used (version 1 here), with other query parameters around", async () => {
    const g = await secureGarment({ keyVersion: 1 });
    const res = await tap(`${tapUrl(g, 9)}&utm_source=tag`);
    expect(res.status).toBe(200);
    // The same tag's URL made with another version's keys does not verify.
    await expectRefused(await tap(tapUrl(g, 10, { keyVersion: 2 })), g);
  });
});

describe("a secure garment's refused taps: 403, nothing of the owner, a 'suspect' scan", () => {
  it("the same URL twice: the second is a replay", async () => {
    const g = await secureGarment();
    const sent = sentMessages(g.slug);
    const url = tapUrl(g, 42);
    expect((await tap(url)).status).toBe(200);
    const shell = spyOnShell();
    await expectRefused(await tap(url), g);
    expect(shell).not.toHaveBeenCalled();
    const [valid, replay, ...rest] = sent();
    expect(rest).toEqual([]);
    expect(valid).not.toHaveProperty("scanType");
    expect(replay).toMatchObject({
      source: "tap",
      slug: g.slug,
      garmentId: g.id,
      viewerKind: "anonymous",
      scanType: "suspect",
      suspectReason: "replay",
    });
  });

  it("a lower counter is a replay; the next higher one still passes", async () => {
    const g = await secureGarment();
    const sent = sentMessages(g.slug);
    expect((await tap(tapUrl(g, 100))).status).toBe(200);
    await expectRefused(await tap(tapUrl(g, 99)), g);
    await expectRefused(await tap(tapUrl(g, 1)), g);
    expect((await tap(tapUrl(g, 101))).status).toBe(200);
    expect(sent().map((m) => m.suspectReason ?? "ok")).toEqual(["ok", "replay", "replay", "ok"]);
  });

  it("a flipped bit in e or c: bad_picc_data or bad_mac, and the counter is not spent", async () => {
    const g = await secureGarment();
    const sent = sentMessages(g.slug);
    const shell = spyOnShell();
    const url = tapUrl(g, 7);
    const [, e, c] = /\?e=([0-9A-F]{32})&c=([0-9A-F]{16})$/.exec(url) as unknown as [string, string, string];
    const flip = (hex: string, bit: number) => {
      const nibble = Number.parseInt(hex[bit >> 2] as string, 16) ^ (1 << (bit & 3));
      return `${hex.slice(0, bit >> 2)}${nibble.toString(16).toUpperCase()}${hex.slice((bit >> 2) + 1)}`;
    };
    const altered = [
      url.replace(`e=${e}`, `e=${flip(e, 0)}`),
      url.replace(`e=${e}`, `e=${flip(e, 77)}`),
      url.replace(`e=${e}`, `e=${flip(e, 127)}`),
      url.replace(`c=${c}`, `c=${flip(c, 0)}`),
      url.replace(`c=${c}`, `c=${flip(c, 63)}`),
    ];
    for (const bad of altered) await expectRefused(await tap(bad), g);
    expect(shell).not.toHaveBeenCalled();
    const reasons = sent().map((m) => m.suspectReason);
    expect(reasons.slice(0, 3).every((r) => r === "bad_picc_data" || r === "bad_mac")).toBe(true);
    expect(reasons.slice(3)).toEqual(["bad_mac", "bad_mac"]);
    expect(sent().every((m) => m.scanType === "suspect")).toBe(true);
    // Forgeries never reached the counter: the authentic URL still passes.
    expect((await tap(url)).status).toBe(200);
  });

  it("another tag's authentic URL on this slug: wrong_tag, and that tag's counter is not spent", async () => {
    const g = await secureGarment();
    const other = await secureGarment();
    const sent = sentMessages(g.slug);
    await expectRefused(await tap(`/t/${g.slug}${sunTapQuery(keyOf(2), { uid: other.uid, counter: 5 })}`), g);
    expect(sent().map((m) => [m.scanType, m.suspectReason])).toEqual([["suspect", "wrong_tag"]]);
    expect((await tap(tapUrl(other, 5))).status).toBe(200);
  });

  it("missing or malformed parameters: missing_parameters, bad_format", async () => {
    const g = await secureGarment();
    const sent = sentMessages(g.slug);
    const url = tapUrl(g, 8);
    const [, e, c] = /\?e=([0-9A-F]{32})&c=([0-9A-F]{16})$/.exec(url) as unknown as [string, string, string];
    const cases: [string, string][] = [
      [`/t/${g.slug}`, "missing_parameters"],
      [`/t/${g.slug}?e=${e}`, "missing_parameters"],
      [`/t/${g.slug}?c=${c}`, "missing_parameters"],
      [`/t/${g.slug}?e=&c=${c}`, "missing_parameters"],
      [`/t/${g.slug}?e=${e.slice(2)}&c=${c}`, "bad_format"],
      [`/t/${g.slug}?e=${e}&c=${c}&c=${c}`, "bad_format"],
    ];
    for (const [path] of cases) await expectRefused(await tap(path), g);
    expect(sent().map((m) => m.suspectReason)).toEqual(cases.map(([, reason]) => reason));
  });

  it("no scan for HEAD, bots, prefetches or dry runs, yet each is refused the same", async () => {
    const g = await secureGarment();
    const sent = sentMessages(g.slug);
    const head = await tap(`/t/${g.slug}`, { method: "HEAD" });
    expect(head.status).toBe(403);
    expect(await head.text()).toBe("");
    await expectRefused(
      await tap(`/t/${g.slug}`, {
        userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      }),
      g,
    );
    await expectRefused(await tap(`/t/${g.slug}`, { headers: { "sec-purpose": "prefetch" } }), g);
    await expectRefused(await tap(`/t/${g.slug}`, { headers: { "x-releve-dry-run": await dryRunMarker() } }), g);
    expect(sent()).toEqual([]);
  });

  it("a missing (lost) secure garment answers its neutral page, verified or not", async () => {
    const g = await secureGarment();
    await setGarmentTagStatus(db, g.id, "lost");
    const res = await tap(`/t/${g.slug}`);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain(SECURE_TAP_MESSAGES.refused);
  });
});

describe("the tag's counter (a Durable Object per UID)", () => {
  it("advance accepts only a counter above the stored one, and stores it", async () => {
    const counter = env.TAG_COUNTERS.getByName(randomSunUid());
    expect(await counter.advance(0)).toEqual({ ok: true, last: 0 });
    expect(await counter.advance(0)).toEqual({ ok: false, last: 0 });
    expect(await counter.advance(5)).toEqual({ ok: true, last: 5 });
    expect(await counter.advance(4)).toEqual({ ok: false, last: 5 });
    for (const bad of [-1, 1.5, Number.NaN, 0x1000000])
      expect(await counter.advance(bad)).toEqual({ ok: false, last: 5 });
    expect(await counter.advance(0xffffff)).toEqual({ ok: true, last: 0xffffff });
    // Another tag's counter is its own.
    expect(await env.TAG_COUNTERS.getByName(randomSunUid()).advance(1)).toEqual({ ok: true, last: 1 });
  });

  it("concurrent taps of one URL: exactly one passes", async () => {
    const g = await secureGarment();
    const url = tapUrl(g, 77);
    const answers = await Promise.all(Array.from({ length: 6 }, () => tap(url)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 403, 403, 403, 403, 403]);
    const counter = env.TAG_COUNTERS.getByName(g.uid);
    const raced = await Promise.all(Array.from({ length: 10 }, () => counter.advance(78)));
    expect(raced.filter((r) => r.ok)).toHaveLength(1);
  });
});

describe("the link tester's dry run of a secure garment", () => {
  it("answers as a real tap would, but never spends the counter", async () => {
    const g = await secureGarment();
    const sent = sentMessages(g.slug);
    const url = tapUrl(g, 30);
    const marker = { "x-releve-dry-run": await dryRunMarker() };
    const dry = await tap(url, { headers: marker });
    expect(dry.status).toBe(200);
    expect(JSON.parse(dry.headers.get("x-releve-dry-run-result") ?? "{}")).toMatchObject({ status: 200 });
    // The real tap of the same URL still passes: the dry run did not advance the counter.
    expect((await tap(url)).status).toBe(200);
    // A dry run with a forged MAC is refused as the real tap would be.
    const forged = await tap(
      url.replace(/c=([0-9A-F])/, (_, d: string) => `c=${d === "0" ? "1" : "0"}`),
      {
        headers: marker,
      },
    );
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.headers.get("x-releve-dry-run-result") ?? "{}")).toMatchObject({ status: 403 });
    expect(sent()).toHaveLength(1);
  });
});

describe("the tap's env for secure tags", () => {
  it("validateTapEnv refuses a malformed SUN_KEYS (naming it, never a key) and a missing TAG_COUNTERS; SUN_KEYS may be absent", async () => {
    const { validateTapEnv } = await import("../src/env");
    expect(() => validateTapEnv({ ...env, SUN_KEYS: "not json" })).toThrow(/SUN_KEYS: SUN keys secret: not JSON/);
    expect(() => validateTapEnv({ ...env, SUN_KEYS: '[{"version":1,"metaReadKey":"00"}]' })).toThrow(
      /SUN_KEYS: .*metaReadKey must be 32 hex characters/,
    );
    expect(() => validateTapEnv({ ...env, TAG_COUNTERS: undefined })).toThrow(/TAG_COUNTERS: missing/);
    expect(validateTapEnv({ ...env, SUN_KEYS: undefined }).sunKeys).toBeNull();
    expect(validateTapEnv(env).sunKeys?.map((k) => k.version)).toEqual([1, 2]);
  });
});
