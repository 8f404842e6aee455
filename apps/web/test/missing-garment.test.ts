import { env, exports } from "cloudflare:workers";
import { hashPassword } from "@releve/core";
import type { BrandEvent, CreatedClient, ProgrammedTag } from "@releve/core/tags/contracts";
import { REPORTED_MISSING_MESSAGE } from "@releve/core/tap/rules";
import { getDb, users } from "@releve/db";
import type { OwnerContact } from "@releve/db/crm/queries";
import {
  countContacts,
  createGarment,
  createOwner,
  createUser,
  createWardrobeEvent,
  makeAdmin,
  profileUserId,
  setEmailVerified,
  setGarmentTagStatus,
  type TestOwner,
} from "@releve/db/testing/factories";
import { issueToken } from "@releve/verbs/accounts/auth-tokens";
import { claimAs } from "@releve/verbs/testing/pieces";
import { beforeAll, describe, expect, it } from "vitest";
import * as resetPassword from "../app/features/accounts/reset-password";
import { createSession } from "../app/features/accounts/session.server";
import { groupByEvent } from "../app/features/crm/connection-groups";
import * as connections from "../app/features/crm/connections";
import * as contactsPage from "../app/features/crm/dashboard.contacts";
import * as share from "../app/features/sharing/share";
import * as vcf from "../app/features/sharing/share.contact-vcf";
import * as claimPage from "../app/features/wardrobe/claim";
import { args, outcome, routeContext } from "./route-support";

// Issue #18, the owner's side: a garment reported lost or stolen on its share and claim pages,
// the invitation link proving the client's email, and a guest captured at a brand event in the
// owner's contacts.

const db = getDb(env.DB);
const ORIGIN = "http://releve.test";
let adminCookie = "";

beforeAll(async () => {
  const id = crypto.randomUUID();
  await db
    .insert(users)
    .values({ id, email: `admin-${id.slice(0, 6)}@example.com`, password_hash: await hashPassword("x".repeat(12)) });
  await makeAdmin(db, id);
  adminCookie = (await createSession(db, new Request(ORIGIN), id)).cookie.split(";")[0] ?? "";
});

async function admin<T>(method: string, path: string, body: unknown, status: number): Promise<T> {
  const res = await exports.default.fetch(`${ORIGIN}/api/admin${path}`, {
    method,
    headers: { Origin: ORIGIN, Cookie: adminCookie, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

const createClient = () =>
  admin<CreatedClient>(
    "POST",
    "/clients",
    { first_name: "Inès", last_name: "Laurent", email: `client-${crypto.randomUUID().slice(0, 8)}@example.com` },
    201,
  );

const context = (userId?: string) => routeContext(db, userId ? { userId, email: "someone@test.local" } : null);

const get = (path: string) => new Request(`${ORIGIN}${path}`);
const postForm = (path: string, fields: Array<[string, string]>) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

const garmentRow = (id: number) =>
  env.DB.prepare("select status, owner_user_id, claimed_at from garments where id = ?").bind(id).first();

/** A client's garment, programmed, written and then reported `action` by an admin through the API. */
async function reportedGarment(action: "report_lost" | "report_stolen") {
  const client = await createClient();
  const { tag } = await admin<ProgrammedTag>(
    "POST",
    "/tags",
    { name: "Merino Blazer", garment_type: "Jacket", client_id: client.profileId },
    201,
  );
  await admin("POST", `/tags/${tag.id}/write-result`, { ok: true }, 200);
  const slug = tag.garment?.slug ?? "";
  const garmentId = tag.garment?.id ?? 0;
  // Before the report the card is there.
  expect(
    ((await share.loader(args(get(`/share/${slug}`), context(), { slug }))) as { share: { state: string } }).share,
  ).toMatchObject({ state: "open" });
  await admin("POST", `/tags/${tag.id}/status`, { action, reason: "Client called the boutique" }, 200);
  return { client, slug, garmentId, ownerUserId: await profileUserId(db, client.profileId) };
}

describe("the share page of a garment reported lost or stolen", () => {
  it("shows the neutral message, 200, and nothing of the owner (page data, card file)", async () => {
    for (const action of ["report_lost", "report_stolen"] as const) {
      const { client, slug } = await reportedGarment(action);
      const page = await outcome(() => share.loader(args(get(`/share/${slug}`), context(), { slug })));
      expect(page.status).toBe(200);
      // The brand's configured address (issue #35), not the wrangler.jsonc placeholder.
      expect(page.body).toMatchObject({
        kind: "garment",
        share: { state: "missing", brandEmail: env.BRAND_CONTACT_EMAIL },
      });
      expect(env.BRAND_CONTACT_EMAIL).not.toBe("care@releve.example.com");
      const sent = JSON.stringify(page.body);
      for (const secret of ["Inès", "Laurent", client.email, client.clientId, "Merino"]) {
        expect(sent).not.toContain(secret);
      }
      // The card file and its QR code are refused too.
      const card = await outcome(() => vcf.loader(args(get(`/share/${slug}/contact.vcf`), context(), { slug })));
      expect(card.status).toBe(404);
      expect(String(card.body)).not.toContain("Laurent");
    }
  });

  it("refuses the visitor form with the message (409) and stores nothing", async () => {
    const { slug, ownerUserId } = await reportedGarment("report_stolen");
    const before = await countContacts(db, ownerUserId);
    const res = await outcome(() =>
      share.action(
        args(
          postForm(`/share/${slug}`, [
            ["first_name", "Nina"],
            ["email", "nina@example.com"],
          ]),
          context(),
          { slug },
        ),
      ),
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ formError: REPORTED_MISSING_MESSAGE });
    expect(await countContacts(db, ownerUserId)).toBe(before);
  });

  it("opens the card again once the tag is reactivated (the current tag decides)", async () => {
    const owner = await createOwner(db, { sharing: true });
    const g = await createGarment(db, { ownerUserId: owner.userId });
    await setGarmentTagStatus(db, g.id, "lost");
    const state = async () =>
      ((await share.loader(args(get(`/share/${g.slug}`), context(), { slug: g.slug }))) as { share: { state: string } })
        .share.state;
    expect(await state()).toBe("missing");
    await setGarmentTagStatus(db, g.id, "active");
    expect(await state()).toBe("open");
  });
});

describe("the claim page of a garment reported lost or stolen", () => {
  it("refuses it before any sign-in, with the message", async () => {
    const g = await createGarment(db);
    await setGarmentTagStatus(db, g.id, "stolen");
    const page = await outcome(() => claimPage.loader(args(get(`/claim/${g.slug}`), context(), { slug: g.slug })));
    expect(page.status).toBe(409);
    expect(page.location).toBeNull();
    expect(page.body).toMatchObject({
      claimable: false,
      error: { title: "Claim Failed", message: REPORTED_MISSING_MESSAGE, retryable: false },
    });
  });

  it("refuses the claim itself (409, nothing changed), for a signed-in person with a profile", async () => {
    const someone = await createOwner(db);
    const g = await createGarment(db);
    await setGarmentTagStatus(db, g.id, "lost");
    const before = await garmentRow(g.id);
    const res = await outcome(() =>
      claimPage.action(args(postForm(`/claim/${g.slug}`, []), context(someone.userId), { slug: g.slug })),
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { message: REPORTED_MISSING_MESSAGE, status: "reported_missing" } });
    expect(await garmentRow(g.id)).toEqual(before);
    expect(await claimAs(db, someone.userId, g.slug)).toEqual({ code: "reported_missing" });
    // Found and reactivated: claimable again.
    await setGarmentTagStatus(db, g.id, "active");
    expect(await claimAs(db, someone.userId, g.slug)).toMatchObject({ code: "claimed" });
  });

  it("a claimed garment reported missing: another person is refused with the message; its owner goes to the wardrobe", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    await setGarmentTagStatus(db, g.id, "stolen");
    const stranger = await createUser(db);
    const other = await outcome(() =>
      claimPage.loader(args(get(`/claim/${g.slug}`), context(stranger), { slug: g.slug })),
    );
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ error: { message: REPORTED_MISSING_MESSAGE } });
    const mine = await outcome(() =>
      claimPage.loader(args(get(`/claim/${g.slug}`), context(owner.userId), { slug: g.slug })),
    );
    expect(mine.location).toBe("/dashboard/wardrobe");
  });
});

const verifiedAt = async (userId: string) =>
  (
    await env.DB.prepare("select email_verified_at as at from users where id = ?")
      .bind(userId)
      .first<{ at: number | null }>()
  )?.at ?? null;

const setPassword = (token: string) =>
  outcome(() =>
    resetPassword.action(
      args(
        postForm("/reset-password", [
          ["token", token],
          ["password", "Correct-Horse-9"],
          ["confirmPassword", "Correct-Horse-9"],
        ]),
        context(),
      ),
    ),
  );

describe("a password set through an emailed link proves the email", () => {
  it("an admin's invitation: the client's email is verified once the password is set", async () => {
    const client = await createClient();
    const userId = await profileUserId(db, client.profileId);
    expect(await verifiedAt(userId)).toBeNull();
    const mail = await env.DB.prepare("select text_body from email_outbox where to_address = ? and kind = ?")
      .bind(client.email, "client_invitation")
      .first<{ text_body: string }>();
    const token = decodeURIComponent(/\/reset-password\?token=([\w%-]+)/.exec(mail?.text_body ?? "")?.[1] ?? "");
    expect(token).not.toBe("");
    const before = Date.now();
    const res = await setPassword(token);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/dashboard");
    expect(await verifiedAt(userId)).toBeGreaterThanOrEqual(before);
    // The link is spent: a second use changes nothing and says so.
    expect((await setPassword(token)).status).toBe(400);
  });

  it("a reset link too; an earlier verification date is kept; a bad token verifies nothing", async () => {
    const unverified = await createUser(db);
    expect((await setPassword("not-a-token")).status).toBe(400);
    expect(await verifiedAt(unverified)).toBeNull();
    expect((await setPassword(await issueToken(db, unverified, "password_reset"))).status).toBe(302);
    expect(await verifiedAt(unverified)).not.toBeNull();

    const verified = await createUser(db, { emailVerified: true });
    const first = await verifiedAt(verified);
    expect(first).not.toBeNull();
    await setEmailVerified(db, verified, new Date(1_000_000));
    expect((await setPassword(await issueToken(db, verified, "password_reset"))).status).toBe(302);
    expect(await verifiedAt(verified)).toBe(1_000_000);
  });
});

describe("a guest captured at a brand event, in the owner's contacts", () => {
  it("names the brand event (contacts.event_id is the brand's, not one of the owner's events)", async () => {
    const client = await createClient();
    const userId = await profileUserId(db, client.profileId);
    const { event } = await admin<{ event: BrandEvent }>("POST", "/events", { name: "Atelier night" }, 201);
    // The owner has events of their own; none is this contact's.
    await createWardrobeEvent(db, userId, { name: "Owner's own dinner" });
    await admin(
      "POST",
      "/guests",
      {
        client_id: client.profileId,
        event_id: event.id,
        first_name: "Hélène",
        last_name: "Dubois",
        phone: "+33 6 11 22 33 44",
      },
      201,
    );
    const owner: TestOwner = { userId, profileId: client.profileId, eventId: null };
    const page = (await contactsPage.loader(args(get("/dashboard/contacts"), context(owner.userId)))) as {
      contacts: Array<{ first_name: string; event_name: string | null; event_id: number | null }>;
    };
    expect(page.contacts).toEqual([
      expect.objectContaining({ first_name: "Hélène", event_name: "Atelier night", event_id: null }),
    ]);
    // "No event" means neither kind of event.
    const none = (await contactsPage.loader(args(get("/dashboard/contacts?event=none"), context(owner.userId)))) as {
      contacts: unknown[];
    };
    expect(none.contacts).toEqual([]);
    // Connections group it under the brand event's name, apart from contacts with no event.
    const listed = (await connections.loader(args(get("/connections"), context(owner.userId)))) as {
      contacts: OwnerContact[];
    };
    const groups = groupByEvent(listed.contacts);
    expect(groups.map((g) => [g.name, g.eventId, g.contacts.length])).toEqual([["Atelier night", null, 1]]);
  });
});
