import { env } from "cloudflare:workers";
import type { InstagramPost } from "@releve/core/site/contracts";
import type { BrandEvent, CreatedClient, ProgrammedTag, TagBatch } from "@releve/core/tags/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { adminApiCallers, json } from "./admin-support";

// Issue #28 deliverable 5 (decision 0042): a lone UTF-16 surrogate sent in any JSON field of
// the admin API is a 400 naming the field, and nothing is written.

const { call } = adminApiCallers();

const HIGH = "\ud800";
const LOW = "\udfff";

type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };

const TABLES = [
  "garments",
  "nfc_tags",
  "nfc_tag_batches",
  "users",
  "profiles",
  "contacts",
  "events",
  "instagram_posts",
  "admin_audit_log",
];

/** Every table the admin API writes, counted, and the rows a refused update could touch. */
async function snapshot(rows: { tagId: number; postId: number }) {
  const counts = await Promise.all(
    TABLES.map(async (t) => [t, (await env.DB.prepare(`select count(*) as n from ${t}`).first<{ n: number }>())?.n]),
  );
  const tag = await env.DB.prepare("select * from nfc_tags where id = ?").bind(rows.tagId).first();
  const post = await env.DB.prepare("select * from instagram_posts where id = ?").bind(rows.postId).first();
  return { counts: Object.fromEntries(counts), tag, post };
}

let client: CreatedClient;
let tag: ProgrammedTag;
let batch: TagBatch;
let post: InstagramPost;

beforeAll(async () => {
  client = await json<CreatedClient>(
    await call("admin", "POST", "/clients", {
      first_name: "Inès",
      last_name: "Laurent",
      email: `text-${crypto.randomUUID().slice(0, 8)}@example.com`,
    }),
    201,
  );
  tag = await json<ProgrammedTag>(
    await call("admin", "POST", "/tags", { name: "Silk Scarf", garment_type: "Accessories" }),
    201,
  );
  batch = await json<TagBatch>(
    await call("admin", "POST", "/tag-batches", { batch_name: `Text ${crypto.randomUUID().slice(0, 6)}` }),
    201,
  );
  post = await json<InstagramPost>(await call("admin", "POST", "/instagram-posts", { image_url: "/a.jpg" }), 201);
});

/**
 * Each JSON body of /api/admin with a string field, a valid body, and every string field in it;
 * `path` and `body` are functions so they can name the rows made in beforeAll.
 */
type Case = {
  route: string;
  method: string;
  path: () => string;
  body: () => Record<string, unknown>;
  fields: string[];
};
const CASES: Case[] = [
  {
    route: "program a tag",
    method: "POST",
    path: () => "/tags",
    body: () => ({ name: "Coat", garment_type: "Jacket", color: "Navy", sku: "SKU-1" }),
    fields: ["name", "color", "sku"],
  },
  {
    route: "a tag's write error",
    method: "POST",
    path: () => `/tags/${tag.tag.id}/write-result`,
    body: () => ({ ok: false, error: "Tag lost" }),
    fields: ["error"],
  },
  {
    route: "a tag's written UID",
    method: "POST",
    path: () => `/tags/${tag.tag.id}/write-result`,
    body: () => ({ ok: true, uid: "04A23B4C5D6E7F" }),
    fields: ["uid"],
  },
  {
    route: "a tag's status change",
    method: "POST",
    path: () => `/tags/${tag.tag.id}/status`,
    body: () => ({ action: "deactivate", reason: "Reported lost" }),
    fields: ["reason"],
  },
  {
    route: "a secure tag",
    method: "POST",
    path: () => `/tags/${tag.tag.id}/secure`,
    body: () => ({ uid: "04DE5F1EACC040", key_version: 1 }),
    fields: ["uid"],
  },
  {
    route: "a tag batch",
    method: "POST",
    path: () => "/tag-batches",
    body: () => ({ batch_name: "Winter", description: "Boutique stock" }),
    fields: ["batch_name", "description"],
  },
  {
    route: "a batch's programming",
    method: "POST",
    path: () => `/tag-batches/${batch.id}/program`,
    body: () => ({ garment_type: "Dress", count: 1, name: "Gown", color: "Red", sku_prefix: "GW" }),
    fields: ["name", "color", "sku_prefix"],
  },
  {
    route: "a batch's import",
    method: "POST",
    path: () => `/tag-batches/${batch.id}/import`,
    body: () => ({ csv: "uid,slug\n04A23B4C5D6E7F,mb-001" }),
    fields: ["csv"],
  },
  {
    route: "a client",
    method: "POST",
    path: () => "/clients",
    body: () => ({ first_name: "Léa", last_name: "Roux", email: `lea-${crypto.randomUUID().slice(0, 6)}@example.com` }),
    fields: ["first_name", "last_name", "email"],
  },
  {
    route: "a brand event",
    method: "POST",
    path: () => "/events",
    body: () => ({ name: "Salon Privé" }),
    fields: ["name"],
  },
  {
    route: "a guest",
    method: "POST",
    path: () => "/guests",
    body: () => ({
      client_id: client.profileId,
      first_name: "Hélène",
      last_name: "Dubois",
      email: "helene@example.com",
      phone: "+33 6 11 22 33 44",
      notes: "Met at the salon",
    }),
    fields: ["first_name", "last_name", "email", "phone", "notes"],
  },
  {
    route: "a new post",
    method: "POST",
    path: () => "/instagram-posts",
    body: () => ({ image_url: "/b.jpg", caption: "Autumn", permalink: "https://instagram.example/p/1" }),
    fields: ["image_url", "caption", "permalink"],
  },
  {
    route: "a post's update",
    method: "PUT",
    path: () => `/instagram-posts/${post.id}`,
    body: () => ({ image_url: "/c.jpg", caption: "Winter", permalink: "https://instagram.example/p/2" }),
    fields: ["image_url", "caption", "permalink"],
  },
  {
    route: "the QA link tester",
    method: "POST",
    path: () => "/qa/link-test",
    body: () => ({ slug: "mb-001", viewer: "visitor" }),
    fields: ["slug"],
  },
  {
    route: "the QA URL suite",
    method: "POST",
    path: () => "/qa/url-suite",
    body: () => ({ slug: "mb-001" }),
    fields: ["slug"],
  },
];

const FIELD_CASES = CASES.flatMap((c) => c.fields.map((field) => [c.route, field, c] as const));

describe("a lone surrogate in any admin JSON field (issue #28)", () => {
  it.each(FIELD_CASES)("%s: %s is refused with 400 naming it, and nothing changes", async (_route, field, c) => {
    for (const broken of [`${HIGH}`, `ok ${LOW} ok`]) {
      const before = await snapshot({ tagId: tag.tag.id, postId: post.id });
      const res = await call("admin", c.method, c.path(), { ...c.body(), [field]: broken });
      expect(res.status, await res.clone().text()).toBe(400);
      const { error } = (await res.json()) as ErrorBody;
      expect(error.code).toBe("bad_request");
      expect(Object.keys(error.details ?? {})).toContain(field);
      expect(error.details?.[field]?.join(" ")).toMatch(/lone UTF-16 surrogate|broken character/);
      expect(await snapshot({ tagId: tag.tag.id, postId: post.id })).toEqual(before);
    }
  });

  it("refuses one in the device_info the programmer reports, key or value", async () => {
    for (const device_info of [{ platform: `Android${HIGH}` }, { [`os${LOW}`]: "Android" }]) {
      const before = await snapshot({ tagId: tag.tag.id, postId: post.id });
      const res = await call("admin", "POST", `/tags/${tag.tag.id}/write-result`, { ok: true, device_info });
      expect(res.status).toBe(400);
      expect(Object.keys(((await res.json()) as ErrorBody).error.details ?? {})).toContain("device_info");
      expect(await snapshot({ tagId: tag.tag.id, postId: post.id })).toEqual(before);
    }
  });

  it("refuses one in a field no schema reads, by the JSON boundary's catch-all", async () => {
    const before = await snapshot({ tagId: tag.tag.id, postId: post.id });
    const res = await call("admin", "POST", "/events", { name: "Gala", extra: { note: HIGH } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({
      message: 'The field "extra.note" is not valid text: it contains a lone UTF-16 surrogate.',
      details: { "extra.note": [expect.any(String)] },
    });
    expect(await snapshot({ tagId: tag.tag.id, postId: post.id })).toEqual(before);
  });
});

describe("valid text under the rule", () => {
  it("stores names NFC and trimmed, and counts an emoji as one character", async () => {
    const created = await json<{ event: BrandEvent }>(
      await call("admin", "POST", "/events", { name: "  Soire\u0301e 👗  " }),
      201,
    );
    expect(created.event.name).toBe("Soirée 👗");
    const row = await env.DB.prepare("select name from events where id = ?")
      .bind(created.event.id)
      .first<{ name: string }>();
    expect(row?.name).toBe("Soirée 👗");

    // 100 emoji are 200 UTF-16 units but 100 characters: a 100-character batch name takes them.
    const emoji = await call("admin", "POST", "/tag-batches", { batch_name: "👗".repeat(100) });
    expect(emoji.status).toBe(201);
    const tooLong = await call("admin", "POST", "/tag-batches", { batch_name: "👗".repeat(101) });
    expect((await json<ErrorBody>(tooLong, 400)).error.message).toBe("Batch name is at most 100 characters.");
  });

  it("refuses control characters in a single-line field and keeps line breaks in a multi-line one", async () => {
    const bell = await call("admin", "POST", "/events", { name: "Gala\u0007" });
    expect((await json<ErrorBody>(bell, 400)).error.details?.name).toEqual([
      "Event name must not contain line breaks or control characters.",
    ]);
    const guest = await json<{ contactId: number }>(
      await call("admin", "POST", "/guests", {
        client_id: client.profileId,
        first_name: "Anne",
        last_name: "Morel",
        email: "anne@example.com",
        notes: "Line one\r\nLine two",
      }),
      201,
    );
    const row = await env.DB.prepare("select notes from contacts where id = ?")
      .bind(guest.contactId)
      .first<{ notes: string }>();
    expect(row?.notes).toBe("Line one\nLine two");
  });
});
