import { env, exports } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { createGarment, createOwner } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";

const call = (path: string, init?: RequestInit) => exports.default.fetch(`http://releve.test${path}`, init);

describe("the shell worker", () => {
  it("answers /api/health from the real local D1 with the migrated schema", async () => {
    const db = getDb(env.DB);
    await createGarment(db, { fields: { brand: "Relevé" } });
    const res = await call("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, garments: 1 });
  });

  it("answers an unknown API route with the one error shape and a request id, not a page", async () => {
    const res = await call("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await res.json()) as { error: { code: string; message: string; requestId: string } };
    expect(body.error.code).toBe("not_found");
    expect(body.error.message).toBe("No API route for GET /api/no-such-thing");
    expect(body.error.requestId).toMatch(/\S{8,}/);
    expect(res.headers.get("cf-ray")).toBe(body.error.requestId);
  });

  it("forwards /t/* to the tap worker over the service binding", async () => {
    const res = await call("/t/anything", { redirect: "manual" });
    expect(res.headers.get("x-served-by")).toBe("releve-tap");
    expect(res.status).toBe(404);
  });

  it("a visitor's tap comes back from the tap as this shell's /share/<slug> page, in one answer", async () => {
    const db = getDb(env.DB);
    const owner = await createOwner(db, { sharing: true });
    const g = await createGarment(db, { ownerUserId: owner.userId });
    // Shell -> TAP -> tap -> SHELL -> shell: the tap asks for /share/<slug>, never /t/ (no loop).
    const res = await call(`/t/${g.slug}`, { redirect: "manual" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-served-by")).toBe("releve-tap");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.text()).toBe(`page /share/${g.slug}`);
  });

  it("hands every other path to the page renderer", async () => {
    const res = await call("/learn-more");
    expect(await res.text()).toBe("page /learn-more");
  });
});

describe("the shell's response headers (issue #17)", () => {
  const baseline = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "strict-transport-security": "max-age=31536000; includeSubDomains",
  };
  const expectBaseline = (res: Response) => {
    for (const [name, value] of Object.entries(baseline)) expect(res.headers.get(name), name).toBe(value);
    const csp = res.headers.get("content-security-policy") ?? "";
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "default-src 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).toMatch(/script-src 'self' 'nonce-[\w+/=]{20,}'(;|$)/);
  };

  it("a page gets the baseline and a CSP whose nonce is the one handed to the renderer, fresh per response", async () => {
    const first = await call("/learn-more");
    const second = await call("/learn-more");
    expectBaseline(first);
    const nonce = first.headers.get("x-test-nonce") ?? "";
    expect(nonce).toMatch(/^[\w+/=]{20,}$/);
    expect(first.headers.get("content-security-policy")).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(first.headers.get("content-security-policy")).toContain(`style-src 'self' 'nonce-${nonce}' 'sha256-`);
    expect(second.headers.get("x-test-nonce")).not.toBe(nonce);
  });

  it("keeps a public page's own caching for a visitor, and makes it private once a session cookie is sent", async () => {
    const visitor = await call("/blog?cache=public%2C%20max-age%3D300");
    expect(visitor.headers.get("cache-control")).toBe("public, max-age=300");
    const signedIn = await call("/blog?cache=public%2C%20max-age%3D300", {
      headers: { cookie: "releve_session=any-token" },
    });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect((await call("/dashboard", { headers: { cookie: "releve_session=x" } })).headers.get("cache-control")).toBe(
      "private, no-store",
    );
  });

  it("makes every .data request and every /api answer private, and anything setting a cookie", async () => {
    expect((await call("/blog.data?cache=public%2C%20max-age%3D300")).headers.get("cache-control")).toBe(
      "private, no-store",
    );
    expect((await call("/_root.data")).headers.get("cache-control")).toBe("private, no-store");
    for (const res of [await call("/api/health"), await call("/api/no-such-thing")]) {
      expectBaseline(res);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("refusals carry them too: a cross-site POST", async () => {
    const res = await call("/api/garments/1/photo", { method: "PATCH", headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expectBaseline(res);
  });

  it("a URL carrying a secret (a token, a card id, a tag code) is not sent on as a referrer", async () => {
    for (const path of [
      "/reset-password?token=abc",
      "/contact?id=0123",
      "/tap-register?code=x",
      "/auth/verified?token=t",
    ]) {
      expect((await call(path)).headers.get("referrer-policy"), path).toBe("same-origin");
    }
  });

  it("sends no HSTS on localhost", async () => {
    const local = await exports.default.fetch("http://localhost:4173/api/health");
    expect(local.headers.get("x-frame-options")).toBe("DENY");
    expect(local.headers.has("strict-transport-security")).toBe(false);
  });

  it("the tap's answers through the shell keep the tap's own policy (its failure page's style hash)", async () => {
    const res = await call("/t/no-such-slug", { redirect: "manual" });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src 'sha256-/);
    for (const [name, value] of Object.entries(baseline)) expect(res.headers.get(name), name).toBe(value);
  });
});
