import { env, exports } from "cloudflare:workers";
import { hashPassword } from "@releve/core";
import { ContactsQuerySchema } from "@releve/core/crm/rules";
import { SEARCH_TOO_LONG } from "@releve/core/platform/input-limits";
import { readAll } from "@releve/core/platform/stream-export";
import { getDb, users } from "@releve/db";
import { searchClients } from "@releve/db/accounts/queries";
import { exportContacts, listConnections, listContacts } from "@releve/db/crm/queries";
import { listAdminGarments } from "@releve/db/tags/queries";
import {
  countContacts,
  createContact,
  createGarment,
  createOwner,
  makeAdmin,
  profileClientId,
  type TestOwner,
} from "@releve/db/testing/factories";
import { beforeAll, describe, expect, it } from "vitest";
import * as auth from "../app/features/accounts/auth";
import * as resetPassword from "../app/features/accounts/reset-password";
import { createSession } from "../app/features/accounts/session.server";
import * as connections from "../app/features/crm/connections";
import * as contactsPage from "../app/features/crm/dashboard.contacts";
import * as contactsExport from "../app/features/crm/dashboard.contacts.export";
import * as eventPage from "../app/features/crm/dashboard.event";
import * as receiveInfo from "../app/features/sharing/receive-info";
import * as share from "../app/features/sharing/share";
import * as garmentPage from "../app/features/wardrobe/dashboard.garment";
import * as garmentCsv from "../app/features/wardrobe/dashboard.garment.csv";
import { FORM_MESSAGES } from "../app/lib/form.server";
import * as adminLogin from "../app/routes/admin.login";
import { args, outcome, routeContext } from "./route-support";

const db = getDb(env.DB);
const ORIGIN = "http://releve.test";
const E25 = "é".repeat(25); // 50 bytes: D1 refused it as a LIKE pattern
const LONG = "x".repeat(200);

const context = (owner?: TestOwner) =>
  routeContext(db, owner ? { userId: owner.userId, email: "owner@test.local" } : null);

const get = (path: string) => new Request(`${ORIGIN}${path}`);
const post = (path: string, body: BodyInit | null, contentType?: string) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });
const postForm = (path: string, fields: Array<[string, string]>) =>
  post(path, new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded");

describe("search terms D1 takes at any length (issue #17)", () => {
  let owner: TestOwner;
  beforeAll(async () => {
    owner = await createOwner(db);
    await createContact(db, owner.userId, {
      first_name: "Zoé",
      notes: `Said ${E25} at the gala`,
      email: "zoe@example.com",
    });
    await createContact(db, owner.userId, { first_name: "Marc", notes: "Offered 50% off, pay_later" });
    await createContact(db, owner.userId, { first_name: "Ines", notes: "Offered 500 off, paylater" });
  });

  it("finds by 25 x é, case- and accent-insensitively, with % and _ taken literally", async () => {
    const names = async (q: string) =>
      (await listContacts(db, owner.userId, ContactsQuerySchema.parse({ q })))?.contacts.map((c) => c.first_name);
    expect(await names(E25)).toEqual(["Zoé"]);
    // From three characters the search index folds case and accents in every script (issue #30);
    // shorter terms are compared row by row, folding ASCII letters only, as LIKE does.
    expect(await names("ZOÉ")).toEqual(["Zoé"]);
    expect(await names("zoe")).toEqual(["Zoé"]);
    expect(await names("ZO")).toEqual(["Zoé"]);
    expect(await names("É")).toEqual([]);
    expect(await names("50%")).toEqual(["Marc"]);
    expect(await names("pay_later")).toEqual(["Marc"]);
    expect(await names("é".repeat(100))).toEqual([]);
  });

  it("every search in packages/db answers a 50-byte, a 100-character and a 200-character term", async () => {
    for (const q of [E25, "é".repeat(100), LONG, `${"%_\\".repeat(70)}`]) {
      const filter = { q, event: { kind: "all" as const }, contacted: "all" as const, before: null };
      expect((await listContacts(db, owner.userId, filter))?.total, q.slice(0, 10)).toBe(q === E25 ? 1 : 0);
      const exported = await exportContacts(db, owner.userId, filter);
      expect(exported && (await readAll(exported.read))).toHaveLength(q === E25 ? 1 : 0);
      expect((await listConnections(db, owner.userId, { q, garmentId: null }))?.total).toBe(q === E25 ? 1 : 0);
      expect((await listAdminGarments(db, { q, limit: 10 })).rows).toEqual([]);
      expect(await searchClients(db, q)).toEqual([]);
    }
  });

  it("the pages and exports answer 25 x é, and refuse 200 characters with a 400 that says so", async () => {
    const ctx = context(owner);
    const q = encodeURIComponent(E25);
    const page = await outcome(() => contactsPage.loader(args(get(`/dashboard/contacts?q=${q}`), ctx)));
    expect(page.status).toBe(200);
    expect((page.body as { total: number }).total).toBe(1);
    expect((await outcome(() => connections.loader(args(get(`/connections?q=${q}`), ctx)))).status).toBe(200);
    for (const ext of ["csv", "vcf"]) {
      const file = await outcome(() =>
        contactsExport.loader(args(get(`/dashboard/contacts/contacts.${ext}?q=${q}`), ctx)),
      );
      expect(file.status).toBe(200);
      expect(file.body).toContain("Zoé");
    }

    for (const path of [
      "/dashboard/contacts",
      "/connections",
      "/dashboard/contacts/contacts.csv",
      "/dashboard/contacts/contacts.vcf",
    ]) {
      const loader =
        path === "/connections"
          ? connections.loader
          : path === "/dashboard/contacts"
            ? contactsPage.loader
            : contactsExport.loader;
      const refused = await outcome(() => loader(args(get(`${path}?q=${LONG}`), ctx)));
      expect(refused, path).toMatchObject({ status: 400, body: SEARCH_TOO_LONG });
    }
  });
});

describe("the admin API's searches (issue #17)", () => {
  let admin = "";
  beforeAll(async () => {
    const id = crypto.randomUUID();
    await db.insert(users).values({
      id,
      email: `admin-${id.slice(0, 6)}@example.com`,
      password_hash: await hashPassword("x".repeat(12)),
    });
    await makeAdmin(db, id);
    admin = (await createSession(db, new Request(ORIGIN), id)).cookie.split(";")[0] ?? "";
  });
  const api = (path: string, init: RequestInit = {}) =>
    exports.default.fetch(`${ORIGIN}/api/admin${path}`, {
      ...init,
      headers: { Cookie: admin, Origin: ORIGIN, ...(init.headers as Record<string, string>) },
    });

  it("answers 25 x é and 100 x é, and refuses 200 characters with 400", async () => {
    for (const route of ["/garments", "/clients"]) {
      for (const q of [E25, "é".repeat(100)]) {
        const res = await api(`${route}?q=${encodeURIComponent(q)}`);
        expect(res.status, `${route} ${q.length}`).toBe(200);
      }
      const res = await api(`${route}?q=${LONG}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "Search is at most 100 characters.",
      );
    }
  });

  it("refuses lenient ids with 400", async () => {
    const garment = await createGarment(db);
    for (const id of ["0x8", "1e1", "%2022", "012", "+3", `${garment.id}.0`]) {
      const res = await api(`/garments/${id}/status`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ is_active: false }),
      });
      expect(res.status, id).toBe(400);
    }
    const ok = await api(`/garments/${garment.id}/status`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ is_active: true }),
    });
    expect(ok.status).toBe(200);
  });
});

describe("strict ids on pages (issue #17)", () => {
  it("answers 404 to 0x8, 1e1, ' 22', 012 for a garment, its CSV and an event", async () => {
    const owner = await createOwner(db, { withActiveEvent: true });
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    const ctx = context(owner);
    const ok = await outcome(() =>
      garmentPage.loader(args(get(`/dashboard/garment/${garment.id}`), ctx, { garmentId: String(garment.id) })),
    );
    expect(ok.status).toBe(200);
    for (const raw of ["0x8", "1e1", " 22", "012", `0${garment.id}`, `${garment.id}.0`, `+${garment.id}`]) {
      const page = await outcome(() => garmentPage.loader(args(get("/dashboard/garment/x"), ctx, { garmentId: raw })));
      expect(page.status, raw).toBe(404);
      const csv = await outcome(() =>
        garmentCsv.loader(args(get("/dashboard/garment/x/contacts.csv"), ctx, { garmentId: raw })),
      );
      expect(csv.status, raw).toBe(404);
      const event = await outcome(() => eventPage.loader(args(get("/dashboard/events/x"), ctx, { eventId: raw })));
      expect(event.status, raw).toBe(404);
    }
  });
});

describe("forms read by the one form reader (issue #17)", () => {
  it.each([
    ["JSON", '{"token":"x"}', "application/json", 415, FORM_MESSAGES.notForm],
    ["a JSON array", "[1]", "application/json", 415, FORM_MESSAGES.notForm],
    ["text/plain", "token=x", "text/plain", 415, FORM_MESSAGES.notForm],
    ["no body", null, undefined, 415, FORM_MESSAGES.notForm],
    ["UTF-16", "token=x", "application/x-www-form-urlencoded; charset=utf-16", 415, FORM_MESSAGES.notForm],
    ["a bad multipart boundary", "--a\r\n\r\n--a--", "multipart/form-data; boundary=b", 400, FORM_MESSAGES.malformed],
    ["invalid UTF-8", "token=%C3%28", "application/x-www-form-urlencoded", 400, FORM_MESSAGES.notUtf8],
    ["100 KB", `token=${"a".repeat(100 * 1024)}`, "application/x-www-form-urlencoded", 413, FORM_MESSAGES.tooLarge],
  ])("POST /reset-password with %s: %i, never a 500", async (_label, body, type, status, message) => {
    const result = await outcome(() => resetPassword.action(args(post("/reset-password", body, type), context())));
    expect(result).toMatchObject({ status, body: message });
  });

  it("POST /receive-info with no guest_name stores nothing and says the name is required", async () => {
    const owner = await createOwner(db);
    const clientId = await profileClientId(db, owner.profileId);
    const before = await countContacts(db, owner.userId);
    const path = `/receive-info?id=${clientId}`;
    const result = await outcome(() =>
      receiveInfo.action(args(postForm(path, [["phone", "+33612345678"]]), context())),
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ fieldErrors: { guest_name: "Your name is required" } });
    const bot = await outcome(() =>
      receiveInfo.action(
        args(
          postForm(path, [
            ["guest_name", "Bot"],
            ["website_url", "http://spam.example"],
          ]),
          context(),
        ),
      ),
    );
    expect(bot.status).toBe(400);
    expect(await countContacts(db, owner.userId)).toBe(before);
  });

  it("the share form's honeypot cannot be skipped by sending it twice; extra fields are not echoed", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db, { ownerUserId: owner.userId });
    const path = `/share/${garment.slug}`;
    const fields: Array<[string, string]> = [
      ["first_name", "Bot"],
      ["email", "bot@example.com"],
    ];
    for (const honeypot of [
      [
        ["website_url", "http://spam.example"],
        ["website_url", ""],
      ],
      [
        ["website_url", ""],
        ["website_url", "http://spam.example"],
      ],
      [["website_url", "http://spam.example"]],
    ] as Array<Array<[string, string]>>) {
      const result = await outcome(() =>
        share.action(args(postForm(path, [...fields, ...honeypot]), context(), { slug: garment.slug })),
      );
      expect(result.status).toBe(400);
    }
    const echoed = await outcome(() =>
      share.action(
        args(
          postForm(path, [
            ["first_name", "y".repeat(20_000)],
            ["junk", "z"],
          ]),
          context(),
          { slug: garment.slug },
        ),
      ),
    );
    expect(echoed.status).toBe(400);
    expect((echoed.body as { values: Record<string, string> }).values).toEqual({ first_name: "y".repeat(500) });
    expect(await countContacts(db, owner.userId)).toBe(0);
  });
});

describe("redirect targets from input (issue #17)", () => {
  const HOSTILE = [
    "/.//evil.example",
    "/..//x",
    "/%2e//x",
    "/x/..//x",
    "/./\\x",
    "//evil.example",
    "https://evil.example",
  ];

  it("a signed-in /auth?redirect= never leaves the origin", async () => {
    const owner = await createOwner(db);
    for (const target of HOSTILE) {
      const result = await outcome(() =>
        auth.loader(args(get(`/auth?redirect=${encodeURIComponent(target)}`), context(owner))),
      );
      expect(result, target).toMatchObject({ status: 302, location: "/dashboard" });
    }
  });

  it("signed out, the hidden redirectTo holds only a safe path; so does the admin login's", async () => {
    for (const target of HOSTILE) {
      const page = await outcome(() =>
        auth.loader(args(get(`/auth?redirect=${encodeURIComponent(target)}`), context())),
      );
      expect((page.body as { redirectTo: string }).redirectTo, target).toBe("");
      const admin = await outcome(() =>
        adminLogin.loader(args(get(`/admin/login?redirect=${encodeURIComponent(target)}`), context())),
      );
      expect((admin.body as { redirectTo: string }).redirectTo, target).toBe("/admin/nfc-dashboard");
    }
  });

  it("the forgot flow drops a hostile or 20 KB redirectTo instead of echoing it (no 500)", async () => {
    for (const target of [...HOSTILE, `/${"a".repeat(20 * 1024)}`]) {
      const result = await outcome(() =>
        auth.action(
          args(
            postForm("/auth?mode=forgot", [
              ["intent", "forgot"],
              ["email", `nobody-${crypto.randomUUID()}@example.com`],
              ["redirectTo", target],
            ]),
            context(),
          ),
        ),
      );
      expect(result.status, target.slice(0, 20)).toBe(302);
      expect(result.location).toBe("/auth?mode=login");
    }
    const kept = await outcome(() =>
      auth.action(
        args(
          postForm("/auth?mode=forgot", [
            ["intent", "forgot"],
            ["email", `nobody-${crypto.randomUUID()}@example.com`],
            ["redirectTo", "/claim/mb-001"],
          ]),
          context(),
        ),
      ),
    );
    expect(kept.location).toBe(`/auth?mode=login&redirect=${encodeURIComponent("/claim/mb-001")}`);
  });
});
