import { env } from "cloudflare:workers";
import { OWNER_TOKEN_COOKIE, signOwnerToken } from "@releve/core/owner-token";
import { type ScanMessage, ScanMessageSchema } from "@releve/core/scan-message";
import { getDb } from "@releve/db";
import { deleteSession } from "@releve/db/accounts";
import {
  createGarment,
  createOwner,
  createSession,
  setGarmentTagStatus,
  uniqueSlug,
} from "@releve/db/testing/factories";
import { beforeEach, describe, expect, it } from "vitest";
import { api } from "../app/api";

// POST /api/scans inside workerd on the real local D1, KV and Queue bindings, called through
// the real API app so its error handling is the one under test. The queue binding is watched:
// every message still goes to the real local queue.

const SECRET = env.SESSION_SECRET;
const db = getDb(env.DB);
let sent: ScanMessage[] = [];

const watchedEnv = {
  ...env,
  SCANS: {
    send: async (message: unknown, options?: QueueSendOptions) => {
      sent.push(ScanMessageSchema.parse(message));
      await env.SCANS.send(message, options);
    },
  },
};

beforeEach(() => {
  sent = [];
});

async function post(body: unknown, headers: Record<string, string> = {}) {
  const pending: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => pending.push(p), passThroughOnException() {}, props: {} };
  const res = await api.request(
    "/scans",
    {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "192.0.2.10", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    watchedEnv,
    ctx as unknown as ExecutionContext,
  );
  await Promise.all(pending);
  return res;
}

type ErrorJson = { error: { code: string; message: string; requestId: string; details?: Record<string, string[]> } };

describe("POST /api/scans", () => {
  it("queues the spec's log-scan body as a scan and answers 202 {scan_id}", async () => {
    const owner = await createOwner(db, { withActiveEvent: true });
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const ua =
      "Mozilla/5.0 (Linux; Android 15; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
    const res = await post({
      short_slug: g.slug,
      device_info: { user_agent: ua, screen_size: "412x915", timestamp: new Date().toISOString() },
    });
    expect(res.status).toBe(202);
    const { scan_id } = (await res.json()) as { scan_id: string };
    expect(scan_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent).toEqual([
      expect.objectContaining({
        scanId: scan_id,
        source: "api",
        slug: g.slug,
        garmentId: g.id,
        ownerUserId: owner.userId,
        viewerKind: "anonymous",
        activeEventId: owner.eventId,
        userAgent: ua,
      }),
    ]);
  });

  it("logs a garment reported lost or stolen as a 'missing' scan, as its tap does (issue #18)", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    await setGarmentTagStatus(db, g.id, "stolen");
    const res = await post({ short_slug: g.slug });
    expect(res.status).toBe(202);
    expect(sent).toEqual([expect.objectContaining({ slug: g.slug, garmentId: g.id, scanType: "missing" })]);
  });

  it("knows the owner by the owner token, and falls back to the User-Agent header", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const token = await signOwnerToken(SECRET, {
      userId: owner.userId,
      sessionId: await createSession(db, owner.userId),
    });
    const res = await post(
      { short_slug: g.slug.toUpperCase() },
      {
        cookie: `${OWNER_TOKEN_COOKIE}=${token}`,
        "user-agent": "Mozilla/5.0 (iPhone)",
        "cf-connecting-ip": "192.0.2.11",
      },
    );
    expect(res.status).toBe(202);
    expect(sent[0]).toMatchObject({ viewerKind: "owner", slug: g.slug, userAgent: "Mozilla/5.0 (iPhone)" });

    await post(
      { short_slug: g.slug },
      { cookie: `${OWNER_TOKEN_COOKIE}=forged.token.value`, "cf-connecting-ip": "192.0.2.12" },
    );
    expect(sent[1]).toMatchObject({ viewerKind: "anonymous" });
  });

  it("does not count the owner's token as the owner once its session has ended (logout)", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const sessionId = await createSession(db, owner.userId);
    const cookie = `${OWNER_TOKEN_COOKIE}=${await signOwnerToken(SECRET, { userId: owner.userId, sessionId })}`;
    await post({ short_slug: g.slug }, { cookie, "cf-connecting-ip": "192.0.2.13" });
    expect(sent[0]).toMatchObject({ viewerKind: "owner" });
    await deleteSession(db, sessionId); // what logout does
    await post({ short_slug: g.slug }, { cookie, "cf-connecting-ip": "192.0.2.14" });
    expect(sent[1]).toMatchObject({ viewerKind: "anonymous" });
  });

  it("gives a burst from one IP on one slug one scan id", async () => {
    const g = await createGarment(db);
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const res = await post({ short_slug: g.slug }, { "cf-connecting-ip": "192.0.2.20" });
      ids.push(((await res.json()) as { scan_id: string }).scan_id);
    }
    expect(new Set(ids).size).toBe(1);
  });

  it("answers 404 for an unknown or inactive garment, and queues nothing", async () => {
    const inactive = await createGarment(db, { active: false });
    for (const slug of [uniqueSlug("zz"), inactive.slug]) {
      const res = await post({ short_slug: slug });
      expect(res.status).toBe(404);
      const body = (await res.json()) as ErrorJson;
      expect(body.error).toMatchObject({ code: "not_found", message: "Invalid garment link" });
      expect(body.error.requestId).toBeTruthy();
    }
    expect(sent).toEqual([]);
  });

  it("answers 400 with the one error shape for bad input, and queues nothing", async () => {
    const cases: Array<[unknown, string | null]> = [
      ["{not json", null],
      [[], null],
      [{}, "short_slug"],
      [{ short_slug: 42 }, "short_slug"],
      [{ short_slug: "" }, "short_slug"],
      [{ short_slug: "a".repeat(65) }, "short_slug"],
      [{ short_slug: "mb_001" }, "short_slug"],
      [{ short_slug: "<script>" }, "short_slug"],
      [{ short_slug: "mb-001", device_info: { user_agent: "x".repeat(2000) } }, "device_info"],
      [{ short_slug: "mb-001", device_info: "iPhone" }, "device_info"],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const json = (await res.json()) as ErrorJson;
      expect(json.error.code).toBe("bad_request");
      expect(json.error.requestId).toBeTruthy();
      if (field) expect(Object.keys(json.error.details ?? {})).toContain(field);
    }
    expect(sent).toEqual([]);
  });
});
