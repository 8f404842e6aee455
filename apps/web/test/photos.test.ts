import { env, exports } from "cloudflare:workers";
import {
  JPEG_37X21,
  PHOTO_SAMPLES,
  type PhotoSample,
  PNG_37X21,
  sampleBytes as sampleArray,
  WEBP_LOSSY_37X21,
} from "@releve/core/fixtures/photos/samples";
import {
  type GarmentPhoto,
  PHOTO_CARD_MAX_BYTES,
  PHOTO_CARD_MESSAGES,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  photoKeyType,
} from "@releve/core/wardrobe/photo";
import { getDb } from "@releve/db";
import { createGarment, createOwner } from "@releve/db/testing/factories";
import { deliverPending } from "@releve/verbs/testing/effects";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../app/features/accounts/session.server";
import { loader as shareLoader } from "../app/features/sharing/share";
import { adminApiCallers, json, ORIGIN } from "./admin-support";
import { args, routeContext } from "./route-support";

// Garment photos (issue #19) through the real shell (CSRF, security headers, /api, /photos/*)
// on the real local D1 and R2 bindings: every refusal is checked against the bucket's listing
// and the garment's row, not only the answer.

const db = getDb(env.DB);
/** A sample's bytes as a fetch body takes them. */
const sampleBytes = (sample: PhotoSample) => new Uint8Array(sampleArray(sample));
const { cookies, accounts, call: adminCall } = adminApiCallers();
let ownerCookie = "";
let ownerUserId = "";

beforeAll(async () => {
  const owner = await createOwner(db);
  ownerUserId = owner.userId;
  ownerCookie = (await createSession(db, new Request(ORIGIN), owner.userId)).cookie.split(";")[0] ?? "";
});

type Who = "owner" | "client" | "admin" | "visitor";
const cookieOf = (who: Who) => (who === "owner" ? ownerCookie : who === "visitor" ? null : cookies[who]);

function photoCall(who: Who, method: string, garmentId: number | string, body?: BodyInit, type?: string) {
  const headers: Record<string, string> = { Origin: ORIGIN };
  const cookie = cookieOf(who);
  if (cookie) headers.Cookie = cookie;
  if (type) headers["Content-Type"] = type;
  return exports.default.fetch(`${ORIGIN}/api/garments/${garmentId}/photo`, { method, headers, body });
}

const put = (who: Who, id: number | string, bytes: BodyInit, type = "image/jpeg") =>
  photoCall(who, "PUT", id, bytes, type);
const patch = (who: Who, id: number, body: unknown) =>
  photoCall(who, "PATCH", id, JSON.stringify(body), "application/json");

/**
 * The bucket's keys once every change's event is delivered: the objects a change lets go are
 * deleted by the event's consumer (issue #48), as the events queue would shortly after.
 */
async function bucketKeys(): Promise<string[]> {
  await deliverPending(db);
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.PHOTOS.list({ cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

async function photoRow(garmentId: number) {
  return env.DB.prepare("select photo_key, photo_width, photo_height, photo_public from garments where id = ?")
    .bind(garmentId)
    .first<{
      photo_key: string | null;
      photo_width: number | null;
      photo_height: number | null;
      photo_public: number;
    }>();
}

const ownedGarment = () => createGarment(db, { ownerUserId });
const keyOf = (photo: GarmentPhoto) => photo.url.replace(/^\/photos\//, "");

type ErrorJson = { error: { code: string; message: string; details?: { reason?: string } } };

describe("PUT /api/garments/:id/photo (the owner)", () => {
  it.each(Object.entries(PHOTO_SAMPLES) as [string, PhotoSample][])(
    "accepts %s and stores it with its size and checked type",
    async (_name, sample) => {
      const g = await ownedGarment();
      // The declared type is ignored: the bytes decide.
      const { photo } = await json<{ photo: GarmentPhoto }>(
        await put("owner", g.id, sampleBytes(sample), "text/plain"),
      );
      expect(photo).toMatchObject({ width: sample.width, height: sample.height, public: false });
      expect(photo.url).toMatch(/^\/photos\/[0-9a-f]{32}\.(webp|png|jpg)$/);
      const key = keyOf(photo);
      expect(photoKeyType(key)).toBe(sample.type);
      expect(await photoRow(g.id)).toEqual({
        photo_key: key,
        photo_width: sample.width,
        photo_height: sample.height,
        photo_public: 0,
      });
      const object = await env.PHOTOS.get(key);
      expect(object?.httpMetadata?.contentType).toBe(sample.type);
      expect(new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(sampleBytes(sample));
    },
  );

  const text = new TextEncoder().encode("just some notes, renamed to look like a photo\n");
  const png = sampleBytes(PNG_37X21);
  const polyglotPng = new Uint8Array([...png, ...new TextEncoder().encode("<html><script>alert(1)</script></html>")]);
  const jpeg = sampleBytes(JPEG_37X21);
  // Markup in a JPEG comment segment (COM, FF FE) near the head: a well-formed JPEG, and HTML to a sniffer.
  const markup = new TextEncoder().encode("<svg onload=alert(1)>");
  const com = new Uint8Array([0xff, 0xfe, 0, markup.length + 2, ...markup]);
  const polyglotJpeg = new Uint8Array([...jpeg.slice(0, 2), ...com, ...jpeg.slice(2)]);
  const huge = new Uint8Array(PHOTO_MAX_BYTES + 1024 * 1024);
  huge.set(png.slice(0, 8));
  const streamOf = (bytes: Uint8Array) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.slice(at, at + 64 * 1024));
        controller.close();
      },
    });

  it.each([
    ["a text file named .png", () => text, "unsupported_type"],
    ["an empty body", () => new Uint8Array(0), "empty"],
    ["a 6 MB file (Content-Length)", () => huge, "too_large"],
    ["a 6 MB file streamed without Content-Length", () => streamOf(huge), "too_large"],
    ["a PNG with HTML after its end", () => polyglotPng, "polyglot"],
    ["a JPEG with SVG markup in a comment", () => polyglotJpeg, "polyglot"],
    ["a truncated PNG", () => png.slice(0, png.length - 20), "malformed"],
  ] as const)("refuses %s with 400 and its message, storing nothing in R2 or D1", async (_name, body, reason) => {
    const g = await ownedGarment();
    const before = await bucketKeys();
    const res = await put("owner", g.id, body(), "image/png");
    const error = await json<ErrorJson>(res, 400);
    expect(error.error).toMatchObject({ code: "bad_request", message: PHOTO_MESSAGES[reason], details: { reason } });
    expect(await bucketKeys()).toEqual(before);
    expect(await photoRow(g.id)).toEqual({ photo_key: null, photo_width: null, photo_height: null, photo_public: 0 });
  });

  it("stops reading an endless body soon after the cap instead of holding it all", async () => {
    const g = await ownedGarment();
    const before = await bucketKeys();
    const chunk = new Uint8Array(256 * 1024);
    const total = 64 * 1024 * 1024;
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk.slice());
      },
    });
    const error = await json<ErrorJson>(await put("owner", g.id, endless), 400);
    expect(error.error.message).toBe(PHOTO_MESSAGES.too_large);
    // The cap, then at most the bounded drain of a body past it (OVERFLOW_DRAIN_LIMIT, 2 MB) and what
    // the binding's pipe buffers ahead: far from the 64 MB offered.
    expect(pulled).toBeLessThan(PHOTO_MAX_BYTES + 4 * 1024 * 1024);
    expect(await bucketKeys()).toEqual(before);
  });

  it("keeps the current photo when a replacement is refused", async () => {
    const g = await ownedGarment();
    const { photo } = await json<{ photo: GarmentPhoto }>(await put("owner", g.id, sampleBytes(JPEG_37X21)));
    const before = await bucketKeys();
    await json(await put("owner", g.id, polyglotPng), 400);
    expect(await bucketKeys()).toEqual(before);
    expect((await photoRow(g.id))?.photo_key).toBe(keyOf(photo));
    // Still served (to its owner: it is not on the card).
    expect((await exports.default.fetch(`${ORIGIN}${photo.url}`, { headers: { Cookie: ownerCookie } })).status).toBe(
      200,
    );
  });

  it("replaces: the new object is stored, the old one deleted, its URL answers 404", async () => {
    const g = await ownedGarment();
    const first = (await json<{ photo: GarmentPhoto }>(await put("owner", g.id, sampleBytes(JPEG_37X21)))).photo;
    await json(await patch("owner", g.id, { public: true }));
    const second = (await json<{ photo: GarmentPhoto }>(await put("owner", g.id, sampleBytes(WEBP_LOSSY_37X21)))).photo;
    expect(second.url).not.toBe(first.url);
    // The owner's choice to show the photo stays with the garment.
    expect(second).toMatchObject({ width: 37, height: 21, public: true });
    const keys = await bucketKeys();
    expect(keys).toContain(keyOf(second));
    expect(keys).not.toContain(keyOf(first));
    expect((await exports.default.fetch(`${ORIGIN}${first.url}`)).status).toBe(404);
    expect((await exports.default.fetch(`${ORIGIN}${second.url}`)).status).toBe(200);
  });
});

describe("who may change a garment's photo", () => {
  it.each([
    ["visitor", 401],
    ["client", 404],
    ["admin", 404],
  ] as const)("PUT, PATCH and DELETE as a %s answer %i and change nothing", async (who, status) => {
    const g = await ownedGarment();
    const { photo } = await json<{ photo: GarmentPhoto }>(await put("owner", g.id, sampleBytes(PNG_37X21)));
    const keys = await bucketKeys();
    const row = await photoRow(g.id);
    for (const res of [
      await put(who, g.id, sampleBytes(JPEG_37X21)),
      await patch(who, g.id, { public: true }),
      await photoCall(who, "DELETE", g.id),
    ]) {
      const body = await json<ErrorJson>(res, status);
      if (status === 404) expect(body.error.message).toBe("Garment not found");
    }
    expect(await bucketKeys()).toEqual(keys);
    expect(await photoRow(g.id)).toEqual(row);
    // Still served (to its owner: it is not on the card).
    expect((await exports.default.fetch(`${ORIGIN}${photo.url}`, { headers: { Cookie: ownerCookie } })).status).toBe(
      200,
    );
  });

  it("answers a garment that does not exist as one that is not theirs, and a bad id with 400", async () => {
    const res = await put("owner", 2_000_000_000, sampleBytes(PNG_37X21));
    expect((await json<ErrorJson>(res, 404)).error.message).toBe("Garment not found");
    await json(await put("owner", "abc", sampleBytes(PNG_37X21)), 400);
  });

  it("refuses a request from another origin with 403 (CSRF)", async () => {
    const g = await ownedGarment();
    const res = await exports.default.fetch(`${ORIGIN}/api/garments/${g.id}/photo`, {
      method: "PUT",
      headers: { Cookie: ownerCookie, Origin: "https://evil.example" },
      body: sampleBytes(PNG_37X21),
    });
    await json(res, 403);
    expect((await photoRow(g.id))?.photo_key).toBeNull();
  });

  it("the owner toggles the photo on the share card and deletes it: gone from R2, its URL 404", async () => {
    const g = await ownedGarment();
    const { photo } = await json<{ photo: GarmentPhoto }>(await put("owner", g.id, sampleBytes(JPEG_37X21)));
    expect((await json<{ photo: GarmentPhoto }>(await patch("owner", g.id, { public: true }))).photo.public).toBe(true);
    expect((await photoRow(g.id))?.photo_public).toBe(1);
    expect((await json<{ photo: GarmentPhoto }>(await patch("owner", g.id, { public: false }))).photo.public).toBe(
      false,
    );
    await json(await patch("owner", g.id, { public: "yes" }), 400);
    await json(await patch("owner", g.id, { public: true, extra: 1 }), 400);
    expect(await json(await photoCall("owner", "DELETE", g.id))).toEqual({ photo: null });
    expect(await bucketKeys()).not.toContain(keyOf(photo));
    expect(await photoRow(g.id)).toMatchObject({ photo_key: null, photo_width: null, photo_height: null });
    const served = await exports.default.fetch(`${ORIGIN}${photo.url}`);
    expect(served.status).toBe(404);
    expect(await served.text()).toBe("Not found");
    // Nothing left to delete: still 200, still nothing.
    expect(await json(await photoCall("owner", "DELETE", g.id))).toEqual({ photo: null });
  });
});

describe("/api/admin/garments/:id/photo", () => {
  it("answers a visitor 401 and a client 403, changing nothing", async () => {
    const g = await ownedGarment();
    for (const [who, status] of [
      ["visitor", 401],
      ["client", 403],
    ] as const) {
      const headers: Record<string, string> = { Origin: ORIGIN };
      if (who === "client") headers.Cookie = cookies.client;
      const res = await exports.default.fetch(`${ORIGIN}/api/admin/garments/${g.id}/photo`, {
        method: "PUT",
        headers,
        body: sampleBytes(PNG_37X21),
      });
      await json(res, status);
      await json(await adminCallAs(who, "DELETE", g.id), status);
    }
    expect((await photoRow(g.id))?.photo_key).toBeNull();
  });

  it("lets an admin set, replace and remove any garment's photo, audited", async () => {
    const unclaimed = await createGarment(db);
    const put1 = await exports.default.fetch(`${ORIGIN}/api/admin/garments/${unclaimed.id}/photo`, {
      method: "PUT",
      headers: { Origin: ORIGIN, Cookie: cookies.admin },
      body: sampleBytes(PNG_37X21),
    });
    const first = (await json<{ photo: GarmentPhoto }>(put1)).photo;
    expect(first).toMatchObject({ width: 37, height: 21, public: false });
    const put2 = await exports.default.fetch(`${ORIGIN}/api/admin/garments/${unclaimed.id}/photo`, {
      method: "PUT",
      headers: { Origin: ORIGIN, Cookie: cookies.admin },
      body: sampleBytes(WEBP_LOSSY_37X21),
    });
    const second = (await json<{ photo: GarmentPhoto }>(put2)).photo;
    expect(await bucketKeys()).not.toContain(keyOf(first));
    expect(await json(await adminCall("admin", "DELETE", `/garments/${unclaimed.id}/photo`))).toEqual({ photo: null });
    expect(await bucketKeys()).not.toContain(keyOf(second));
    const audit = await env.DB.prepare(
      "select action, admin_email, before, after from admin_audit_log where target_type = 'garment' and target_id = ? order by id",
    )
      .bind(String(unclaimed.id))
      .all<{ action: string; admin_email: string; before: string; after: string }>();
    expect(audit.results.map((r) => [r.action, r.admin_email])).toEqual([
      ["garment.photo_set", accounts.adminEmail],
      ["garment.photo_set", accounts.adminEmail],
      ["garment.photo_remove", accounts.adminEmail],
    ]);
    expect(JSON.parse(audit.results[1]?.before ?? "{}")).toMatchObject({ photo_key: keyOf(first) });
    expect(JSON.parse(audit.results[2]?.after ?? "{}")).toEqual({
      photo_key: null,
      photo_width: null,
      photo_height: null,
      photo_card_key: null,
    });
  });

  it("refuses a bad file or an unknown garment, storing nothing", async () => {
    const before = await bucketKeys();
    const g = await createGarment(db);
    const bad = await exports.default.fetch(`${ORIGIN}/api/admin/garments/${g.id}/photo`, {
      method: "PUT",
      headers: { Origin: ORIGIN, Cookie: cookies.admin },
      body: new TextEncoder().encode("not an image"),
    });
    expect((await json<ErrorJson>(bad, 400)).error.message).toBe(PHOTO_MESSAGES.unsupported_type);
    const missing = await exports.default.fetch(`${ORIGIN}/api/admin/garments/2000000000/photo`, {
      method: "PUT",
      headers: { Origin: ORIGIN, Cookie: cookies.admin },
      body: sampleBytes(PNG_37X21),
    });
    await json(missing, 404);
    await json(await adminCall("admin", "DELETE", "/garments/2000000000/photo"), 404);
    expect(await bucketKeys()).toEqual(before);
  });
});

function adminCallAs(who: "visitor" | "client", method: string, garmentId: number) {
  return adminCall(who, method, `/garments/${garmentId}/photo`);
}

describe("GET /photos/:key", () => {
  it("serves the bytes with the checked type, immutable caching, an ETag and nosniff; HEAD too; 304 on a match", async () => {
    const g = await ownedGarment();
    await json<{ photo: GarmentPhoto }>(await put("owner", g.id, sampleBytes(WEBP_LOSSY_37X21)));
    // Shown on the card (issue #28: a hidden one is its owner's only, below).
    const { photo } = await json<{ photo: GarmentPhoto }>(await patch("owner", g.id, { public: true }));
    // With the owner's session cookie: the answer is the same for everyone, so still cacheable.
    for (const cookie of [undefined, ownerCookie]) {
      const res = await exports.default.fetch(`${ORIGIN}${photo.url}`, { headers: cookie ? { Cookie: cookie } : {} });
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("image/webp");
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("ETag")).toMatch(/^"[0-9a-f]+"$/);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(sampleBytes(WEBP_LOSSY_37X21));
    }
    const head = await exports.default.fetch(`${ORIGIN}${photo.url}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("image/webp");
    expect(head.headers.get("Content-Length")).toBe(String(sampleBytes(WEBP_LOSSY_37X21).length));
    expect(await head.text()).toBe("");
    const etag = head.headers.get("ETag") ?? "";
    const again = await exports.default.fetch(`${ORIGIN}${photo.url}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(await again.text()).toBe("");
    const stale = await exports.default.fetch(`${ORIGIN}${photo.url}`, { headers: { "If-None-Match": '"0000"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it("serves a photo not shown on the card to its owner and staff only, private, no-store; anyone else 404 (issue #28)", async () => {
    const g = await ownedGarment();
    const { photo } = await json<{ photo: GarmentPhoto }>(await put("owner", g.id, sampleBytes(WEBP_LOSSY_37X21)));
    expect(photo.public).toBe(false);
    for (const who of ["owner", "admin"] as const) {
      const res = await exports.default.fetch(`${ORIGIN}${photo.url}`, { headers: { Cookie: cookieOf(who) ?? "" } });
      expect(res.status, who).toBe(200);
      expect(res.headers.get("Cache-Control"), who).toBe("private, no-store");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(sampleBytes(WEBP_LOSSY_37X21));
    }
    for (const who of ["visitor", "client"] as const) {
      const cookie = cookieOf(who);
      for (const method of ["GET", "HEAD"]) {
        const res = await exports.default.fetch(`${ORIGIN}${photo.url}`, {
          method,
          headers: cookie ? { Cookie: cookie } : {},
        });
        expect(res.status, `${who} ${method}`).toBe(404);
        // Not kept by a cache either: the owner may show it later under this very key.
        expect(res.headers.get("Cache-Control"), who).toBe("no-store");
        await res.arrayBuffer();
      }
    }
  });

  it("hiding a shown photo moves it to new keys: the old URLs (photo and card) answer 404 to everyone", async () => {
    const g = await ownedGarment();
    await json(await put("owner", g.id, sampleBytes(JPEG_37X21)));
    const card = await exports.default.fetch(`${ORIGIN}/api/garments/${g.id}/photo/card`, {
      method: "PUT",
      headers: { Origin: ORIGIN, Cookie: ownerCookie, "Content-Type": "image/jpeg" },
      body: sampleBytes(JPEG_37X21),
    });
    expect(card.status).toBe(200);
    const shown = (await json<{ photo: GarmentPhoto }>(await patch("owner", g.id, { public: true }))).photo;
    const oldUrls = [shown.url, shown.cardUrl ?? ""];
    expect(oldUrls[1]).toMatch(/^\/photos\//);
    for (const url of oldUrls) expect((await exports.default.fetch(`${ORIGIN}${url}`)).status).toBe(200);

    const hidden = (await json<{ photo: GarmentPhoto }>(await patch("owner", g.id, { public: false }))).photo;
    expect(hidden.public).toBe(false);
    expect([hidden.url, hidden.cardUrl]).not.toContain(shown.url);
    expect([hidden.url, hidden.cardUrl]).not.toContain(shown.cardUrl);
    const keys = await bucketKeys();
    for (const url of oldUrls) {
      expect(keys).not.toContain(url.replace(/^\/photos\//, ""));
      for (const cookie of [undefined, ownerCookie]) {
        const res = await exports.default.fetch(`${ORIGIN}${url}`, { headers: cookie ? { Cookie: cookie } : {} });
        expect(res.status).toBe(404);
        await res.arrayBuffer();
      }
    }
    // The owner still sees the same bytes under the new keys; visitors do not.
    const mine = await exports.default.fetch(`${ORIGIN}${hidden.url}`, { headers: { Cookie: ownerCookie } });
    expect(mine.status).toBe(200);
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(sampleBytes(JPEG_37X21));
    expect((await exports.default.fetch(`${ORIGIN}${hidden.url}`)).status).toBe(404);
    // Shown again: the new keys serve everyone.
    await json(await patch("owner", g.id, { public: true }));
    const again = await exports.default.fetch(`${ORIGIN}${hidden.url}`);
    expect(again.status).toBe(200);
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    await again.arrayBuffer();
  });

  it.each([
    ["an unknown key", `${"0".repeat(32)}.jpg`],
    ["an upper-case key", `${"A".repeat(32)}.jpg`],
    ["another extension", `${"0".repeat(32)}.svg`],
    ["a short key", "abc.png"],
    ["a traversal", "..%2F..%2Fetc%2Fpasswd"],
    ["a key with a suffix", `${"0".repeat(32)}.jpg.html`],
  ])("answers %s with a plain 404", async (_name, key) => {
    for (const method of ["GET", "HEAD"]) {
      const res = await exports.default.fetch(`${ORIGIN}/photos/${key}`, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(await res.text()).toBe(method === "GET" ? "Not found" : "");
    }
  });
});

describe("the share card", () => {
  it("carries the photo only once the owner makes it public", async () => {
    const g = await ownedGarment();
    const load = async () => {
      const request = new Request(`${ORIGIN}/share/${g.slug}`);
      const data = (await shareLoader(args(request, routeContext(db), { slug: g.slug }))) as {
        share: { photo?: unknown };
      };
      return data.share.photo;
    };
    expect(await load()).toBeNull();
    const { photo } = await json<{ photo: GarmentPhoto }>(await put("owner", g.id, sampleBytes(JPEG_37X21)));
    expect(await load()).toBeNull();
    await json(await patch("owner", g.id, { public: true }));
    expect(await load()).toEqual({ url: photo.url, width: 37, height: 21 });
    await json(await photoCall("owner", "DELETE", g.id));
    expect(await load()).toBeNull();
  });
});

/** The JPEG sample with its frame (SOFn) saying `width` x `height`: still a well-formed JPEG to inspectPhoto. */
function jpegSized(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = sampleBytes(JPEG_37X21);
  let at = 2;
  while (bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (marker >= 0xc0 && marker <= 0xc3) {
      bytes.set([height >> 8, height & 0xff, width >> 8, width & 0xff], at + 5);
      return bytes;
    }
    at += 2 + length;
  }
  throw new Error("no SOF in the JPEG sample");
}

async function cardKeyOf(garmentId: number) {
  const row = await env.DB.prepare("select photo_card_key from garments where id = ?")
    .bind(garmentId)
    .first<{ photo_card_key: string | null }>();
  return row?.photo_card_key ?? null;
}

const putCard = (who: Who, id: number | string, bytes: BodyInit) => {
  const headers: Record<string, string> = { Origin: ORIGIN, "Content-Type": "image/webp" };
  const cookie = cookieOf(who);
  if (cookie) headers.Cookie = cookie;
  return exports.default.fetch(`${ORIGIN}/api/garments/${id}/photo/card`, { method: "PUT", headers, body: bytes });
};

describe("PUT /api/garments/:id/photo/card (the card-size rendition, decision 0039)", () => {
  it("stores a rendition of the photo's shape under its own key and answers cardUrl; a new one replaces it", async () => {
    const g = await ownedGarment();
    // A 1110 x 630 photo (37:21 scaled by 30), its card 37 x 21: the same shape.
    const { photo } = await json<{ photo: GarmentPhoto }>(await put("owner", g.id, jpegSized(1110, 630)));
    expect(photo.cardUrl).toBeNull();
    const withCard = (await json<{ photo: GarmentPhoto }>(await putCard("owner", g.id, sampleBytes(WEBP_LOSSY_37X21))))
      .photo;
    expect(withCard).toMatchObject({ url: photo.url, width: 1110, height: 630, public: false });
    expect(withCard.cardUrl).toMatch(/^\/photos\/[0-9a-f]{32}\.webp$/);
    const cardKey = withCard.cardUrl?.replace(/^\/photos\//, "") ?? "";
    expect(await cardKeyOf(g.id)).toBe(cardKey);
    expect((await env.PHOTOS.get(cardKey))?.httpMetadata?.contentType).toBe("image/webp");
    // 640 x 363 is 37:21 within 2% (636 x 363 would be exact).
    const again = (await json<{ photo: GarmentPhoto }>(await putCard("owner", g.id, jpegSized(640, 363)))).photo;
    expect(again.cardUrl).not.toBe(withCard.cardUrl);
    const keys = await bucketKeys();
    expect(keys).not.toContain(cardKey);
    expect(keys).toContain(again.cardUrl?.replace(/^\/photos\//, ""));
    expect((await exports.default.fetch(`${ORIGIN}${withCard.cardUrl}`)).status).toBe(404);
  });

  it("refuses a garment without a photo with 409, storing nothing", async () => {
    const g = await ownedGarment();
    const before = await bucketKeys();
    const error = await json<ErrorJson>(await putCard("owner", g.id, sampleBytes(WEBP_LOSSY_37X21)), 409);
    expect(error.error).toMatchObject({ code: "conflict", message: PHOTO_CARD_MESSAGES.no_photo });
    expect(await bucketKeys()).toEqual(before);
    expect(await cardKeyOf(g.id)).toBeNull();
  });

  it.each([
    ["an edge over 640 px", () => jpegSized(1110, 630), PHOTO_CARD_MESSAGES.too_wide],
    ["another shape (square for 37:21)", () => jpegSized(37, 37), PHOTO_CARD_MESSAGES.aspect],
    ["a shape 3% off (37 x 20.4)", () => jpegSized(370, 204), PHOTO_CARD_MESSAGES.aspect],
    ["a text file", () => new TextEncoder().encode("not an image at all"), PHOTO_MESSAGES.unsupported_type],
    ["an empty body", () => new Uint8Array(0), PHOTO_MESSAGES.empty],
    ["a truncated PNG", () => sampleBytes(PNG_37X21).slice(0, -20), PHOTO_MESSAGES.malformed],
    ["over 1 MB", () => new Uint8Array(PHOTO_CARD_MAX_BYTES + 1), PHOTO_CARD_MESSAGES.too_large],
  ] as const)("refuses %s with 400 and its message, keeping the current card", async (_name, body, message) => {
    const g = await ownedGarment();
    await json(await put("owner", g.id, sampleBytes(JPEG_37X21)));
    const { photo } = await json<{ photo: GarmentPhoto }>(await putCard("owner", g.id, sampleBytes(PNG_37X21)));
    const before = await bucketKeys();
    const error = await json<ErrorJson>(await putCard("owner", g.id, body()), 400);
    expect(error.error).toMatchObject({ code: "bad_request", message });
    expect(await bucketKeys()).toEqual(before);
    expect(await cardKeyOf(g.id)).toBe(photo.cardUrl?.replace(/^\/photos\//, ""));
  });

  it("a new photo or the photo's removal deletes its card object and clears the key", async () => {
    const g = await ownedGarment();
    await json(await put("owner", g.id, sampleBytes(JPEG_37X21)));
    const first = (await json<{ photo: GarmentPhoto }>(await putCard("owner", g.id, sampleBytes(PNG_37X21)))).photo;
    const replaced = (await json<{ photo: GarmentPhoto }>(await put("owner", g.id, sampleBytes(WEBP_LOSSY_37X21))))
      .photo;
    expect(replaced.cardUrl).toBeNull();
    expect(await cardKeyOf(g.id)).toBeNull();
    expect(await bucketKeys()).not.toContain(first.cardUrl?.replace(/^\/photos\//, ""));
    const second = (await json<{ photo: GarmentPhoto }>(await putCard("owner", g.id, sampleBytes(PNG_37X21)))).photo;
    expect(await json(await photoCall("owner", "DELETE", g.id))).toEqual({ photo: null });
    expect(await cardKeyOf(g.id)).toBeNull();
    const keys = await bucketKeys();
    expect(keys).not.toContain(second.cardUrl?.replace(/^\/photos\//, ""));
    expect(keys).not.toContain(keyOf(second));
  });

  it.each([
    ["visitor", 401],
    ["client", 404],
    ["admin", 404],
  ] as const)("answers a %s %i and changes nothing", async (who, status) => {
    const g = await ownedGarment();
    await json(await put("owner", g.id, sampleBytes(JPEG_37X21)));
    const keys = await bucketKeys();
    const body = await json<ErrorJson>(await putCard(who, g.id, sampleBytes(PNG_37X21)), status);
    if (status === 404) expect(body.error.message).toBe("Garment not found");
    expect(await bucketKeys()).toEqual(keys);
    expect(await cardKeyOf(g.id)).toBeNull();
  });

  it("lets an admin set any garment's card, audited; the admin's new photo and removal delete it", async () => {
    const g = await createGarment(db);
    const adminPut = (path: string, body: Uint8Array<ArrayBuffer>) =>
      exports.default.fetch(`${ORIGIN}/api/admin/garments/${g.id}/photo${path}`, {
        method: "PUT",
        headers: { Origin: ORIGIN, Cookie: cookies.admin },
        body,
      });
    expect((await json<ErrorJson>(await adminPut("/card", sampleBytes(PNG_37X21)), 409)).error.message).toBe(
      PHOTO_CARD_MESSAGES.no_photo,
    );
    await json(await adminPut("", sampleBytes(JPEG_37X21)));
    const { photo } = await json<{ photo: GarmentPhoto }>(await adminPut("/card", sampleBytes(PNG_37X21)));
    const cardKey = photo.cardUrl?.replace(/^\/photos\//, "") ?? "";
    expect(await cardKeyOf(g.id)).toBe(cardKey);
    expect((await json<ErrorJson>(await adminPut("/card", jpegSized(37, 37)), 400)).error.message).toBe(
      PHOTO_CARD_MESSAGES.aspect,
    );
    const audit = await env.DB.prepare(
      "select action, after from admin_audit_log where target_type = 'garment' and target_id = ? order by id",
    )
      .bind(String(g.id))
      .all<{ action: string; after: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(["garment.photo_set", "garment.photo_card_set"]);
    expect(JSON.parse(audit.results[1]?.after ?? "{}")).toEqual({ photo_card_key: cardKey });
    await json(await adminPut("", sampleBytes(WEBP_LOSSY_37X21)));
    expect(await bucketKeys()).not.toContain(cardKey);
    await json(await adminPut("/card", sampleBytes(PNG_37X21)));
    const second = await cardKeyOf(g.id);
    await json(await adminCall("admin", "DELETE", `/garments/${g.id}/photo`));
    expect(await bucketKeys()).not.toContain(second);
    expect(await cardKeyOf(g.id)).toBeNull();
    const client = await exports.default.fetch(`${ORIGIN}/api/admin/garments/${g.id}/photo/card`, {
      method: "PUT",
      headers: { Origin: ORIGIN, Cookie: cookies.client },
      body: sampleBytes(PNG_37X21),
    });
    await json(client, 403);
  });

  it("the share card shows the card rendition, with the full photo's width and height", async () => {
    const g = await ownedGarment();
    const { photo } = await json<{ photo: GarmentPhoto }>(await put("owner", g.id, jpegSized(1110, 630)));
    await json(await patch("owner", g.id, { public: true }));
    const card = (await json<{ photo: GarmentPhoto }>(await putCard("owner", g.id, sampleBytes(PNG_37X21)))).photo;
    const request = new Request(`${ORIGIN}/share/${g.slug}`);
    const data = (await shareLoader(args(request, routeContext(db), { slug: g.slug }))) as {
      share: { photo?: unknown };
    };
    expect(card.cardUrl).not.toBe(photo.url);
    expect(data.share.photo).toEqual({ url: card.cardUrl, width: 1110, height: 630 });
  });
});
