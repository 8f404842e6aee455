import { env, exports } from "cloudflare:workers";
import { type ScanMessage, ScanMessageSchema } from "@releve/core/tap/scan-message";
import { getDb } from "@releve/db";
import { createGarment, createOwner } from "@releve/db/testing/factories";
import { afterEach, describe, expect, it, vi } from "vitest";

// Issue #28: the tap is the only scan path. The spec's client-side log-scan (`POST /api/scans`)
// let anyone add scans (no sign-in, a caller-chosen user agent, a secure garment's scans as
// ordinary taps), so it is gone (the burst guard on the sender network: workers/tap/test).
// Called through the real shell (exports.default) and the real queue, whose producer is watched.

const db = getDb(env.DB);
const ORIGIN = "http://releve.test";
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 15; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every scan message the shell or the tap hands to the queue from now on. */
function watchQueue() {
  const send = vi.spyOn(env.SCANS, "send");
  const sendBatch = vi.spyOn(env.SCANS, "sendBatch");
  return (): ScanMessage[] => [
    ...send.mock.calls.map(([body]) => ScanMessageSchema.parse(body)),
    ...sendBatch.mock.calls.flatMap(([batch]) => [...batch].map((m) => ScanMessageSchema.parse(m.body))),
  ];
}

describe("POST /api/scans is gone (issue #28)", () => {
  it("answers 404 to the spec's log-scan body, from a phone or curl, and queues nothing", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const sent = watchQueue();
    for (const userAgent of [PHONE_UA, "curl/8.5.0"]) {
      const res = await exports.default.fetch(`${ORIGIN}/api/scans`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: ORIGIN,
          "User-Agent": userAgent,
          "CF-Connecting-IP": "192.0.2.10",
        },
        body: JSON.stringify({ short_slug: g.slug, device_info: { user_agent: PHONE_UA } }),
      });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
    expect(sent()).toEqual([]);
  });
});
