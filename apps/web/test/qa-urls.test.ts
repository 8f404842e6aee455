import { env } from "cloudflare:workers";
import { QA_MESSAGES } from "@releve/core/qa/tools";
import { URL_SUITE_MESSAGES, type UrlCheck, type UrlCheckId, type UrlSuiteResult } from "@releve/core/qa/url-suite";
import { getDb, scans } from "@releve/db";
import { loadTapRoute, type TapControlLike, writeCachedTapRoute } from "@releve/db/tap/cache";
import { createGarment, createOwner, setGarmentTagStatus, uniqueSlug } from "@releve/db/testing/factories";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminApiCallers, json } from "./admin-support";

// Issue #20 item 3, the /test-urls suite: POST /api/admin/qa/url-suite through the real shell,
// whose dry runs reach the real tap worker beside it. Here the tap and cache checks are held to
// D1; the page checks (destination, share card, vCard) need the real page renderer, which only
// the end-to-end tier has (tests/e2e/test-urls.spec.ts): this shell's renderer is a stub.

const db = getDb(env.DB);
const { call } = adminApiCallers();

const suite = async (slug: string) => json<UrlSuiteResult>(await call("admin", "POST", "/qa/url-suite", { slug }));
const checkOf = (result: UrlSuiteResult, id: UrlCheckId) => {
  const found = result.checks.find((c) => c.id === id);
  if (!found) throw new Error(`no ${id} check in ${JSON.stringify(result)}`);
  return found;
};
const scanCount = async () => (await db.select({ n: count() }).from(scans).get())?.n ?? 0;
const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

describe("POST /api/admin/qa/url-suite", () => {
  it("is for admins only, and refuses an empty, overlong or broken slug with a clear message", async () => {
    expect((await call("visitor", "POST", "/qa/url-suite", { slug: "mb-001" })).status).toBe(401);
    expect((await call("client", "POST", "/qa/url-suite", { slug: "mb-001" })).status).toBe(403);
    for (const [body, message] of [
      [{ slug: "  " }, QA_MESSAGES.testSlugRequired],
      [{}, QA_MESSAGES.testSlugRequired],
      [{ slug: "a".repeat(201) }, URL_SUITE_MESSAGES.slugTooLong],
      [{ slug: "mb-\ud800" }, URL_SUITE_MESSAGES.slugMalformed],
    ] as const) {
      const res = await call("admin", "POST", "/qa/url-suite", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(res)).toBe(message);
    }
    expect(URL_SUITE_MESSAGES.slugRequired).toBe("Please enter a test slug");
  });

  it("a claimed garment: both taps equal what D1 decides, the cache agrees; no scan is recorded", async () => {
    const owner = await createOwner(db, { sharing: true });
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const before = await scanCount();
    const first = await suite(g.slug);
    expect(first.slug).toBe(g.slug);
    expect(first.checks.map((c) => c.id)).toEqual([
      "tap-visitor",
      "tap-owner",
      "destination-visitor",
      "destination-owner",
      "cache",
      "share-card",
      "vcard",
    ]);
    // A visitor's share page is served in place (decision 0029): 200 standing for the rules' 302.
    expect(checkOf(first, "tap-visitor")).toMatchObject({ result: "pass" });
    expect(checkOf(first, "tap-visitor").detail).toContain(`Expected 302 to /share/${g.slug}`);
    expect(checkOf(first, "tap-visitor").detail).toContain(`got 200, the page of /share/${g.slug} served in place`);
    expect(checkOf(first, "tap-owner")).toMatchObject({ result: "pass" });
    expect(checkOf(first, "tap-owner").detail).toContain(`got 302 to /dashboard/garment/${g.id}`);
    // Nothing cached before the first tap.
    expect(checkOf(first, "cache")).toMatchObject({ result: "pass", detail: "Not cached yet: the next tap reads D1." });
    // The taps' refill is in KV now (as D1 says it): the next run compares the two.
    await expect
      .poll(async () => checkOf(await suite(g.slug), "cache").detail)
      .toBe("KV's record equals the one built from D1 now.");
    const again = await suite(g.slug);
    expect(checkOf(again, "tap-visitor").result).toBe("pass");
    expect(checkOf(again, "tap-owner").result).toBe("pass");
    // Dry runs only: the scans table is as it was.
    expect(await scanCount()).toBe(before);
  });

  it("an unclaimed garment: the visitor's tap goes to the claim page; the owner's checks are skipped, with why", async () => {
    const g = await createGarment(db);
    const result = await suite(g.slug);
    expect(checkOf(result, "tap-visitor")).toMatchObject({ result: "pass" });
    expect(checkOf(result, "tap-visitor").detail).toContain(`got 302 to /claim/${g.slug}`);
    expect(checkOf(result, "tap-owner")).toEqual({
      id: "tap-owner",
      name: "Tap as the owner",
      result: "skip",
      detail: `${g.slug} is unclaimed: it has no owner.`,
    });
    expect(checkOf(result, "destination-owner").result).toBe("skip");
    expect(checkOf(result, "cache").result).toBe("pass");
    for (const id of ["share-card", "vcard"] as const) {
      expect(checkOf(result, id)).toMatchObject({
        result: "skip",
        detail: `${g.slug} is unclaimed: there is no card.`,
      });
    }
  });

  it("an unknown slug: the tap's 404 'Invalid garment link' is the expected answer", async () => {
    const slug = uniqueSlug("zz");
    const result = await suite(slug);
    expect(checkOf(result, "tap-visitor")).toMatchObject({ result: "pass" });
    expect(checkOf(result, "tap-visitor").detail).toMatch(/^Expected 404 'Invalid garment link'.*; got 404/);
    expect(checkOf(result, "tap-owner").result).toBe("skip");
    expect(checkOf(result, "destination-visitor").result).toBe("skip");
    const notASlug = await suite("Not a slug!");
    expect(checkOf(notASlug, "tap-visitor").result).toBe("pass");
    expect(checkOf(notASlug, "cache").result).toBe("skip");
  });

  it("a deactivated garment and a lost one: the tap's refusal and its missing page are the expected answers", async () => {
    const owner = await createOwner(db, { sharing: true });
    const inactive = await createGarment(db, { ownerUserId: owner.userId, active: false });
    const lost = await createGarment(db, { ownerUserId: owner.userId });
    await setGarmentTagStatus(db, lost.id, "lost");
    const off = await suite(inactive.slug);
    for (const id of ["tap-visitor", "tap-owner"] as const) {
      expect(checkOf(off, id).result, id).toBe("pass");
      expect(checkOf(off, id).detail, id).toMatch(/^Expected 404 'Invalid garment link'.*; got 404/);
    }
    expect(checkOf(off, "destination-visitor").result).toBe("skip");
    expect(checkOf(off, "share-card").detail).toBe(`${inactive.slug} is deactivated: there is no card.`);
    const missing = await suite(lost.slug);
    for (const id of ["tap-visitor", "tap-owner"] as const) {
      expect(checkOf(missing, id).result, id).toBe("pass");
      expect(checkOf(missing, id).detail, id).toContain("got 200, the tap's own page (missing)");
    }
    expect(checkOf(missing, "destination-owner").result).toBe("skip");
    expect(checkOf(missing, "vcard").detail).toBe(`${lost.slug} is reported missing: its card is not shown.`);
  });

  it("a stale KV record fails the cache check naming the field, and the tap check with expected vs got", async () => {
    const owner = await createOwner(db, { sharing: true });
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const fromD1 = await loadTapRoute(env.DB, g.slug);
    if (!fromD1) throw new Error("no route");
    // KV says unclaimed behind D1's back (no refresh), and the tap's memo holds nothing of it.
    await writeCachedTapRoute(env.TAP_KV, g.slug, { ...fromD1, status: "unclaimed" });
    await (env.TAP_CONTROL as unknown as TapControlLike).forget([g.slug]);
    const before = await scanCount();
    const result = await suite(g.slug);
    const cache = checkOf(result, "cache") as UrlCheck;
    expect(cache.result).toBe("fail");
    expect(cache.detail).toBe(`KV's record differs from D1's in status (KV "unclaimed", D1 "claimed").`);
    const tap = checkOf(result, "tap-visitor");
    expect(tap.result).toBe("fail");
    expect(tap.detail).toBe(
      `Expected 302 to /share/${g.slug} (share), as the tap rules decide from D1 now; got 302 to /claim/${g.slug}, answered from KV.`,
    );
    expect(checkOf(result, "tap-owner").result).toBe("fail");
    expect(await scanCount()).toBe(before);
  });
});
