import { env, exports } from "cloudflare:workers";
import type { AuditEntry } from "@releve/core/platform/admin-api";
import { decryptChipId, parseChipId, verifySignature } from "@releve/core/tags/chip-id";
import type {
  AdminTag,
  BrandEvent,
  CreatedClient,
  ProgrammedTag,
  TagBatch,
  TagLookup,
  TagPage,
  WriteResult,
} from "@releve/core/tags/contracts";
import { getDb } from "@releve/db";
import { readCachedTapRoute } from "@releve/db/tap/cache";
import { createOwner, profileUserId } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import { adminApiCallers, json, ORIGIN } from "./admin-support";

const db = getDb(env.DB);
const { accounts, call } = adminApiCallers();

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string; details?: unknown } }).error;

/** Through the shell to the real tap worker, as a phone would. */
const tap = (slug: string) => exports.default.fetch(`${ORIGIN}/t/${slug}`, { redirect: "manual" });

const count = async (table: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())?.n ?? 0;

/** Every table these routes write, counted: a refused request must leave all of them as they were. */
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(
      ["garments", "nfc_tags", "nfc_tag_batches", "users", "profiles", "contacts", "events", "admin_audit_log"].map(
        async (t) => [t, await count(t)] as const,
      ),
    ),
  );

const program = async (body: Record<string, unknown> = {}) =>
  json<ProgrammedTag>(
    await call("admin", "POST", "/tags", { name: "Merino Blazer", garment_type: "Jacket", ...body }),
    201,
  );

const writeOk = async (id: number, uid?: string) =>
  json<WriteResult>(await call("admin", "POST", `/tags/${id}/write-result`, { ok: true, ...(uid && { uid }) }));

const act = (id: number, action: string, reason = "Client called the boutique") =>
  call("admin", "POST", `/tags/${id}/status`, { action, reason });

const randomUid = () =>
  `04${[...crypto.getRandomValues(new Uint8Array(6))].map((b) => b.toString(16).padStart(2, "0")).join("")}`.toUpperCase();

async function newBatch(name = `Batch ${crypto.randomUUID().slice(0, 6)}`) {
  return json<TagBatch>(await call("admin", "POST", "/tag-batches", { batch_name: name }), 201);
}

const batchCounters = async (id: number) => json<TagBatch>(await call("admin", "GET", `/tag-batches/${id}`));

async function createClient() {
  const email = `client-${crypto.randomUUID().slice(0, 8)}@example.com`;
  return json<CreatedClient>(
    await call("admin", "POST", "/clients", { first_name: "Inès", last_name: "Laurent", email }),
    201,
  );
}

// Every route this issue adds, with a valid body where it takes one.
const ROUTES: [string, string, unknown?][] = [
  ["GET", "/tags"],
  ["GET", "/tags/export.csv"],
  ["GET", "/tags/lookup?uid=04A23B4C5D6E7F"],
  ["GET", "/tags/1"],
  ["POST", "/tags", { name: "Blazer", garment_type: "Jacket" }],
  ["POST", "/tags/1/write-result", { ok: true }],
  ["POST", "/tags/1/lock"],
  ["POST", "/tags/1/reassign", { client_id: 1 }],
  ["POST", "/tags/1/status", { action: "deactivate", reason: "test" }],
  ["GET", "/tag-batches/1"],
  ["POST", "/tag-batches/1/program", { garment_type: "Hat", count: 2 }],
  ["GET", "/tag-batches/1/encoder.csv"],
  ["POST", "/tag-batches/1/import", { csv: "04A23B4C5D6E7F,ha-0000000000" }],
  ["POST", "/clients", { first_name: "A", last_name: "B", email: "a.b@example.com" }],
  ["GET", "/events"],
  ["POST", "/events", { name: "Salon" }],
  ["POST", "/events/1/status", { is_active: false }],
  ["POST", "/guests", { client_id: 1, first_name: "A", last_name: "B", email: "g@example.com" }],
];

describe("every tag-programming route refuses non-admins and changes nothing", () => {
  it.each(ROUTES)("%s %s: 401 for a visitor, 403 for a client, answered for an admin", async (method, path, body) => {
    const before = await snapshot();
    const client = await call("client", method, path, body);
    expect(client.status).toBe(403);
    expect((await errorOf(client)).message).toBe("Admin privileges required");
    const visitor = await call("visitor", method, path, body);
    expect(visitor.status).toBe(401);
    expect((await errorOf(visitor)).code).toBe("unauthorized");
    expect(await snapshot()).toEqual(before);
    // The admin gets past the guard: an answer of the route itself (a 404 for a missing row is one).
    const admin = await call("admin", method, path, body);
    expect([401, 403, 500]).not.toContain(admin.status);
  });
});

describe("program a new tag", () => {
  it("registers garment and tag (uninitialized), writes it (active), each audited; the link taps to the claim page", async () => {
    const programmed = await program({ size: "M", color: "Navy", sku: "RLV-JA-1" });
    const { tag, url } = programmed;
    expect(programmed).toMatchObject({ tagType: "NTAG213", byteBudget: 144 });
    expect(tag).toMatchObject({
      status: "uninitialized",
      tagType: "NTAG213",
      uid: null,
      programmedAt: null,
      owner: null,
    });
    expect(tag.garment).toMatchObject({
      title: "Merino Blazer",
      type: "Jacket",
      size: "M",
      color: "Navy",
      status: "unclaimed",
    });
    const slug = tag.garment?.slug ?? "";
    expect(slug).toMatch(/^ja-[0-9a-z]{10}$/);
    expect(url).toBe(`${ORIGIN}/t/${slug}`);
    // The URL's QR, drawn on the server (the admin remote ships no QR library).
    expect(programmed.qr).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(programmed.qr)).toContain("<svg");
    // The secure chip id, its 16-character signature and the encrypted id, all the server's.
    const chip = parseChipId(tag.chipId);
    expect(chip).toMatchObject({ kind: "secure", garmentType: "Jacket", batch: "DIRECT" });
    expect(tag.signature).toHaveLength(16);
    expect(await verifySignature(env.CHIP_SECRET, tag.chipId, tag.signature ?? "")).toBe(true);
    const stored = await env.DB.prepare("select encrypted_chip_id, metadata from nfc_tags where id = ?")
      .bind(tag.id)
      .first<{ encrypted_chip_id: string; metadata: string }>();
    expect(await decryptChipId(env.CHIP_SECRET, stored?.encrypted_chip_id ?? "")).toBe(tag.chipId);
    expect(JSON.parse(stored?.metadata ?? "{}")).toMatchObject({ deepLink: url, programmedBy: accounts.adminEmail });

    const written = await writeOk(tag.id, "04:a2:3b:4c:5d:6e:7f");
    expect(written.message).toBe("Tag Programmed Successfully");
    expect(written.tag).toMatchObject({ status: "active", uid: "04A23B4C5D6E7F", writeError: null });
    expect(written.tag.programmedAt).toEqual(expect.any(Number));
    const garment = await env.DB.prepare("select programmed_at, nfc_chip_id from garments where id = ?")
      .bind(tag.garment?.id)
      .first<{ programmed_at: number | null; nfc_chip_id: string }>();
    expect(garment).toMatchObject({ programmed_at: expect.any(Number), nfc_chip_id: tag.chipId });

    const answer = await tap(slug);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/claim/${slug}`);
    const { entries } = await json<{ entries: AuditEntry[] }>(await call("admin", "GET", "/audit"));
    expect(entries.slice(0, 2).map((e) => [e.action, e.targetId, e.adminEmail])).toEqual([
      ["tag.write_success", String(tag.id), accounts.adminEmail],
      ["tag.program", String(tag.id), accounts.adminEmail],
    ]);
  });

  it("a failed write leaves the tag inactive with the error in metadata and the spec's message; the tap refuses it until a write succeeds", async () => {
    const { tag } = await program({ garment_type: "Bag", name: "Heritage Bag", tag_type: "NTAG215" });
    const slug = tag.garment?.slug ?? "";
    expect(tag.tagType).toBe("NTAG215");
    const failed = await json<WriteResult>(
      await call("admin", "POST", `/tags/${tag.id}/write-result`, {
        ok: false,
        error: "NotAllowedError: tag lost",
        device_info: { platform: "Android" },
      }),
    );
    expect(failed.message).toBe("Programming Error: Failed to program NFC tag");
    expect(failed.tag).toMatchObject({
      status: "inactive",
      writeError: "NotAllowedError: tag lost",
      programmedAt: null,
    });
    const stored = await env.DB.prepare("select metadata from nfc_tags where id = ?")
      .bind(tag.id)
      .first<{ metadata: string }>();
    expect(JSON.parse(stored?.metadata ?? "{}")).toMatchObject({
      write_error: "NotAllowedError: tag lost",
      write_attempted_at: expect.any(String),
      device_info: { platform: "Android" },
    });
    const dead = await tap(slug);
    expect(dead.status).toBe(404);
    expect(await dead.text()).toContain("Invalid garment link");
    // Trying again works, and clears the error.
    expect((await writeOk(tag.id)).tag).toMatchObject({ status: "active", writeError: null });
    expect((await tap(slug)).headers.get("Location")).toBe(`/claim/${slug}`);
  });

  it("refuses a UID another tag holds (409) and changes nothing", async () => {
    const uid = randomUid();
    const first = await program();
    await writeOk(first.tag.id, uid);
    const second = await program();
    const before = await snapshot();
    const res = await call("admin", "POST", `/tags/${second.tag.id}/write-result`, { ok: true, uid });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(`The UID ${uid} is already on tag ${first.tag.chipId}.`);
    expect(await snapshot()).toEqual(before);
    expect((await json<AdminTag>(await call("admin", "GET", `/tags/${second.tag.id}`))).status).toBe("uninitialized");
  });

  it("numbers chips within their batch and names the batch in the chip id", async () => {
    const batch = await newBatch("Autumn Atelier 26");
    const a = await program({ batch_id: batch.id });
    const b = await program({ batch_id: String(batch.id) });
    expect(parseChipId(a.tag.chipId)).toMatchObject({ batch: "AUTUMNATELIER26", serial: "0001" });
    expect(parseChipId(b.tag.chipId)).toMatchObject({ batch: "AUTUMNATELIER26", serial: "0002" });
    expect(a.tag.batch).toEqual({ id: batch.id, name: "Autumn Atelier 26" });
  });

  it.each([
    [{ garment_type: "Jacket" }, "Please fill in all required fields"],
    [{ name: "  ", garment_type: "Jacket" }, "Please fill in all required fields"],
    [{ name: "Blazer" }, "Please fill in all required fields"],
    [
      { name: "Blazer", garment_type: "Cape" },
      "The garment type is one of Shirt, Pants, Dress, Jacket, Shoes, Accessories, Bag, Hat.",
    ],
    [{ name: "Blazer", garment_type: "Jacket", size: "XXXL" }, "The size is one of XS, S, M, L, XL, XXL."],
    [
      { name: "Blazer", garment_type: "Jacket", tag_type: "NTAG424" },
      "The tag type is one of NTAG213, NTAG215, NTAG216.",
    ],
    [{ name: "Blazer", garment_type: "Jacket", client_id: "abc" }, "The client id must be a whole number."],
    [{ name: "Blazer", garment_type: "Jacket", batch_id: -1 }, "The batch id must be a whole number."],
    [{ name: "x".repeat(121), garment_type: "Jacket" }, "Name is at most 120 characters."],
    ["not json", "The request body must be JSON."],
  ])("refuses %j with 400 and stores nothing", async (body, message) => {
    const before = await snapshot();
    const res = await call("admin", "POST", "/tags", body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for a batch or client that does not exist, storing nothing", async () => {
    const before = await snapshot();
    const noBatch = await call("admin", "POST", "/tags", { name: "B", garment_type: "Hat", batch_id: 99_999_999 });
    expect(noBatch.status).toBe(404);
    expect((await errorOf(noBatch)).message).toBe("No batch has the id 99999999.");
    const noClient = await call("admin", "POST", "/tags", { name: "B", garment_type: "Hat", client_id: 99_999_999 });
    expect(noClient.status).toBe(404);
    expect((await errorOf(noClient)).message).toBe("User profile not found: no client has the id 99999999.");
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [{ ok: "yes" }, "ok must be true or false."],
    [{ ok: true, uid: "zz:11" }, "A tag UID is 4, 7 or 10 bytes in hex, like 04:A2:3B:4C:5D:6E:7F."],
    [{ ok: false }, "The error is required."],
    [{ ok: false, error: " " }, "The error is required."],
  ])("refuses the write result %j with 400", async (body, message) => {
    const { tag } = await program();
    const res = await call("admin", "POST", `/tags/${tag.id}/write-result`, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
    expect((await json<AdminTag>(await call("admin", "GET", `/tags/${tag.id}`))).status).toBe("uninitialized");
  });

  it("answers 404 or 400 for unknown or malformed tag ids", async () => {
    expect((await call("admin", "GET", "/tags/99999999")).status).toBe(404);
    expect((await call("admin", "POST", "/tags/99999999/write-result", { ok: true })).status).toBe(404);
    expect((await call("admin", "POST", "/tags/abc/lock")).status).toBe(400);
    expect((await call("admin", "POST", "/tags/012/status", { action: "deactivate", reason: "x" })).status).toBe(400);
  });
});

describe("clients: create, attach and write", () => {
  it("creates an account and profile with NFC sharing and every share flag on, and mails a set-password link", async () => {
    const created = await createClient();
    expect(created).toMatchObject({ message: "Client Created", name: "Inès Laurent", invitationSent: true });
    const profile = await env.DB.prepare(
      `select p.*, u.email as account_email, u.password_hash from profiles p join users u on u.id = p.user_id where p.id = ?`,
    )
      .bind(created.profileId)
      .first<Record<string, unknown>>();
    expect(profile).toMatchObject({
      account_email: created.email,
      email: created.email,
      first_name: "Inès",
      last_name: "Laurent",
      nfc_sharing_enabled: 1,
      share_email: 1,
      share_mobile: 1,
      share_website: 1,
      share_instagram: 1,
      share_linkedin: 1,
      share_tiktok: 1,
      share_facebook: 1,
      share_twitter: 1,
      client_id: created.clientId,
    });
    expect(String(profile?.password_hash)).toMatch(/^pbkdf2-sha256\$/);
    const mail = await env.DB.prepare("select subject, text_body, kind from email_outbox where to_address = ?")
      .bind(created.email)
      .first<{ subject: string; text_body: string; kind: string }>();
    expect(mail?.kind).toBe("client_invitation");
    const token = /\/reset-password\?token=([\w%-]+)/.exec(mail?.text_body ?? "")?.[1];
    expect(token).toBeTruthy();
    const stored = await env.DB.prepare(
      "select purpose, expires_at, used_at from auth_tokens where user_id = (select user_id from profiles where id = ?)",
    )
      .bind(created.profileId)
      .first<{ purpose: string; expires_at: number; used_at: number | null }>();
    expect(stored).toMatchObject({ purpose: "password_reset", used_at: null });
    expect((stored?.expires_at ?? 0) - Date.now()).toBeGreaterThan(6 * 24 * 60 * 60 * 1000);
    // The search finds the new client (from 2 characters, at most 10).
    const { clients } = await json<{ clients: { profileId: number }[] }>(
      await call("admin", "GET", `/clients?q=${encodeURIComponent(created.email)}`),
    );
    expect(clients.map((c) => c.profileId)).toEqual([created.profileId]);
  });

  it.each([
    [{ last_name: "B", email: "x@example.com" }, "First name is required."],
    [{ first_name: "A", email: "x@example.com" }, "Last name is required."],
    [{ first_name: "A", last_name: "B" }, "Email is required."],
    [{ first_name: "A", last_name: "B", email: "not-an-email" }, "Enter a valid email address."],
  ])("refuses %j with 400 and creates nothing", async (body, message) => {
    const before = await snapshot();
    const res = await call("admin", "POST", "/clients", body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an email an account already uses (409), whatever its case, and creates nothing", async () => {
    const created = await createClient();
    const before = await snapshot();
    const outbox = await count("email_outbox");
    const res = await call("admin", "POST", "/clients", {
      first_name: "Other",
      last_name: "Person",
      email: created.email.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe("An account already uses this email.");
    expect(await snapshot()).toEqual(before);
    expect(await count("email_outbox")).toBe(outbox);
  });

  it("attach & write: the garment is the client's, and a visitor's tap shows their card", async () => {
    const client = await createClient();
    const { tag } = await program({ client_id: client.profileId });
    expect(tag.owner).toMatchObject({ profileId: client.profileId, name: "Inès Laurent", email: client.email });
    expect(tag.garment?.status).toBe("claimed");
    const stored = await env.DB.prepare("select metadata from nfc_tags where id = ?")
      .bind(tag.id)
      .first<{ metadata: string }>();
    expect(JSON.parse(stored?.metadata ?? "{}")).toMatchObject({ clientId: client.clientId });
    await writeOk(tag.id);
    const answer = await tap(tag.garment?.slug ?? "");
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(`page /share/${tag.garment?.slug}`);
  });

  it("reassigns a tag's garment to another client, audited, and the tap follows", async () => {
    const first = await createClient();
    const second = await createOwner(db);
    const { tag } = await program({ client_id: first.profileId });
    await writeOk(tag.id);
    const moved = await json<{ tag: AdminTag; message: string }>(
      await call("admin", "POST", `/tags/${tag.id}/reassign`, { client_id: second.profileId }),
    );
    expect(moved.message).toBe("Garment reassigned successfully");
    expect(moved.tag.owner?.profileId).toBe(second.profileId);
    const route = await readCachedTapRoute(env.TAP_KV, tag.garment?.slug ?? "");
    expect(route).toMatchObject({ ownerUserId: second.userId, status: "claimed" });
    expect((await call("admin", "POST", `/tags/${tag.id}/reassign`, { client_id: 99_999_999 })).status).toBe(404);
    expect((await call("admin", "POST", `/tags/${tag.id}/reassign`, { client_id: "x" })).status).toBe(400);
  });
});

describe("the registry's lifecycle", () => {
  async function ownedWrittenTag() {
    const client = await createClient();
    const { tag } = await program({ client_id: client.profileId });
    await writeOk(tag.id, randomUid());
    return { client, tag, slug: tag.garment?.slug ?? "" };
  }

  it("report stolen: the very next tap shows nothing of the owner; reactivate restores the card", async () => {
    const { client, tag, slug } = await ownedWrittenTag();
    expect(await (await tap(slug)).text()).toBe(`page /share/${slug}`);
    const stolen = await json<AdminTag>(await act(tag.id, "report_stolen", "Taken from a hotel cloakroom"));
    expect(stolen.status).toBe("stolen");
    expect(await readCachedTapRoute(env.TAP_KV, slug)).toMatchObject({ missing: "stolen" });
    const answer = await tap(slug);
    const page = await answer.text();
    expect(answer.headers.get("Location")).toBeNull();
    expect(page).not.toContain(`/share/${slug}`);
    for (const secret of [client.email, "Inès", "Laurent"]) expect(page).not.toContain(secret);
    await json(await act(tag.id, "reactivate", "Found and returned"));
    expect(await readCachedTapRoute(env.TAP_KV, slug)).not.toHaveProperty("missing");
    expect(await (await tap(slug)).text()).toBe(`page /share/${slug}`);
    const { entries } = await json<{ entries: AuditEntry[] }>(await call("admin", "GET", "/audit"));
    expect(entries.slice(0, 2).map((e) => [e.action, e.targetId])).toEqual([
      ["tag.reactivate", String(tag.id)],
      ["tag.report_stolen", String(tag.id)],
    ]);
    expect(entries[1]?.after).toEqual({ status: "stolen", reason: "Taken from a hotel cloakroom" });
    expect(entries[1]?.before).toEqual({ status: "active" });
  });

  it("report lost: the tap record carries it at once", async () => {
    const { tag, slug } = await ownedWrittenTag();
    await json(await act(tag.id, "report_lost"));
    expect(await readCachedTapRoute(env.TAP_KV, slug)).toMatchObject({ missing: "lost" });
    const answer = await tap(slug);
    expect(answer.headers.get("Location")).toBeNull();
    expect(await answer.text()).not.toContain(`/share/${slug}`);
  });

  it("release: clears the owner, and the very next tap offers the claim", async () => {
    const { client, tag, slug } = await ownedWrittenTag();
    const released = await json<AdminTag>(await act(tag.id, "release", "Sold back to the boutique"));
    expect(released).toMatchObject({ status: "released", owner: null, garment: { status: "unclaimed" } });
    const garment = await env.DB.prepare(
      "select owner_user_id, owner_profile_id, status, claimed_at from garments where id = ?",
    )
      .bind(tag.garment?.id)
      .first();
    expect(garment).toEqual({ owner_user_id: null, owner_profile_id: null, status: "unclaimed", claimed_at: null });
    const answer = await tap(slug);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/claim/${slug}`);
    const { entries } = await json<{ entries: AuditEntry[] }>(await call("admin", "GET", "/audit"));
    expect(entries[0]).toMatchObject({
      action: "tag.release",
      before: { status: "active", garment_status: "claimed" },
      after: { status: "released", reason: "Sold back to the boutique", owner_user_id: null },
    });
    expect(JSON.stringify(entries[0]?.before)).toContain(await profileUserId(db, client.profileId));
    // Nothing left to release.
    const again = await act(tag.id, "release");
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("This tag's garment has no owner to release.");
  });

  it("deactivate: the next tap answers 'Invalid garment link'; reactivate brings it back", async () => {
    const { tag, slug } = await ownedWrittenTag();
    await json(await act(tag.id, "deactivate", "Damaged chip"));
    const dead = await tap(slug);
    expect(dead.status).toBe(404);
    expect(await dead.text()).toContain("Invalid garment link");
    // A deactivated tag is not written until it is reactivated.
    const write = await call("admin", "POST", `/tags/${tag.id}/write-result`, { ok: true });
    expect(write.status).toBe(409);
    expect((await errorOf(write)).message).toBe("This tag is deactivated: reactivate it first.");
    expect((await json<AdminTag>(await act(tag.id, "reactivate"))).status).toBe("active");
    expect(await (await tap(slug)).text()).toBe(`page /share/${slug}`);
  });

  it.each([["reactivate", "Only an inactive, lost or stolen tag can be reactivated."]])(
    "refuses %s on an active tag with 409 and changes nothing",
    async (action, message) => {
      const { tag } = await ownedWrittenTag();
      const before = await snapshot();
      const res = await act(tag.id, action);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe(message);
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each([
    [
      { action: "explode", reason: "x" },
      "action is one of deactivate, reactivate, report_lost, report_stolen, release.",
    ],
    [{ action: "deactivate" }, "A reason is required."],
    [{ action: "deactivate", reason: "   " }, "A reason is required."],
    [{ action: "deactivate", reason: "x".repeat(501) }, "A reason is at most 500 characters."],
  ])("refuses the lifecycle body %j with 400 and changes nothing", async (body, message) => {
    const { tag } = await ownedWrittenTag();
    const before = await snapshot();
    const res = await call("admin", "POST", `/tags/${tag.id}/status`, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it("lock: only a written tag, for good; a locked tag is not written again and comes back locked", async () => {
    const { tag } = await program();
    const early = await call("admin", "POST", `/tags/${tag.id}/lock`);
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe("Only a written, working tag can be locked.");
    await writeOk(tag.id);
    const locked = await json<AdminTag>(await call("admin", "POST", `/tags/${tag.id}/lock`));
    expect(locked).toMatchObject({ status: "locked", lockedAt: expect.any(String) });
    expect((await call("admin", "POST", `/tags/${tag.id}/lock`)).status).toBe(409);
    const write = await call("admin", "POST", `/tags/${tag.id}/write-result`, { ok: true });
    expect(write.status).toBe(409);
    expect((await errorOf(write)).message).toBe("This tag is locked: it cannot be written again.");
    await json(await act(tag.id, "deactivate"));
    expect((await json<AdminTag>(await act(tag.id, "reactivate"))).status).toBe("locked");
    const lookup = await json<TagLookup>(
      await call("admin", "GET", `/tags/lookup?chip_id=${tag.chipId.toLowerCase()}`),
    );
    expect(lookup).toMatchObject({ state: "locked", tag: { id: tag.id } });
  });
});

describe("the registry: search, filters, lookup and export", () => {
  it("searches by UID (typed with separators), chip id, slug and owner email; filters by status and batch", async () => {
    const batch = await newBatch();
    const client = await createClient();
    const uid = randomUid();
    const { tag } = await program({ batch_id: batch.id, client_id: client.profileId });
    await writeOk(tag.id, uid);
    const other = await program({ batch_id: batch.id });
    const ids = async (query: string) =>
      (await json<TagPage>(await call("admin", "GET", `/tags${query}`))).tags.map((t) => t.id);
    const withColons = (uid.match(/../g) ?? []).join(":").toLowerCase();
    expect(await ids(`?q=${encodeURIComponent(withColons)}`)).toEqual([tag.id]);
    expect(await ids(`?q=${tag.chipId}`)).toEqual([tag.id]);
    expect(await ids(`?q=${tag.garment?.slug}`)).toEqual([tag.id]);
    expect(await ids(`?q=${encodeURIComponent(client.email)}`)).toEqual([tag.id]);
    expect(await ids(`?batch_id=${batch.id}`)).toEqual([other.tag.id, tag.id]);
    expect(await ids(`?batch_id=${batch.id}&status=active`)).toEqual([tag.id]);
    expect(await ids(`?batch_id=${batch.id}&status=uninitialized`)).toEqual([other.tag.id]);
    const page = await json<TagPage>(await call("admin", "GET", `/tags?batch_id=${batch.id}`));
    expect(page).toMatchObject({ pageSize: 50, total: 2, nextCursor: null });
    // Keyset pages: the page after a tag id holds the older tags only.
    expect(await ids(`?batch_id=${batch.id}&before=${other.tag.id}`)).toEqual([tag.id]);
    expect(await ids(`?batch_id=${batch.id}&before=${tag.id}`)).toEqual([]);
    expect((await call("admin", "GET", "/tags?before=0x1")).status).toBe(400);
    expect((await call("admin", "GET", "/tags?status=missing")).status).toBe(400);
    expect((await call("admin", "GET", "/tags?batch_id=x")).status).toBe(400);
    expect((await call("admin", "GET", `/tags?q=${"x".repeat(101)}`)).status).toBe(400);
  });

  it("looks up what a reader saw: by UID, by the URL on the chip, or 'Unknown'", async () => {
    const uid = randomUid();
    const { tag, url } = await program();
    await writeOk(tag.id, uid);
    const byUid = await json<TagLookup>(await call("admin", "GET", `/tags/lookup?uid=${uid.toLowerCase()}`));
    expect(byUid).toMatchObject({ state: "assigned", tag: { id: tag.id, uid } });
    const byUrl = await json<TagLookup>(await call("admin", "GET", `/tags/lookup?slug=${encodeURIComponent(url)}`));
    expect(byUrl.tag?.id).toBe(tag.id);
    for (const query of [
      "uid=04FFFFFFFFFFFF",
      "chip_id=ACME-1-2-3",
      "chip_id=RLV-HAT-X-0001-ZZZZ",
      "slug=no-such-slug",
    ]) {
      expect(await json<TagLookup>(await call("admin", "GET", `/tags/lookup?${query}`))).toEqual({
        state: "Unknown",
        tag: null,
      });
    }
    for (const query of ["", `uid=${uid}&slug=x`, "uid=xyz"]) {
      expect((await call("admin", "GET", `/tags/lookup?${query}`)).status).toBe(400);
    }
  });

  it("exports the tags as RLV_<date>.csv: chip id, UID, slug, URL, status, batch, garment, owner email", async () => {
    const batch = await newBatch("Export Batch");
    const client = await createClient();
    const uid = randomUid();
    const { tag, url } = await program({
      batch_id: batch.id,
      client_id: client.profileId,
      name: "Silk Shirt",
      garment_type: "Shirt",
    });
    await writeOk(tag.id, uid);
    const res = await call("admin", "GET", `/tags/export.csv?batch_id=${batch.id}`);
    expect(res.status).toBe(200);
    const date = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="RLV_${date}.csv"`);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect((await res.text()).split("\r\n")).toEqual([
      "Chip ID,UID,Slug,URL,Status,Batch,Garment,Owner email",
      `${tag.chipId},${uid},${tag.garment?.slug},${url},active,Export Batch,Silk Shirt,${client.email}`,
      "",
    ]);
  });
});

describe("batches", () => {
  const encoderRows = (csv: string) =>
    csv
      .split("\r\n")
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(",") as [string, string, string, string]);

  it("programs 250 stock garments of one type in one call, answering the encoder's CSV; counters stay true", async () => {
    const batch = await newBatch("Hats 250");
    const res = await call("admin", "POST", `/tag-batches/${batch.id}/program`, {
      garment_type: "Hat",
      count: 250,
      size: "M",
      color: "Black",
      sku_prefix: "RLV-HAT",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="RLV_HATS250_${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const csv = await res.text();
    expect(csv.split("\r\n")[0]).toBe("Slug,URL,Chip ID,Signature");
    const rows = encoderRows(csv);
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((r) => r[0])).size).toBe(250);
    for (const [index, [slug, url, chipId, signature]] of rows.entries()) {
      expect(url).toBe(`${ORIGIN}/t/${slug}`);
      expect(parseChipId(chipId)).toMatchObject({
        kind: "secure",
        garmentType: "Hat",
        batch: "HATS250",
        serial: String(index + 1).padStart(4, "0"),
      });
      if (index % 50 === 0) expect(await verifySignature(env.CHIP_SECRET, chipId, signature)).toBe(true);
    }
    const garments = await env.DB.prepare(
      `select count(*) as n, count(distinct g.short_slug) as slugs, min(g.garment_type) as type, min(g.sku) as sku
       from garments g join nfc_tags t on t.garment_id = g.id where t.batch_id = ? and g.nfc_chip_id = t.chip_id and g.size = 'M' and g.color = 'Black' and g.status = 'unclaimed'`,
    )
      .bind(batch.id)
      .first();
    expect(garments).toEqual({ n: 250, slugs: 250, type: "Hat", sku: "RLV-HAT-0001" });
    expect(await batchCounters(batch.id)).toMatchObject({ total: 250, programmed: 0, active: 0 });
    // The encoder file again, for a reprint, lists the same rows.
    expect(encoderRows(await (await call("admin", "GET", `/tag-batches/${batch.id}/encoder.csv`)).text())).toEqual(
      rows,
    );
    // A stock garment's link taps to the claim page before its chip is even encoded (its QR label works).
    const first = rows[0]?.[0] ?? "";
    expect((await tap(first)).headers.get("Location")).toBe(`/claim/${first}`);
  });

  it.each([
    [{ garment_type: "Hat", count: 0 }, "count is at least 1."],
    [{ garment_type: "Hat", count: 1001 }, "count is at most 1000."],
    [{ garment_type: "Hat", count: 1.5 }, "count must be a whole number."],
    [{ garment_type: "Hat", count: "10" }, "count must be a whole number."],
    [{ count: 10 }, "Please fill in all required fields"],
  ])("refuses the batch program %j with 400 and stores nothing", async (body, message) => {
    const batch = await newBatch();
    const before = await snapshot();
    const res = await call("admin", "POST", `/tag-batches/${batch.id}/program`, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
    expect(await snapshot()).toEqual(before);
    expect(
      (await call("admin", "POST", "/tag-batches/99999999/program", { garment_type: "Hat", count: 1 })).status,
    ).toBe(404);
  });

  it("imports an encoder's CSV: a bad row is reported with its line and nothing is half-written; then every UID lands", async () => {
    const batch = await newBatch();
    const rows = encoderRows(
      await (
        await call("admin", "POST", `/tag-batches/${batch.id}/program`, { garment_type: "Dress", count: 20 })
      ).text(),
    );
    const uids = rows.map(() => randomUid());
    const good = rows.map(([slug], i) => `${uids[i]},${slug}`);
    const foreign = await program();
    const takenUid = randomUid();
    await writeOk(foreign.tag.id, takenUid);

    const tagsWithUid = async () =>
      (
        await env.DB.prepare("select count(*) as n from nfc_tags where batch_id = ? and uid is not null")
          .bind(batch.id)
          .first<{ n: number }>()
      )?.n;
    const bad: [string, string[], string][] = [
      [
        "a malformed UID",
        ["UID,Slug", ...good.slice(0, 5), `nonsense,${rows[5]?.[0]}`, ...good.slice(6)],
        'Line 7: "nonsense" is not a tag UID.',
      ],
      [
        "a slug of no tag of the batch",
        ["UID,Slug", ...good.slice(0, 19), `${uids[19]},${foreign.tag.garment?.slug}`],
        `Line 21: no tag of this batch has the slug ${foreign.tag.garment?.slug}.`,
      ],
      [
        "a UID twice",
        ["UID,Slug", ...good.slice(0, 19), `${uids[0]},${rows[19]?.[0]}`],
        `Line 21: UID ${uids[0]} is also on line 2.`,
      ],
      [
        "a UID another tag holds",
        ["UID,Slug", `${takenUid},${rows[0]?.[0]}`, ...good.slice(1)],
        `Line 2: the UID ${takenUid} is already on tag ${foreign.tag.chipId}.`,
      ],
    ];
    for (const [label, lines, message] of bad) {
      const before = await snapshot();
      const res = await call("admin", "POST", `/tag-batches/${batch.id}/import`, { csv: lines.join("\n") });
      expect(res.status, label).toBe(400);
      const error = await errorOf(res);
      expect(error.message, label).toBe("1 problem in the file; nothing was imported.");
      expect(error.details, label).toEqual({ problems: [{ line: expect.any(Number), message }] });
      expect(await tagsWithUid(), label).toBe(0);
      expect(await snapshot(), label).toEqual(before);
      expect(await batchCounters(batch.id), label).toMatchObject({ total: 20, programmed: 0, active: 0 });
    }

    // Columns in any order, Web NFC's colon form, the URL instead of the slug, CRLF and a BOM.
    const csv = `\uFEFFSlug,UID\r\n${rows.map(([, url], i) => `${url},${(uids[i]?.match(/../g) ?? []).join(":")}`).join("\r\n")}\r\n`;
    const imported = await json<{ assigned: number; unchanged: number }>(
      await call("admin", "POST", `/tag-batches/${batch.id}/import`, { csv }),
    );
    expect(imported).toEqual({ assigned: 20, unchanged: 0 });
    expect(await tagsWithUid()).toBe(20);
    expect(await batchCounters(batch.id)).toMatchObject({ total: 20, programmed: 20, active: 20 });
    const lookup = await json<TagLookup>(await call("admin", "GET", `/tags/lookup?uid=${uids[3]}`));
    expect(lookup).toMatchObject({ state: "assigned", tag: { status: "active", garment: { slug: rows[3]?.[0] } } });
    // Importing the same file again changes nothing.
    expect(await json(await call("admin", "POST", `/tag-batches/${batch.id}/import`, { csv }))).toEqual({
      assigned: 0,
      unchanged: 20,
    });
    const { entries } = await json<{ entries: AuditEntry[] }>(await call("admin", "GET", "/audit"));
    expect(entries.find((e) => e.action === "tag_batch.import" && e.targetId === String(batch.id))?.after).toEqual({
      assigned: 20,
    });

    // Counters follow every lifecycle change.
    const tags = await json<TagPage>(await call("admin", "GET", `/tags?batch_id=${batch.id}`));
    const [a, b] = tags.tags;
    await json(await act(a?.id ?? 0, "deactivate"));
    await json(await act(b?.id ?? 0, "report_lost"));
    expect(await batchCounters(batch.id)).toMatchObject({ total: 20, programmed: 20, active: 18 });
    await json(await act(b?.id ?? 0, "reactivate"));
    expect(await batchCounters(batch.id)).toMatchObject({ total: 20, programmed: 20, active: 19 });
  });

  it.each([
    [{}, "The CSV is required."],
    [{ csv: "" }, "The CSV is required."],
    [{ csv: "UID,Slug\n" }, "1 problem in the file; nothing was imported."],
    [{ csv: '"04A2,x' }, "1 problem in the file; nothing was imported."],
  ])("refuses the import %j with 400", async (body, message) => {
    const batch = await newBatch();
    const res = await call("admin", "POST", `/tag-batches/${batch.id}/import`, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
  });
});

describe("brand events and guest capture", () => {
  it("creates and lists brand events, active ones first", async () => {
    const created = await json<{ event: BrandEvent; message: string }>(
      await call("admin", "POST", "/events", { name: "  Salon Privé  ", datetime: "2026-11-20T19:00:00+01:00" }),
      201,
    );
    expect(created.message).toBe("Event created successfully");
    expect(created.event).toMatchObject({
      name: "Salon Privé",
      isActive: true,
      datetime: Date.parse("2026-11-20T18:00:00Z"),
    });
    const past = await json<{ event: BrandEvent }>(
      await call("admin", "POST", "/events", { name: "Old show", is_active: false }),
      201,
    );
    const { events } = await json<{ events: BrandEvent[] }>(await call("admin", "GET", "/events"));
    const ids = events.map((e) => e.id);
    expect(ids).toContain(created.event.id);
    expect(ids.indexOf(created.event.id)).toBeLessThan(ids.indexOf(past.event.id));
    for (const body of [
      {},
      { name: " " },
      { name: "Show", datetime: "tomorrow" },
      { name: "Show", is_active: "yes" },
    ]) {
      expect((await call("admin", "POST", "/events", body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("closes an event and reopens it, each audited; a closed event files no guest", async () => {
    const client = await createClient();
    const { event } = await json<{ event: BrandEvent }>(
      await call("admin", "POST", "/events", { name: "Trunk show" }),
      201,
    );
    const status = (is_active: unknown) => call("admin", "POST", `/events/${event.id}/status`, { is_active });
    const guest = { client_id: client.profileId, event_id: event.id, first_name: "A", last_name: "B" };

    expect(await json(await status(false))).toEqual({ event: { ...event, isActive: false }, message: "Event closed" });
    const { events } = await json<{ events: BrandEvent[] }>(await call("admin", "GET", "/events"));
    expect(events.find((e) => e.id === event.id)?.isActive).toBe(false);
    const before = await snapshot();
    const refused = await call("admin", "POST", "/guests", { ...guest, email: "closed@example.com" });
    expect(refused.status).toBe(404);
    expect((await errorOf(refused)).message).toBe(`No active event has the id ${event.id}.`);
    expect(await snapshot()).toEqual(before);

    expect(await json(await status(true))).toEqual({ event: { ...event, isActive: true }, message: "Event opened" });
    await json(await call("admin", "POST", "/guests", { ...guest, email: "open@example.com" }), 201);

    const { entries } = await json<{ entries: AuditEntry[] }>(await call("admin", "GET", "/audit"));
    const changes = entries.filter((e) => e.targetType === "event" && e.targetId === String(event.id));
    expect(changes.map((e) => [e.action, e.adminEmail, e.before, e.after])).toEqual([
      ["event.open", accounts.adminEmail, { is_active: false }, { is_active: true }],
      ["event.close", accounts.adminEmail, { is_active: true }, { is_active: false }],
      ["event.create", accounts.adminEmail, null, expect.objectContaining({ name: "Trunk show", is_active: true })],
    ]);
  });

  it("answers 404 for an unknown event and 400 for a bad id or body, changing nothing", async () => {
    const { event } = await json<{ event: BrandEvent }>(
      await call("admin", "POST", "/events", { name: "Vernissage" }),
      201,
    );
    const before = await snapshot();
    const unknown = await call("admin", "POST", "/events/99999999/status", { is_active: false });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe("No event has the id 99999999.");
    for (const [path, body, message] of [
      [`/events/${event.id}/status`, {}, "is_active must be true or false."],
      [`/events/${event.id}/status`, { is_active: "false" }, "is_active must be true or false."],
      [`/events/${event.id}/status`, { is_active: 0 }, "is_active must be true or false."],
      [`/events/${event.id}/status`, undefined, "The request body must be JSON."],
      ["/events/0x1/status", { is_active: false }, "The event id must be a whole number."],
    ] as const) {
      const res = await call("admin", "POST", path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
    const { events } = await json<{ events: BrandEvent[] }>(await call("admin", "GET", "/events"));
    expect(events.find((e) => e.id === event.id)?.isActive).toBe(true);
  });

  it("records a guest for a client at an event: contact_source nfc_tap, the event, the default consent", async () => {
    const client = await createClient();
    const { tag } = await program({ client_id: client.profileId });
    const { event } = await json<{ event: BrandEvent }>(
      await call("admin", "POST", "/events", { name: "Atelier night" }),
      201,
    );
    const captured = await json<{ contactId: number; message: string }>(
      await call("admin", "POST", "/guests", {
        client_id: client.profileId,
        event_id: event.id,
        garment_id: tag.garment?.id,
        first_name: "Hélène",
        last_name: "Dubois",
        phone: "+33 6 11 22 33 44",
      }),
      201,
    );
    expect(captured.message).toBe("Contact Exchanged");
    const row = await env.DB.prepare(
      `select c.*, p.id as profile_id from contacts c join profiles p on p.user_id = c.owner_user_id where c.id = ?`,
    )
      .bind(captured.contactId)
      .first();
    expect(row).toMatchObject({
      profile_id: client.profileId,
      event_id: event.id,
      garment_id: tag.garment?.id,
      tag_uuid: tag.garment?.slug,
      first_name: "Hélène",
      last_name: "Dubois",
      email: null,
      phone: "+33611223344",
      contact_source: "nfc_tap",
      consent_data_collection: 1,
      consent_marketing: 0,
      consent_event_updates: 0,
    });
  });

  it.each([
    [{ first_name: "A", last_name: "B" }, "Contact Required: Please provide either an email or phone number"],
    [
      { first_name: "A", last_name: "B", email: " ", phone: "" },
      "Contact Required: Please provide either an email or phone number",
    ],
    [{ last_name: "B", email: "g@example.com" }, "First name is required."],
    [{ first_name: "A", email: "g@example.com" }, "Last name is required."],
    [{ first_name: "A", last_name: "B", email: "nope" }, "Enter a valid email address."],
  ])("refuses the guest %j with 400 and stores nothing", async (guest, message) => {
    const client = await createClient();
    const before = await snapshot();
    const res = await call("admin", "POST", "/guests", { client_id: client.profileId, ...guest });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for an unknown client, an inactive event or a garment that is not the client's", async () => {
    const client = await createClient();
    const stranger = await program();
    const { event } = await json<{ event: BrandEvent }>(
      await call("admin", "POST", "/events", { name: "Closed", is_active: false }),
      201,
    );
    const guest = { first_name: "A", last_name: "B", email: "g@example.com" };
    const before = await snapshot();
    for (const [body, message] of [
      [{ ...guest, client_id: 99_999_999 }, "User profile not found: no client has the id 99999999."],
      [{ ...guest, client_id: client.profileId, event_id: event.id }, `No active event has the id ${event.id}.`],
      [
        { ...guest, client_id: client.profileId, garment_id: stranger.tag.garment?.id },
        `The client has no garment with the id ${stranger.tag.garment?.id}.`,
      ],
    ] as const) {
      const res = await call("admin", "POST", "/guests", body);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });
});
