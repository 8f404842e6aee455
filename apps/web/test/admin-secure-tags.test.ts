import { env } from "cloudflare:workers";
import type { AuditEntry } from "@releve/core/platform/admin-api";
import type { AdminTag, ProgrammedTag } from "@releve/core/tags/contracts";
import type { ScanHistoryPage, ScanHistoryRow } from "@releve/core/tap/contracts";
import { getDb, scans } from "@releve/db";
import { loadTapRoute, readCachedTapRoute } from "@releve/db/tap/cache";
import { describe, expect, it } from "vitest";
import { adminApiCallers, json } from "./admin-support";

// Issue #21, the admin's side of secure tags: registering a tag as an NTAG 424 DNA (UID and
// key version, audited, pushed to the tap record), its encoder settings (never a key), and the
// counterfeit alerts (suspect scans) in scan history.

const db = getDb(env.DB);
const { call } = adminApiCallers();

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

const program = async () =>
  json<ProgrammedTag>(await call("admin", "POST", "/tags", { name: "Silk Scarf", garment_type: "Accessories" }), 201);

const randomUid = () =>
  `04${[...crypto.getRandomValues(new Uint8Array(6))].map((b) => b.toString(16).padStart(2, "0")).join("")}`.toUpperCase();

describe("POST /api/admin/tags/:id/secure", () => {
  it("registers the tag as a secure NTAG 424 DNA: audited, in the tap record, with its encoder settings", async () => {
    const { tag } = await program();
    const slug = tag.garment?.slug ?? "";
    const uid = randomUid();
    const typed = uid.match(/../g)?.join(":").toLowerCase();
    const secured = await json<AdminTag>(
      await call("admin", "POST", `/tags/${tag.id}/secure`, { uid: typed, key_version: 3 }),
    );
    expect(secured).toMatchObject({ uid, tagType: "NTAG424", secure: { keyVersion: 3 } });
    const encoder = secured.secure?.encoder;
    expect(encoder?.urlTemplate).toBe(`${tag.garment?.url}?e=${"0".repeat(32)}&c=${"0".repeat(16)}`);
    expect(encoder).toMatchObject({ piccDataTag: "C7", keyVersion: 3 });
    expect(encoder?.macInputOffset).toBe(encoder?.macOffset);
    // Never a key: no 16-byte hex value in the answer but the template's zeros.
    expect(JSON.stringify(secured).replace(/0{32}|0{16}/g, "")).not.toMatch(/[0-9a-f]{32}/i);

    // The tap's record (D1 and the rewritten KV record) now asks for verification.
    expect(await loadTapRoute(env.DB, slug)).toMatchObject({ secure: { uid, keyVersion: 3 } });
    expect(await readCachedTapRoute(env.TAP_KV, slug)).toMatchObject({ secure: { uid, keyVersion: 3 } });

    const { entries } = await json<{ entries: AuditEntry[] }>(await call("admin", "GET", "/audit"));
    expect(entries.find((e) => e.action === "tag.secure" && e.targetId === String(tag.id))).toBeTruthy();
  });

  it("refuses a UID that is not 7 bytes, a bad key version, a UID another tag holds, a tag without garment; changes nothing", async () => {
    const { tag } = await program();
    const other = await program();
    const held = randomUid();
    await json(await call("admin", "POST", `/tags/${other.tag.id}/secure`, { uid: held, key_version: 1 }));
    const cases: [unknown, number, string][] = [
      [{ uid: "04A23B4C", key_version: 1 }, 400, "A secure tag's UID is 7 bytes, like 04:DE:5F:1E:AC:C0:40."],
      [
        { uid: "not hex at all", key_version: 1 },
        400,
        "A tag UID is 4, 7 or 10 bytes in hex, like 04:A2:3B:4C:5D:6E:7F.",
      ],
      [{ uid: randomUid(), key_version: 0 }, 400, "The key version must be a whole number from 1 to 65535."],
      [{ uid: randomUid(), key_version: 1.5 }, 400, "The key version must be a whole number from 1 to 65535."],
      [{ uid: randomUid(), key_version: "1" }, 400, "The key version must be a whole number from 1 to 65535."],
      [{ uid: held, key_version: 1 }, 409, `The UID ${held} is already on tag ${other.tag.chipId}.`],
    ];
    for (const [body, status, message] of cases) {
      const res = await call("admin", "POST", `/tags/${tag.id}/secure`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await errorOf(res)).message, JSON.stringify(body)).toBe(message);
    }
    const unchanged = await json<AdminTag>(await call("admin", "GET", `/tags/${tag.id}`));
    expect(unchanged).toMatchObject({ secure: null, tagType: "NTAG213" });
    expect((await call("client", "POST", `/tags/${tag.id}/secure`, { uid: randomUid(), key_version: 1 })).status).toBe(
      403,
    );
    expect((await call("visitor", "POST", `/tags/${tag.id}/secure`, { uid: randomUid(), key_version: 1 })).status).toBe(
      401,
    );
  });
});

describe("GET /api/admin/scans/recent?type=suspect", () => {
  it("lists only the suspect taps, each with its reason; refuses another type", async () => {
    const { tag } = await program();
    const slug = tag.garment?.slug ?? "";
    const at = new Date();
    await db.insert(scans).values([
      {
        id: `s-${crypto.randomUUID()}`,
        short_slug: slug,
        viewer_kind: "anonymous",
        scan_type: "suspect",
        suspect_reason: "replay",
        city: "Milan",
        created_at: at,
      },
      { id: `t-${crypto.randomUUID()}`, short_slug: slug, viewer_kind: "anonymous", scan_type: "tap", created_at: at },
    ]);
    const { scans: alerts } = await json<{ scans: ScanHistoryRow[] }>(
      await call("admin", "GET", "/scans/recent?type=suspect"),
    );
    expect(alerts.length).toBeGreaterThan(0);
    for (const s of alerts) expect(s.scanType).toBe("suspect");
    expect(alerts.find((s) => s.slug === slug)).toMatchObject({ suspectReason: "replay", city: "Milan" });
    const { scans: all } = await json<{ scans: ScanHistoryRow[] }>(await call("admin", "GET", "/scans/recent"));
    expect(
      all
        .filter((s) => s.slug === slug)
        .map((s) => s.scanType)
        .sort(),
    ).toEqual(["suspect", "tap"]);
    const bad = await call("admin", "GET", "/scans/recent?type=tap");
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe("type is 'suspect' or absent.");
  });

  it("pages scan history by keyset: 130 taps at the same instant come 100 then 30, each once", async () => {
    const slug = `tie-${crypto.randomUUID().slice(0, 8)}`;
    // Ahead of every other scan, all at one instant: the id breaks the tie.
    const at = new Date(Date.now() + 86_400_000);
    const made = Array.from({ length: 130 }, (_, i) => ({
      id: `k-${String(i).padStart(3, "0")}-${crypto.randomUUID()}`,
      short_slug: slug,
      viewer_kind: "anonymous" as const,
      scan_type: "tap" as const,
      created_at: at,
    }));
    for (let i = 0; i < made.length; i += 10) await db.insert(scans).values(made.slice(i, i + 10));
    const first = await json<ScanHistoryPage>(await call("admin", "GET", "/scans/recent"));
    expect(first.scans).toHaveLength(100);
    expect(first.scans.every((s) => s.slug === slug)).toBe(true);
    expect(first.nextCursor).toMatch(/^\d+_k-/);
    const second = await json<ScanHistoryPage>(
      await call("admin", "GET", `/scans/recent?before=${encodeURIComponent(first.nextCursor ?? "")}`),
    );
    const ours = [...first.scans, ...second.scans].filter((s) => s.slug === slug).map((s) => s.id);
    expect(ours).toHaveLength(130);
    expect(new Set(ours)).toEqual(new Set(made.map((m) => m.id)));
    expect(second.scans.findIndex((s) => s.slug !== slug)).toBe(30 < second.scans.length ? 30 : -1);
    for (const bad of ["x", "12_", "12-4", "12_a b"])
      expect((await call("admin", "GET", `/scans/recent?before=${encodeURIComponent(bad)}`)).status, bad).toBe(400);
  });
});
