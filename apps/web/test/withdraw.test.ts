/**
 * A visitor takes their details back (issue #33): the success screens carry a private link, a
 * visitor who gave an address is mailed it, and using it removes that contact, and only it,
 * once. A forged, truncated or used link changes nothing.
 */
import { env } from "cloudflare:workers";
import { WITHDRAW_MESSAGES, withdrawToken } from "@releve/core/sharing/withdraw";
import { getDb } from "@releve/db";
import { contacts, emailOutbox, ownerAlerts, scans } from "@releve/db/schema";
import { createContact, createGarment, createOwner, createScan } from "@releve/db/testing/factories";
import { deliverPending } from "@releve/verbs/testing/effects";
import { claimAs } from "@releve/verbs/testing/pieces";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as receiveInfo from "../app/features/sharing/receive-info";
import * as sharePage from "../app/features/sharing/share";
import * as thankYou from "../app/features/sharing/thank-you";
import * as withdrawPage from "../app/features/sharing/withdraw";
import { args, outcome, routeContext } from "./route-support";

const db = getDb(env.DB);
const ORIGIN = "https://releve.test";
const SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;

let ip = 0;
const form = (path: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `203.0.113.${++ip % 250}` },
    body: new URLSearchParams(fields).toString(),
  });
const anon = () => routeContext(db, null);

const open = (token: string) =>
  outcome(() => withdrawPage.loader(args(new Request(`${ORIGIN}/withdraw/${token}`), anon(), { token })));
const withdraw = (token: string) =>
  outcome(() => withdrawPage.action(args(form(`/withdraw/${token}`, {}), anon(), { token })));

async function ownedPiece() {
  const owner = await createOwner(db, { profile: { first_name: "Margaux" } });
  const garment = await createGarment(db);
  await claimAs(db, owner.userId, garment.slug);
  return { owner, garment };
}

describe("the withdrawal link", () => {
  it("is on the share form's success screen and in the visitor's mail; it removes that contact and only it, once", async () => {
    const { owner, garment } = await ownedPiece();
    const other = await createContact(db, owner.userId, { first_name: "Stays" });
    await createScan(db, { garmentId: garment.id, slug: garment.slug, ownerUserId: owner.userId });
    const scansBefore = await db.$count(scans, eq(scans.garment_id, garment.id));
    const posted = await outcome(() =>
      sharePage.action(
        args(form(`/share/${garment.slug}`, { first_name: "Élise", email: "elise@example.com" }), anon(), {
          slug: garment.slug,
        }),
      ),
    );
    expect(posted.status).toBe(303);
    const location = new URL(posted.location ?? "", ORIGIN);
    const token = location.searchParams.get("w") ?? "";
    const [mine] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.owner_user_id, owner.userId), eq(contacts.email, "elise@example.com")));
    expect(token).toBe(await withdrawToken(SECRET, mine?.id ?? 0));

    // The success screen shows it; a `w` the server did not sign shows nothing.
    const screen = await outcome(() => sharePage.loader(args(new Request(location), anon(), { slug: garment.slug })));
    expect((screen.body as { withdraw: string | null }).withdraw).toBe(`/withdraw/${token}`);
    const forgedScreen = new URL(location);
    forgedScreen.searchParams.set("w", `${mine?.id}.${"A".repeat(43)}`);
    const forgedShown = await outcome(() =>
      sharePage.loader(args(new Request(forgedScreen), anon(), { slug: garment.slug })),
    );
    expect((forgedShown.body as { withdraw: string | null }).withdraw).toBeNull();

    // The visitor's one mail carries the same link: it goes with the contact.received event's
    // delivery (issue #48), which the events queue's consumer makes.
    await deliverPending(db);
    await vi.waitFor(async () => {
      const [mail] = await db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to_address, "elise@example.com"))
        .orderBy(desc(emailOutbox.id));
      expect(mail?.subject).toBe("You shared your details with Margaux");
      expect(mail?.text_body).toContain(`${ORIGIN}/withdraw/${token}`);
    });

    expect(await open(token)).toMatchObject({ status: 200, body: { state: "confirm", owner: "Margaux" } });
    expect(await withdraw(token)).toMatchObject({ status: 200, body: { state: "done", owner: "Margaux" } });
    expect(await db.$count(contacts, eq(contacts.id, mine?.id ?? 0))).toBe(0);
    expect(await db.$count(ownerAlerts, eq(ownerAlerts.contact_id, mine?.id ?? 0))).toBe(0);
    // Only it: the owner's other contact and the tap's scans stay.
    expect(await db.$count(contacts, eq(contacts.id, other))).toBe(1);
    expect(await db.$count(scans, eq(scans.garment_id, garment.id))).toBe(scansBefore);
    // Once.
    expect(await withdraw(token)).toMatchObject({ status: 404, body: { state: "invalid" } });
    expect(await open(token)).toMatchObject({ status: 404, body: { state: "invalid" } });
    expect(WITHDRAW_MESSAGES.invalid).toBe("This link has already been used or is not valid");
  });

  it("is on the contact card's thank-you page", async () => {
    const { owner } = await ownedPiece();
    const clientId = (
      await env.DB.prepare("select client_id from profiles where user_id = ?")
        .bind(owner.userId)
        .first<{ client_id: string }>()
    )?.client_id;
    const posted = await outcome(() =>
      receiveInfo.action(
        args(form(`/receive-info?id=${clientId}`, { guest_name: "Paul Card", phone: "+33 6 98 76 54 32" }), anon()),
      ),
    );
    expect(posted.status).toBe(303);
    const location = new URL(posted.location ?? "", ORIGIN);
    expect(location.pathname).toBe("/thank-you");
    const page = await outcome(() => thankYou.loader(args(new Request(location), anon())));
    const link = (page.body as { withdraw: string | null }).withdraw;
    expect(link).toMatch(/^\/withdraw\/\d+\.[\w-]{43}$/);
    const token = link?.split("/").pop() ?? "";
    expect(await withdraw(token)).toMatchObject({ status: 200, body: { state: "done", owner: "Margaux" } });
    expect(
      await db.$count(contacts, and(eq(contacts.owner_user_id, owner.userId), eq(contacts.first_name, "Paul Card"))),
    ).toBe(0);
  });

  it("an owner whose card has no name is answered as none, for the page to name in its language", async () => {
    const owner = await createOwner(db, { profile: { first_name: null, display_name: null } });
    const token = await withdrawToken(SECRET, await createContact(db, owner.userId, { first_name: "Anon" }));
    expect(await open(token)).toMatchObject({ status: 200, body: { state: "confirm", owner: null } });
    expect(await withdraw(token)).toMatchObject({ status: 200, body: { state: "done", owner: null } });
  });

  it("a forged, truncated or other-purpose token: a clear 404 that removes nothing", async () => {
    const { owner } = await ownedPiece();
    const id = await createContact(db, owner.userId, { first_name: "Kept" });
    const good = await withdrawToken(SECRET, id);
    const transferShaped = good.replace(/^\d+/, String(id + 1));
    for (const bad of [good.slice(0, -1), `${id}.${"A".repeat(43)}`, transferShaped, "nonsense", "0.x"]) {
      expect(await open(bad)).toMatchObject({ status: 404, body: { state: "invalid" } });
      expect(await withdraw(bad)).toMatchObject({ status: 404, body: { state: "invalid" } });
    }
    expect(await db.$count(contacts, eq(contacts.id, id))).toBe(1);
  });
});
