import { env, exports } from "cloudflare:workers";
import { signDryRunToken } from "@releve/core/qa/dry-run";
import { NEGATIVE_TTL_SECONDS, POSITIVE_TTL_SECONDS, REPORTED_MISSING_MESSAGE, tapKvKey } from "@releve/core/tap/rules";
import { BURST_WINDOW_MS } from "@releve/core/tap/scan-id";
import { deleteSession } from "@releve/db/accounts/commands";
import { garments } from "@releve/db/schema";
import {
  createGarment,
  createOwner,
  createSession,
  createUser,
  setGarmentTagStatus,
  uniqueSlug,
} from "@releve/db/testing/factories";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getTapEnv } from "../src/env";
import { RESOLUTION_FAILED_CSP, STYLE } from "../src/resolution-failed";
import { db, dryRunMarker, forgetMemo, landing, nextIp, sentMessages, tap, tokenFor } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts every way the worker could reach D1. */
function spyOnD1() {
  const spies = [vi.spyOn(env.DB, "prepare"), vi.spyOn(env.DB, "batch"), vi.spyOn(env.DB, "exec")];
  return () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0);
}

/**
 * The same answer three ways: from D1 (KV miss), from this isolate's memo, and from KV once
 * the memo has let go of the slug.
 */
async function tapTwice(path: string, init: Parameters<typeof tap>[1] = {}) {
  const first = await tap(path, init);
  const second = await tap(path, init);
  forgetMemo(path.slice(3));
  const third = await tap(path, init);
  expect(first.headers.get("x-tap-source")).toBe("d1");
  expect(second.headers.get("x-tap-source")).toBe("memo");
  expect(third.headers.get("x-tap-source")).toBe("kv");
  for (const again of [second, third]) {
    expect(again.status).toBe(first.status);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(landing(again)).toBe(landing(first));
  }
  return first;
}

describe("the baseline headers on every answer (issue #17)", () => {
  const baseline = {
    "cache-control": "private, no-store",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
  };

  it("on a 302, a page in place and the failure page; HSTS off localhost only", async () => {
    const owner = await createOwner(db, { sharing: true });
    const shared = await createGarment(db, { ownerUserId: owner.userId });
    const answers = [
      await tap(`/t/${(await createGarment(db)).slug}`), // 302 to the claim page
      await tap(`/t/${shared.slug}`), // the share page in place
      await tap(`/t/${uniqueSlug("zz")}`), // 404 page
      await tap("/t/%00"), // refused slug
      await tap("/elsewhere"), // not a tap path
    ];
    expect(answers.map((res) => res.status)).toEqual([302, 200, 404, 404, 404]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(baseline)) expect(res.headers.get(name), name).toBe(value);
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    }
    const local = await exports.default.fetch("http://localhost:4173/t/nope-local");
    expect(local.headers.get("x-frame-options")).toBe("DENY");
    expect(local.headers.has("strict-transport-security")).toBe(false);
  });

  it("the failure page's CSP allows its own stylesheet, by hash, and nothing else", async () => {
    const res = await tap(`/t/${uniqueSlug("zz")}`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(STYLE));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(csp).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(await res.text()).toContain(`<style>${STYLE}</style>`);
  });
});

describe("every tap-rule row, through D1 then KV", () => {
  it("unknown slug: 404 'Resolution Failed' page, 'Invalid garment link', then home", async () => {
    const res = await tapTwice(`/t/${uniqueSlug("zz")}`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("<h1>Resolution Failed</h1>");
    expect(html).toContain("Invalid garment link");
    expect(html).toContain("Redirecting to home...");
    expect(html).toMatch(/<meta http-equiv="refresh" content="\d+;url=\/">/);
  });

  it("inactive garment: the same 404 page, for its owner too", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId, active: false });
    expect((await tapTwice(`/t/${g.slug}`)).status).toBe(404);
    const asOwner = await tap(`/t/${g.slug}`, { ownerToken: await tokenFor(owner.userId) });
    expect(asOwner.status).toBe(404);
    expect(await asOwner.text()).toContain("Invalid garment link");
  });

  it("unclaimed: 302 to /claim/:slug, signed in or not", async () => {
    const g = await createGarment(db);
    const res = await tapTwice(`/t/${g.slug}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/claim/${g.slug}`);
    const signedIn = await tap(`/t/${g.slug}`, { ownerToken: await tokenFor(await createUser(db)) });
    expect(signedIn.headers.get("location")).toBe(`/claim/${g.slug}`);
  });

  it("claimed, tapped by its owner: 302 to /dashboard/garment/:id", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const res = await tapTwice(`/t/${g.slug}`, { ownerToken: await tokenFor(owner.userId) });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/dashboard/garment/${g.id}`);
  });

  it("claimed, owner sharing on, anyone else: the shell's /share/:slug page, answered in place", async () => {
    const owner = await createOwner(db, { sharing: true });
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const anonymous = await tapTwice(`/t/${g.slug}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("location")).toBeNull();
    expect(landing(anonymous)).toBe(`in place /share/${g.slug}`);
    const otherUser = await tap(`/t/${g.slug}`, { ownerToken: await tokenFor(await createUser(db)) });
    expect(otherUser.status).toBe(200);
    expect(landing(otherUser)).toBe(`in place /share/${g.slug}`);
  });

  it("claimed, owner sharing off, anyone else: the same page in place (it says it is unavailable)", async () => {
    const owner = await createOwner(db, { sharing: false });
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const res = await tapTwice(`/t/${g.slug}`);
    expect(res.status).toBe(200);
    expect(landing(res)).toBe(`in place /share/${g.slug}`);
    // The owner still lands on their own garment.
    const asOwner = await tap(`/t/${g.slug}`, { ownerToken: await tokenFor(owner.userId) });
    expect(asOwner.headers.get("location")).toBe(`/dashboard/garment/${g.id}`);
  });
});

describe("a garment reported lost or stolen (issue #18)", () => {
  it("anyone, its owner included: the neutral 200 page with the brand's contact, nothing of the owner", async () => {
    for (const status of ["lost", "stolen"] as const) {
      const owner = await createOwner(db, { sharing: true, withActiveEvent: true });
      const g = await createGarment(db, { ownerUserId: owner.userId });
      await setGarmentTagStatus(db, g.id, status);
      const shell = vi.spyOn(env.SHELL, "fetch");
      const answers = [
        await tapTwice(`/t/${g.slug}`),
        await tap(`/t/${g.slug}`, { ownerToken: await tokenFor(await createUser(db)) }),
        await tap(`/t/${g.slug}`, { ownerToken: await tokenFor(owner.userId) }),
      ];
      // Never the share page, not even asked for.
      expect(shell).not.toHaveBeenCalled();
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.headers.get("location")).toBeNull();
        expect(res.headers.get("link")).toBeNull();
        expect(res.headers.get("x-shell-page")).toBeNull();
        expect(res.headers.get("cache-control")).toBe("private, no-store");
        expect(res.headers.get("content-type")).toMatch(/text\/html/);
        expect(res.headers.get("content-security-policy")).toBe(RESOLUTION_FAILED_CSP);
        const html = await res.text();
        expect(html).toContain(`<h1>${REPORTED_MISSING_MESSAGE}</h1>`);
        // The configured address (issue #35), not the wrangler.jsonc placeholder.
        expect(html).toContain(`href="mailto:${env.BRAND_CONTACT_EMAIL}">${env.BRAND_CONTACT_EMAIL}</a>`);
        expect(env.BRAND_CONTACT_EMAIL).not.toBe("care@releve.example.com");
        expect(html).toContain(`<style>${STYLE}</style>`);
        // Nothing of the owner or the garment's other pages: no name, no card, no share or claim link.
        for (const leak of ["Test", "/share/", "/claim/", "/dashboard/", owner.userId, g.slug, "Test Soirée"]) {
          expect(html).not.toContain(leak);
        }
        // Read at leisure: no redirect home.
        expect(html).not.toContain("http-equiv");
      }
      shell.mockRestore();
    }
  });

  it("an unclaimed garment too: the same page, not the claim page", async () => {
    const g = await createGarment(db);
    await setGarmentTagStatus(db, g.id, "lost");
    const res = await tap(`/t/${g.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain(REPORTED_MISSING_MESSAGE);
  });

  it("a deactivated garment stays 'Invalid garment link' (inactive wins)", async () => {
    const g = await createGarment(db, { active: false });
    await setGarmentTagStatus(db, g.id, "stolen");
    const res = await tap(`/t/${g.slug}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Invalid garment link");
  });
});

describe("memo, then KV, then D1 only on a miss", () => {
  it("answers a repeat tap from the memo: no KV read, no D1 query", async () => {
    const g = await createGarment(db);
    expect((await tap(`/t/${g.slug}`)).headers.get("x-tap-source")).toBe("d1");
    const kvReads = vi.spyOn(env.TAP_KV, "get");
    const d1Calls = spyOnD1();
    const again = await tap(`/t/${g.slug}`);
    expect(again.headers.get("x-tap-source")).toBe("memo");
    expect(again.headers.get("location")).toBe(`/claim/${g.slug}`);
    expect(kvReads).not.toHaveBeenCalled();
    expect(d1Calls()).toBe(0);
  });

  it("caches the route on a miss and answers the next tap with zero D1 queries", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const miss = await tap(`/t/${g.slug}`);
    expect(miss.headers.get("x-tap-source")).toBe("d1");
    const listed = await env.TAP_KV.list({ prefix: tapKvKey(g.slug) });
    expect(listed.keys).toHaveLength(1);
    const ttl = (listed.keys[0]?.expiration ?? 0) - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(POSITIVE_TTL_SECONDS - 60);
    expect(ttl).toBeLessThanOrEqual(POSITIVE_TTL_SECONDS + 1);

    forgetMemo(g.slug);
    const d1Calls = spyOnD1();
    const hit = await tap(`/t/${g.slug}`);
    expect(hit.headers.get("x-tap-source")).toBe("kv");
    expect(landing(hit)).toBe(`in place /share/${g.slug}`);
    expect(d1Calls()).toBe(0);
  });

  it("answers from KV alone: with the garment row gone from D1, the cached answer still comes back", async () => {
    const g = await createGarment(db);
    await tap(`/t/${g.slug}`);
    await db.delete(garments).where(eq(garments.id, g.id));
    forgetMemo(g.slug);
    const res = await tap(`/t/${g.slug}`);
    expect(res.headers.get("x-tap-source")).toBe("kv");
    expect(res.headers.get("location")).toBe(`/claim/${g.slug}`);
  });

  it("negatively caches an unknown slug for 60 s, then looks again", async () => {
    const slug = uniqueSlug("nc");
    expect((await tap(`/t/${slug}`)).status).toBe(404);
    const listed = await env.TAP_KV.list({ prefix: tapKvKey(slug) });
    const ttl = (listed.keys[0]?.expiration ?? 0) - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(NEGATIVE_TTL_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(NEGATIVE_TTL_SECONDS + 1);

    // Created behind the cache's back (no coherence call): still unknown while the entry lives.
    await createGarment(db, { slug });
    forgetMemo(slug);
    const d1Calls = spyOnD1();
    const cached = await tap(`/t/${slug}`);
    expect(cached.status).toBe(404);
    expect(cached.headers.get("x-tap-source")).toBe("kv");
    expect(d1Calls()).toBe(0);

    // Once the entry has expired, the next tap reads D1 again.
    await env.TAP_KV.delete(tapKvKey(slug));
    forgetMemo(slug);
    const fresh = await tap(`/t/${slug}`);
    expect(fresh.headers.get("location")).toBe(`/claim/${slug}`);
  });

  it("ignores a malformed KV entry and rewrites it from D1", async () => {
    const g = await createGarment(db);
    await env.TAP_KV.put(tapKvKey(g.slug), JSON.stringify({ v: 1, route: { garmentId: "oops" } }));
    const res = await tap(`/t/${g.slug}`);
    expect(res.headers.get("x-tap-source")).toBe("d1");
    expect(res.headers.get("location")).toBe(`/claim/${g.slug}`);
    expect(await env.TAP_KV.get(tapKvKey(g.slug), "json")).toMatchObject({ v: 1, route: { garmentId: g.id } });
  });

  it("still answers from D1 when KV fails", async () => {
    const g = await createGarment(db);
    vi.spyOn(env.TAP_KV, "get").mockRejectedValue(new Error("KV unavailable"));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const res = await tap(`/t/${g.slug}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/claim/${g.slug}`);
  });

  it("answers a D1 outage with a 503 'Failed to resolve garment link' page, never a 500", async () => {
    const slug = uniqueSlug("down");
    vi.spyOn(env.DB, "prepare").mockImplementation(() => {
      throw new Error("D1 unavailable");
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await tap(`/t/${slug}`);
    expect(res.status).toBe(503);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.text()).toContain("Failed to resolve garment link");
    expect(error).toHaveBeenCalled();
  });
});

describe("bad input gets a defined answer before any lookup", () => {
  const odd = [
    `/t/${"a".repeat(65)}`,
    "/t/mb_001",
    "/t/mb.001",
    "/t/-mb-001",
    "/t/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "/t/%E0%A4%A",
    "/t/%00",
    "/t/mb%20001",
    "/t/caf%C3%A9",
    "/t/",
    "/t",
    "/t/a/b",
  ];

  it.each(odd)("%s answers 404 'Invalid garment link' without touching KV or D1", async (path) => {
    const d1Calls = spyOnD1();
    const kvGet = vi.spyOn(env.TAP_KV, "get");
    const res = await tap(path);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Invalid garment link");
    expect(html).not.toContain("<script>alert");
    expect(d1Calls()).toBe(0);
    expect(kvGet).not.toHaveBeenCalled();
  });

  it("accepts an upper-case tag and a trailing slash as the same slug", async () => {
    const g = await createGarment(db);
    expect((await tap(`/t/${g.slug.toUpperCase()}`)).headers.get("location")).toBe(`/claim/${g.slug}`);
    expect((await tap(`/t/${g.slug}/`)).headers.get("location")).toBe(`/claim/${g.slug}`);
  });
});

describe("responses", () => {
  it("are private, uncached 302s with a referrer policy (never 301)", async () => {
    const g = await createGarment(db);
    for (const res of [await tap(`/t/${g.slug}`), await tap(`/t/${g.slug}`)]) {
      expect(res.status).toBe(302);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-served-by")).toBe("releve-tap");
    }
    const missing = await tap(`/t/${uniqueSlug("zz")}`);
    expect(missing.headers.get("cache-control")).toBe("private, no-store");
    expect(missing.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("answer HEAD like GET, without a body and without a scan", async () => {
    const g = await createGarment(db);
    const unknown = uniqueSlug("zz");
    const sent = sentMessages(g.slug, unknown);
    const res = await tap(`/t/${g.slug}`, { method: "HEAD" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/claim/${g.slug}`);
    expect(await res.text()).toBe("");
    const missing = await tap(`/t/${unknown}`, { method: "HEAD" });
    expect(missing.status).toBe(404);
    expect(sent()).toEqual([]);
  });

  it("go through the real worker entry", async () => {
    const g = await createGarment(db);
    // A dry run: nothing waits on this request's waitUntil here, so it must not open a scan
    // batch that a later test's taps would join (they then wait for a flush they do not own).
    const res = await exports.default.fetch(`http://releve.test/t/${g.slug}`, {
      redirect: "manual",
      headers: { "x-releve-dry-run": await dryRunMarker() },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/claim/${g.slug}`);
    expect(res.headers.get("x-served-by")).toBe("releve-tap");
  });
});

/** What the shell double was sent, from the page it answered. */
async function sentToShell(res: Response) {
  const json = /<script type="application\/json" id="sent">(.*)<\/script>/.exec(await res.text())?.[1];
  const sent = JSON.parse(json ?? "null") as { method: string; path: string; headers: [string, string][] };
  return { ...sent, headers: Object.fromEntries(sent.headers) };
}

async function sharedGarment() {
  const owner = await createOwner(db, { sharing: true });
  return createGarment(db, { ownerUserId: owner.userId });
}

describe("a visitor's tap answers the share page in place (decision 0029)", () => {
  it("is the shell's page with the tap's headers: 200, HTML, canonical /share/:slug, private and uncached", async () => {
    const g = await sharedGarment();
    const res = await tap(`/t/${g.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("link")).toBe(`<http://releve.test/share/${g.slug}>; rel="canonical"`);
    // The tap's own headers replace the shell's.
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-served-by")).toBe("releve-tap");
    expect(res.headers.get("x-tap-source")).toBe("d1");
    // The shell's cookies reach the visitor, as the 302 path's second request would have set them.
    expect(res.headers.getSetCookie()).toEqual(["releve_flash=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"]);
    expect((await sentToShell(res)).path).toBe(`/share/${g.slug}`);
  });

  it("asks the shell for /share/:slug with the visitor's cookies and nothing meant for the tap", async () => {
    const g = await sharedGarment();
    const ownerToken = await tokenFor(await createUser(db));
    const ip = nextIp();
    const res = await tap(`/t/${g.slug.toUpperCase()}/?utm_source=tag`, {
      ownerToken,
      ip,
      headers: {
        "accept-encoding": "gzip",
        "if-none-match": '"abc"',
        "sec-purpose": "prefetch",
        "x-releve-dry-run": "1",
        "cf-ray": "8f00000000000000-CDG",
      },
    });
    const sent = await sentToShell(res);
    expect(sent.method).toBe("GET");
    expect(sent.path).toBe(`/share/${g.slug}`);
    expect(sent.headers.cookie).toBe(`releve_owner=${ownerToken}`);
    expect(sent.headers["user-agent"]).toContain("iPhone");
    expect(sent.headers["cf-connecting-ip"]).toBe(ip);
    expect(sent.headers["cf-ray"]).toBe("8f00000000000000-CDG");
    for (const name of ["accept-encoding", "if-none-match", "sec-purpose", "x-releve-dry-run"]) {
      expect(sent.headers[name], name).toBeUndefined();
    }
  });

  it("one tap is one scan, recorded as before", async () => {
    const g = await sharedGarment();
    const sent = sentMessages(g.slug);
    const res = await tap(`/t/${g.slug}`);
    expect(res.status).toBe(200);
    expect(sent().map((m) => [m.slug, m.viewerKind])).toEqual([[g.slug, "anonymous"]]);
  });

  it("answers HEAD with the shell's status and headers, no body and no scan", async () => {
    const g = await sharedGarment();
    const sent = sentMessages(g.slug);
    const res = await tap(`/t/${g.slug}`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-shell-method")).toBe("HEAD");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.text()).toBe("");
    expect(sent()).toEqual([]);
  });

  it.each([
    ["throws", () => Promise.reject(new Error("shell unavailable")), true],
    ["answers 500", () => Promise.resolve(new Response("boom", { status: 500 })), true],
    ["answers 503", () => Promise.resolve(new Response("busy", { status: 503 })), true],
    ["redirects", () => Promise.resolve(new Response(null, { status: 302, headers: { Location: "/" } })), false],
  ])("falls back to the 302 to /share/:slug when the shell %s", async (_, answer, logged) => {
    const g = await sharedGarment();
    const sent = sentMessages(g.slug);
    const shell = getTapEnv(env).SHELL;
    if (!shell) throw new Error("expected the SHELL binding");
    vi.spyOn(shell, "fetch").mockImplementation(answer);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await tap(`/t/${g.slug}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/share/${g.slug}`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(error).toHaveBeenCalledTimes(logged ? 1 : 0);
    expect(sent()).toHaveLength(1);
  });

  it("falls back to the 302 when the binding is missing", async () => {
    const g = await sharedGarment();
    const tapEnv = getTapEnv(env);
    const shell = tapEnv.SHELL;
    tapEnv.SHELL = undefined;
    try {
      const res = await tap(`/t/${g.slug}`);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/share/${g.slug}`);
    } finally {
      tapEnv.SHELL = shell;
    }
  });

  it("answers the 302 for ?answer=redirect outside production only (the benchmarks' switch)", async () => {
    const g = await sharedGarment();
    const res = await tap(`/t/${g.slug}?answer=redirect`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/share/${g.slug}`);
    const tapEnv = getTapEnv(env);
    tapEnv.APP_ENV = "production";
    try {
      expect(landing(await tap(`/t/${g.slug}?answer=redirect`))).toBe(`in place /share/${g.slug}`);
    } finally {
      tapEnv.APP_ENV = "test";
    }
  });
});

describe("the owner token", () => {
  const secret = new TextEncoder().encode(env.SESSION_SECRET);
  const now = () => Math.floor(Date.now() / 1000);

  async function claimed() {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    return { owner, g };
  }

  it("valid: the owner lands on their garment page", async () => {
    const { owner, g } = await claimed();
    const res = await tap(`/t/${g.slug}`, { ownerToken: await tokenFor(owner.userId) });
    expect(res.headers.get("location")).toBe(`/dashboard/garment/${g.id}`);
  });

  it("expired: treated as no token (visitor share page)", async () => {
    const { owner, g } = await claimed();
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(owner.userId)
      .setIssuer("releve")
      .setAudience("releve:owner")
      .setIssuedAt(now() - 7200)
      .setExpirationTime(now() - 60)
      .sign(secret);
    const res = await tap(`/t/${g.slug}`, { ownerToken: expired });
    expect(res.status).toBe(200);
    expect(landing(res)).toBe(`in place /share/${g.slug}`);
  });

  it("forged (other secret, tampered subject, alg none, garbage): treated as no token", async () => {
    const { owner, g } = await claimed();
    const otherSecret = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(owner.userId)
      .setIssuer("releve")
      .setAudience("releve:owner")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("an-attacker-secret-that-is-long-enough-000"));
    const visitorToken = await tokenFor(await createUser(db));
    const [header, , signature] = visitorToken.split(".");
    const payload = btoa(
      JSON.stringify({ sub: owner.userId, iss: "releve", aud: "releve:owner", iat: now(), exp: now() + 600 }),
    )
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    const tampered = `${header}.${payload}.${signature}`;
    const none = `${btoa('{"alg":"none"}').replace(/=+$/, "")}.${payload}.`;

    for (const token of [otherSecret, tampered, none, "garbage", "a.b.c", "x".repeat(4000)]) {
      const res = await tap(`/t/${g.slug}`, { ownerToken: token });
      expect(res.status, token.slice(0, 20)).toBe(200);
      expect(landing(res)).toBe(`in place /share/${g.slug}`);
    }
  });

  it("kept past logout (its session gone), or its session expired: the share page, as a visitor", async () => {
    const { owner, g } = await claimed();
    const sessionId = await createSession(db, owner.userId);
    const token = await tokenFor(owner.userId, sessionId);
    expect(landing(await tap(`/t/${g.slug}`, { ownerToken: token }))).toBe(`/dashboard/garment/${g.id}`);
    await deleteSession(db, sessionId); // what logout does
    const after = await tap(`/t/${g.slug}`, { ownerToken: token });
    expect(landing(after)).toBe(`in place /share/${g.slug}`);

    const expiredSession = await createSession(db, owner.userId, -1000);
    const stale = await tap(`/t/${g.slug}`, { ownerToken: await tokenFor(owner.userId, expiredSession) });
    expect(landing(stale)).toBe(`in place /share/${g.slug}`);
    // Another user's live session does not make a token for the owner valid.
    const someoneElse = await createSession(db, await createUser(db));
    const borrowed = await tap(`/t/${g.slug}`, { ownerToken: await tokenFor(owner.userId, someoneElse) });
    expect(landing(borrowed)).toBe(`in place /share/${g.slug}`);
  });

  it("without a session in it (minted before tokens named one): treated as no token", async () => {
    const { owner, g } = await claimed();
    const old = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(owner.userId)
      .setIssuer("releve")
      .setAudience("releve:owner")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(secret);
    expect(landing(await tap(`/t/${g.slug}`, { ownerToken: old }))).toBe(`in place /share/${g.slug}`);
  });

  it("only an owner's tap reads the session: a signed-in visitor's tap on a remembered garment reads nothing", async () => {
    const { owner, g } = await claimed();
    const visitorToken = await tokenFor(await createUser(db));
    const ownerToken = await tokenFor(owner.userId);
    await tap(`/t/${g.slug}`); // remembered by this isolate
    const d1Calls = spyOnD1();
    expect(landing(await tap(`/t/${g.slug}`, { ownerToken: visitorToken }))).toBe(`in place /share/${g.slug}`);
    expect(d1Calls()).toBe(0);
    expect(landing(await tap(`/t/${g.slug}`, { ownerToken }))).toBe(`/dashboard/garment/${g.id}`);
    expect(d1Calls()).toBe(1);
  });
});

describe("scans", () => {
  it("a real tap sends one message after the response: ids, viewer, event, place, device", async () => {
    const owner = await createOwner(db, { withActiveEvent: true });
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const sent = sentMessages(g.slug);
    const before = Date.now();
    await tap(`/t/${g.slug}`, {
      ip: nextIp(),
      cf: { city: "Paris", country: "FR" },
    } as Parameters<typeof tap>[1]);
    const [message, ...rest] = sent();
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      v: 1,
      source: "tap",
      slug: g.slug,
      garmentId: g.id,
      ownerUserId: owner.userId,
      viewerKind: "anonymous",
      activeEventId: owner.eventId,
      userAgent: expect.stringContaining("iPhone"),
    });
    expect(message?.scanId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(message?.scannedAt).toBeGreaterThanOrEqual(before);
    // request.cf is the runtime's: the test runner passes ours through, production fills it at the edge.
    expect([message?.city, message?.country]).toEqual(["Paris", "FR"]);
  });

  it("records who tapped: owner, visitor (signed in) or anonymous", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const sent = sentMessages(g.slug);
    await tap(`/t/${g.slug}`, { ownerToken: await tokenFor(owner.userId) });
    await tap(`/t/${g.slug}`, { ownerToken: await tokenFor(await createUser(db)) });
    await tap(`/t/${g.slug}`);
    expect(sent().map((m) => m.viewerKind)).toEqual(["owner", "visitor", "anonymous"]);
  });

  it("is not sent for HEAD, bots, prefetches, link-tester dry runs or unresolvable slugs", async () => {
    const g = await createGarment(db);
    const inactive = await createGarment(db, { active: false });
    const unknown = uniqueSlug("zz");
    const sent = sentMessages(g.slug, inactive.slug, unknown);
    await tap(`/t/${g.slug}`, { method: "HEAD" });
    await tap(`/t/${g.slug}`, {
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    await tap(`/t/${g.slug}`, { userAgent: "WhatsApp/2.23.20.0" });
    await tap(`/t/${g.slug}`, { userAgent: "facebookexternalhit/1.1" });
    await tap(`/t/${g.slug}`, { headers: { "sec-purpose": "prefetch" } });
    await tap(`/t/${g.slug}`, { headers: { "x-releve-dry-run": await dryRunMarker() } });
    await tap(`/t/${inactive.slug}`);
    await tap(`/t/${unknown}`);
    expect(sent()).toEqual([]);
    // The same slug, tapped by a person, is a scan.
    await tap(`/t/${g.slug}`);
    expect(sent()).toHaveLength(1);
  });

  it("a dry-run marker the shell did not sign is ignored: a bare '1', a forged, expired or owner token taps as usual", async () => {
    const g = await createGarment(db);
    const sent = sentMessages(g.slug);
    const forged = await new SignJWT({ viewer: "visitor" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("someone")
      .setIssuer("releve")
      .setAudience("releve:dry-run")
      .setIssuedAt()
      .setExpirationTime("60s")
      .sign(new TextEncoder().encode("not-the-secret-".repeat(4)));
    const expired = await signDryRunToken(env.SESSION_SECRET, { viewer: "visitor", adminUserId: "a" }, -10);
    const ownerToken = await tokenFor(await createUser(db));
    for (const marker of ["1", forged, expired, ownerToken]) {
      const res = await tap(`/t/${g.slug}`, { headers: { "x-releve-dry-run": marker } });
      expect(res.status).toBe(302);
      expect(res.headers.get("x-releve-dry-run-result")).toBeNull();
    }
    expect(sent()).toHaveLength(4);
  });

  it("a signed dry run answers as a real tap, records no scan, and says where the answer came from", async () => {
    const owner = await createOwner(db, { sharing: false });
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const sent = sentMessages(g.slug);
    const visitor = await tap(`/t/${g.slug}`, { headers: { "x-releve-dry-run": await dryRunMarker() } });
    const asOwner = await tap(`/t/${g.slug}`, { headers: { "x-releve-dry-run": await dryRunMarker("owner") } });
    expect(sent()).toEqual([]);
    expect(landing(asOwner)).toBe(`/dashboard/garment/${g.id}`);
    expect(JSON.parse(asOwner.headers.get("x-releve-dry-run-result") ?? "null")).toMatchObject({
      found: true,
      garmentStatus: "claimed",
      viewer: "owner",
      action: "redirect",
      target: `/dashboard/garment/${g.id}`,
      source: "memo",
      cacheAgrees: true,
    });
    expect(JSON.parse(visitor.headers.get("x-releve-dry-run-result") ?? "null")).toMatchObject({
      found: true,
      viewer: "anonymous",
      outcome: "share_unavailable",
      target: `/share/${g.slug}`,
      source: "d1",
      cacheAgrees: null,
    });
    // KV now holds a record that D1 no longer agrees with: the dry run says so.
    await db.update(garments).set({ is_active: false }).where(eq(garments.id, g.id));
    forgetMemo(g.slug);
    const stale = await tap(`/t/${g.slug}`, { headers: { "x-releve-dry-run": await dryRunMarker() } });
    expect(JSON.parse(stale.headers.get("x-releve-dry-run-result") ?? "null")).toMatchObject({
      source: "kv",
      cacheAgrees: false,
    });
    expect(sent()).toEqual([]);
  });

  it("a tap on a missing garment is one scan marked 'missing', with its place and time, for the brand", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    await setGarmentTagStatus(db, g.id, "stolen");
    const sent = sentMessages(g.slug);
    const before = Date.now();
    const res = await tap(`/t/${g.slug}`, { cf: { city: "Lyon", country: "FR" } } as Parameters<typeof tap>[1]);
    expect(res.status).toBe(200);
    const [message, ...rest] = sent();
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      source: "tap",
      scanType: "missing",
      slug: g.slug,
      garmentId: g.id,
      viewerKind: "anonymous",
      city: "Lyon",
      country: "FR",
    });
    expect(message?.scannedAt).toBeGreaterThanOrEqual(before);
    // An ordinary tap carries no mark.
    const plain = await createGarment(db);
    const sentPlain = sentMessages(plain.slug);
    await tap(`/t/${plain.slug}`);
    expect(sentPlain()[0]).not.toHaveProperty("scanType");
  });

  it("a missing garment's HEAD, bot, prefetch or dry run is no scan", async () => {
    const g = await createGarment(db);
    await setGarmentTagStatus(db, g.id, "lost");
    const sent = sentMessages(g.slug);
    const head = await tap(`/t/${g.slug}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    await tap(`/t/${g.slug}`, {
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    await tap(`/t/${g.slug}`, { userAgent: "WhatsApp/2.23.20.0" });
    await tap(`/t/${g.slug}`, { headers: { "sec-purpose": "prefetch" } });
    await tap(`/t/${g.slug}`, { headers: { "x-releve-dry-run": await dryRunMarker() } });
    expect(sent()).toEqual([]);
    await tap(`/t/${g.slug}`);
    expect(sent()).toHaveLength(1);
  });

  it("burst guard: a burst from one IP on one slug is one scan; the redirect still answers every time", async () => {
    const g = await createGarment(db);
    const sent = sentMessages(g.slug);
    const ip = nextIp();
    // The burst id is per minute: a burst straddling a minute's end is rightly two scans. Start it
    // with 10 s of the minute left at least, so this one is one.
    const left = BURST_WINDOW_MS - (Date.now() % BURST_WINDOW_MS);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    for (let i = 0; i < 5; i++) {
      const res = await tap(`/t/${g.slug}`, { ip });
      expect(res.status).toBe(302);
    }
    await tap(`/t/${g.slug}`, { ip: nextIp() });
    const ids = sent().map((m) => m.scanId);
    // One message per (IP, slug, minute) leaves this isolate. Across isolates the shared id is
    // what makes the count exact: scan-jobs stores each id once (see its tests).
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  }, 20_000); // it may wait up to 10 s for a fresh minute

  it("burst guard on the sender network: five addresses of one IPv6 /64 are one scan, another /64 another (issue #28)", async () => {
    const g = await createGarment(db);
    const sent = sentMessages(g.slug);
    const left = BURST_WINDOW_MS - (Date.now() % BURST_WINDOW_MS);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    for (const ip of [
      "2001:db8:77:1::1",
      "2001:db8:77:1::2",
      "2001:db8:77:1:a::b",
      "2001:db8:77:1:ffff::1",
      "2001:db8:77:1:9:9:9:9",
    ]) {
      expect((await tap(`/t/${g.slug}`, { ip })).status).toBe(302);
    }
    await tap(`/t/${g.slug}`, { ip: "2001:db8:77:2::1" });
    const ids = sent().map((m) => m.scanId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  }, 20_000); // it may wait up to 10 s for a fresh minute

  it("a burst of taps leaves the isolate in fewer queue calls than taps, every scan in one of them", async () => {
    const g = await createGarment(db);
    await tap(`/t/${g.slug}`, { headers: { "x-releve-dry-run": await dryRunMarker() } }); // warms the memo, no scan
    const sendBatch = vi.spyOn(env.SCANS, "sendBatch");
    await Promise.all(Array.from({ length: 6 }, () => tap(`/t/${g.slug}`, { ip: nextIp() })));
    const ours = sendBatch.mock.calls
      .map(([batch]) => [...batch].filter((m) => (m.body as { slug: string }).slug === g.slug))
      .filter((batch) => batch.length > 0);
    expect(ours.flat()).toHaveLength(6);
    expect(ours.length).toBeLessThan(6);
  });

  it("a tap that joins a batch another request opened leaves with that request's flush", async () => {
    const first = await createGarment(db);
    const second = await createGarment(db);
    const sent = sentMessages(first.slug, second.slug);
    // The first tap opens the batch in a request whose waitUntil this test does not wait for.
    const opener = await exports.default.fetch(`http://releve.test/t/${first.slug}`, {
      redirect: "manual",
      headers: { "cf-connecting-ip": nextIp(), "user-agent": "Mozilla/5.0 (Linux; Android 15) Mobile Safari/537.36" },
    });
    expect(opener.status).toBe(302);
    const joiner = await tap(`/t/${second.slug}`);
    expect(joiner.status).toBe(302);
    await vi.waitFor(() => expect(sent().map((m) => m.slug)).toEqual([first.slug, second.slug]), { timeout: 10_000 });
  });

  it("still redirects when the queue is down", async () => {
    const g = await createGarment(db);
    vi.spyOn(env.SCANS, "sendBatch").mockRejectedValue(new Error("queue unavailable"));
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await tap(`/t/${g.slug}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/claim/${g.slug}`);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("not enqueued"), expect.any(Error));
  });
});

describe("the link tester's dry run (issue #20)", () => {
  type Row = { name: string; slug: string; owner?: string; scans: boolean };
  async function rows(): Promise<Row[]> {
    const sharing = await createOwner(db, { sharing: true });
    const private_ = await createOwner(db, { sharing: false });
    const shared = await createGarment(db, { ownerUserId: sharing.userId });
    const unshared = await createGarment(db, { ownerUserId: private_.userId });
    const lost = await createGarment(db, { ownerUserId: sharing.userId });
    await setGarmentTagStatus(db, lost.id, "lost");
    return [
      { name: "unknown slug", slug: uniqueSlug("zz"), scans: false },
      { name: "not a slug", slug: "Not%20a%20slug!", scans: false },
      { name: "inactive", slug: (await createGarment(db, { active: false })).slug, scans: false },
      { name: "unclaimed", slug: (await createGarment(db)).slug, scans: true },
      { name: "claimed, visitor, sharing on", slug: shared.slug, scans: true },
      { name: "claimed, visitor, sharing off", slug: unshared.slug, scans: true },
      { name: "claimed, owner", slug: shared.slug, owner: sharing.userId, scans: true },
      { name: "missing, visitor", slug: lost.slug, scans: true },
      { name: "missing, owner", slug: lost.slug, owner: sharing.userId, scans: true },
    ];
  }

  it("answers what a real tap answers, for every tap-rule row, and only the real tap is a scan", async () => {
    for (const row of await rows()) {
      // Rows share garments (visitor and owner): count only what this row's taps send.
      const all = sentMessages(decodeURIComponent(row.slug));
      const earlier = all().length;
      const real = () => all().slice(earlier);
      const dry = await tap(`/t/${row.slug}`, {
        headers: { "x-releve-dry-run": await dryRunMarker(row.owner ? "owner" : "visitor") },
      });
      expect(real(), `${row.name}: the dry run sent no scan`).toEqual([]);
      const ownerToken = row.owner ? await tokenFor(row.owner) : undefined;
      const actual = await tap(`/t/${row.slug}`, ownerToken ? { ownerToken } : {});
      expect(dry.status, row.name).toBe(actual.status);
      expect(dry.headers.get("location"), row.name).toBe(actual.headers.get("location"));
      expect(landing(dry), row.name).toBe(landing(actual));
      expect(dry.headers.get("x-releve-dry-run-result"), row.name).not.toBeNull();
      expect(actual.headers.get("x-releve-dry-run-result"), row.name).toBeNull();
      expect(real(), `${row.name}: the real tap's scan`).toHaveLength(row.scans ? 1 : 0);
    }
  });
});
