import { env, exports } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { createGarment, createOwner } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";

const call = (path: string, init?: RequestInit) => exports.default.fetch(`http://releve.test${path}`, init);

describe("the shell worker", () => {
  it("answers /api/health from the real local D1 with the migrated schema", async () => {
    await env.DB.prepare("insert into garments (short_slug, brand) values ('zz-001', 'Relevé')").run();
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
