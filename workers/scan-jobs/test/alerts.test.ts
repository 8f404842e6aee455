import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { ALERT_BURST_MS, alertMessage, unsubscribeUserId } from "@releve/core/crm/alerts";
import type { Mail } from "@releve/core/platform/mail";
import { dueAlertOwners, setAlertFrequency } from "@releve/db/crm/alerts";
import { type MailSender, outboxSender } from "@releve/db/platform/outbox";
import { contacts, emailOutbox, ownerAlerts, ownershipTransfers, users } from "@releve/db/schema";
import { createContact, createGarment, createOwner, createWardrobeEvent } from "@releve/db/testing/factories";
import { and, desc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consumeAlerts, queueDueAlerts } from "../src/consume-alerts";
import { getScanJobsEnv } from "../src/env";
import { db } from "./helpers";

// Long ago, so the consumer this worker runs in the background on the real queue (with the real
// clock) finds these alerts too old to mail (ALERT_MAX_AGE_MS) and never races the test.
const T = Date.UTC(2021, 2, 10, 9, 0, 0); // a Wednesday, 09:00 UTC
const MINUTE = 60_000;
const scanEnv = () => getScanJobsEnv(env);

let seq = 0;
/** Hands the bodies to the alerts consumer as one batch at `now`; what it acked and retried. */
async function deliver(bodies: unknown[], now: number, sender: MailSender = outboxSender(db)) {
  const batch = createMessageBatch(
    "releve-alerts",
    bodies.map((body) => ({ id: `alert-${++seq}`, timestamp: new Date(now), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await consumeAlerts(batch, scanEnv(), db, sender, now);
  return getQueueResult(batch, ctx);
}

const mailsTo = async (userId: string) => {
  const owner = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to_address, owner?.email ?? ""), eq(emailOutbox.kind, "connection_alert")))
    .orderBy(desc(emailOutbox.id));
};

const pendingOf = (userId: string) =>
  db.$count(ownerAlerts, and(eq(ownerAlerts.owner_user_id, userId), isNull(ownerAlerts.sent_at)));

async function ownerWithPiece() {
  const owner = await createOwner(db, { profile: { first_name: "Camille" } });
  const garment = await createGarment(db, { ownerUserId: owner.userId, fields: { title: "Silk Trench" } });
  return { ...owner, garment };
}

describe("new-connection alerts", () => {
  it("a contact by any door leaves an alert for its owner; none for an owner who turned alerts off", async () => {
    const on = await ownerWithPiece();
    const off = await ownerWithPiece();
    await setAlertFrequency(db, off.userId, "off");
    await createContact(db, on.userId, { first_name: "Ana", created_at: new Date(T) });
    await createContact(db, on.userId, { first_name: "Ben", contact_source: "contact_card", created_at: new Date(T) });
    await createContact(db, off.userId, { first_name: "Cleo", created_at: new Date(T) });
    expect(await pendingOf(on.userId)).toBe(2);
    expect(await db.$count(ownerAlerts, eq(ownerAlerts.owner_user_id, off.userId))).toBe(0);
  });

  it("mails who connected, with which channels, on which piece, at which event; escaped, with RFC 8058 headers", async () => {
    const owner = await ownerWithPiece();
    const eventId = await createWardrobeEvent(db, owner.userId);
    await createContact(db, owner.userId, {
      first_name: "<script>alert(1)</script>",
      last_name: "Dupont",
      email: "visitor@example.com",
      instagram: "@visitor",
      garment_id: owner.garment.id,
      wardrobe_event_id: eventId,
      created_at: new Date(T),
    });
    const result = await deliver([alertMessage(owner.userId)], T + 5_000);
    expect(result.explicitAcks).toHaveLength(1);
    const [mail] = await mailsTo(owner.userId);
    expect(mail?.subject).toBe("<script>alert(1)</script> Dupont connected with you");
    expect(mail?.text_body).toContain("Hello Camille,");
    expect(mail?.text_body).toContain("Left their email and Instagram.");
    expect(mail?.text_body).toContain("Tapped: Silk Trench");
    expect(mail?.text_body).toContain("Whoever shared their details can withdraw them at any time");
    expect(mail?.text_body).toContain("https://releve.test/dashboard/contacts?q=");
    // The values they left stay out of the mail: the owner opens the contact for them.
    expect(mail?.text_body).not.toContain("visitor@example.com");
    expect(mail?.html_body).not.toContain("<script>");
    expect(mail?.html_body).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Dupont");
    const headers = JSON.parse(mail?.headers ?? "{}") as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = /^<(https:\/\/releve\.test\/unsubscribe\/([^>]+))>$/.exec(headers["List-Unsubscribe"] ?? "");
    expect(url?.[2]).toBeDefined();
    expect(await unsubscribeUserId(scanEnv().SESSION_SECRET, url?.[2])).toBe(owner.userId);
    // The same link is visible in the mail.
    expect(mail?.text_body).toContain(`Unsubscribe: ${url?.[1]}`);
    expect(mail?.html_body).toContain(`href="${url?.[1]}"`);
    expect(await pendingOf(owner.userId)).toBe(0);
  });

  it("speaks the owner's stored language (issue #34): French for a French owner, English without one", async () => {
    const french = await ownerWithPiece();
    await db.update(users).set({ locale: "fr" }).where(eq(users.id, french.userId));
    const unset = await ownerWithPiece();
    for (const owner of [french, unset]) {
      await createContact(db, owner.userId, {
        first_name: "Lucien",
        email: "lucien@example.com",
        garment_id: owner.garment.id,
        created_at: new Date(T),
      });
      await deliver([alertMessage(owner.userId)], T + 5_000);
    }
    const [fr] = await mailsTo(french.userId);
    expect(fr?.subject).toBe("Lucien vous a laissé ses coordonnées");
    expect(fr?.text_body).toContain("Bonjour Camille,");
    expect(fr?.text_body).toContain("A laissé : e-mail.");
    expect(fr?.text_body).toContain("Pièce : Silk Trench");
    expect(fr?.html_body).toContain('<html lang="fr">');
    const [en] = await mailsTo(unset.userId);
    expect(en?.subject).toBe("Lucien connected with you");
    expect(en?.html_body).toContain('<html lang="en">');
  });

  it("collapses a burst: one mail at once, then everything within 10 minutes in one mail when the window ends", async () => {
    const owner = await ownerWithPiece();
    await createContact(db, owner.userId, { first_name: "First", email: "a@x.test", created_at: new Date(T) });
    await deliver([alertMessage(owner.userId)], T + 1_000);
    for (const [i, at] of [2, 4, 9].entries()) {
      await createContact(db, owner.userId, {
        first_name: `Next${i}`,
        phone: "+33 6 12 34 56 78",
        created_at: new Date(T + at * MINUTE),
      });
      const result = await deliver([alertMessage(owner.userId)], T + at * MINUTE + 1_000);
      expect(result.explicitAcks).toHaveLength(1); // not due: acked, the sweep brings it back
    }
    expect(await mailsTo(owner.userId)).toHaveLength(1);
    // Before the window ends the sweep leaves the owner alone; after, it queues them.
    expect(await dueAlertOwners(db, T + ALERT_BURST_MS - MINUTE, 500)).not.toContain(owner.userId);
    const due = T + 1_000 + ALERT_BURST_MS;
    expect(await dueAlertOwners(db, due, 500)).toContain(owner.userId);
    expect(await queueDueAlerts(scanEnv(), db, due)).toBeGreaterThanOrEqual(1);
    await deliver([alertMessage(owner.userId), alertMessage(owner.userId)], due);
    const mails = await mailsTo(owner.userId);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe("3 new connections on Relevé");
    for (const name of ["Next0", "Next1", "Next2"]) expect(mails[0]?.text_body).toContain(name);
    expect(mails[0]?.text_body).toContain("Left their phone.");
  });

  it("a failed send retries and never loses the contact; the next delivery mails it", async () => {
    const owner = await ownerWithPiece();
    const contactId = await createContact(db, owner.userId, { first_name: "Resilient", created_at: new Date(T) });
    const failing: MailSender = {
      send: async (_mail: Mail) => {
        throw new Error("mail service unreachable");
      },
    };
    const result = await deliver([alertMessage(owner.userId)], T + 1_000, failing);
    expect(result.retryMessages).toHaveLength(1);
    expect(result.explicitAcks).toHaveLength(0);
    expect(await db.$count(contacts, eq(contacts.id, contactId))).toBe(1);
    expect(await pendingOf(owner.userId)).toBe(1);
    expect(await mailsTo(owner.userId)).toHaveLength(0);
    // The failed attempt did not use up the window: the retry mails at once.
    await deliver([alertMessage(owner.userId)], T + 31_000);
    const [mail] = await mailsTo(owner.userId);
    expect(mail?.subject).toBe("Resilient connected with you");
    expect(await pendingOf(owner.userId)).toBe(0);
  });

  it("two consumers at once: exactly one mail", async () => {
    const owner = await ownerWithPiece();
    await createContact(db, owner.userId, { first_name: "Once", created_at: new Date(T) });
    await Promise.all([
      deliver([alertMessage(owner.userId)], T + 1_000),
      deliver([alertMessage(owner.userId)], T + 1_000),
    ]);
    expect(await mailsTo(owner.userId)).toHaveLength(1);
  });

  it("daily summary: one mail at 18:00 UTC, only on days with connections", async () => {
    const owner = await ownerWithPiece();
    await setAlertFrequency(db, owner.userId, "daily");
    await createContact(db, owner.userId, { first_name: "Morning", created_at: new Date(T + MINUTE) });
    await createContact(db, owner.userId, { first_name: "Noon", created_at: new Date(T + 3 * 60 * MINUTE) });
    await deliver([alertMessage(owner.userId)], T + 3 * 60 * MINUTE + 1_000);
    expect(await mailsTo(owner.userId)).toHaveLength(0);
    const sixPm = Date.UTC(2021, 2, 10, 18, 0, 0);
    expect(await dueAlertOwners(db, sixPm - MINUTE, 500)).not.toContain(owner.userId);
    expect(await dueAlertOwners(db, sixPm + MINUTE, 500)).toContain(owner.userId);
    await deliver([alertMessage(owner.userId)], sixPm + MINUTE);
    const [summary] = await mailsTo(owner.userId);
    expect(summary?.subject).toBe("Your day on Relevé: 2 new connections");
    expect(summary?.text_body).toContain("daily summary");
    // A connection that evening waits for the next day's summary; a day without any sends nothing.
    await createContact(db, owner.userId, { first_name: "Evening", created_at: new Date(sixPm + 30 * MINUTE) });
    await deliver([alertMessage(owner.userId)], sixPm + 31 * MINUTE);
    expect(await mailsTo(owner.userId)).toHaveLength(1);
    const nextSixPm = sixPm + 24 * 60 * MINUTE;
    await deliver([alertMessage(owner.userId)], nextSixPm + MINUTE);
    expect(await mailsTo(owner.userId)).toHaveLength(2);
    await deliver([alertMessage(owner.userId)], nextSixPm + 24 * 60 * MINUTE + MINUTE);
    expect(await mailsTo(owner.userId)).toHaveLength(2);
  });

  it("off: nothing is mailed, and turning alerts off drops what was waiting", async () => {
    const owner = await ownerWithPiece();
    await setAlertFrequency(db, owner.userId, "daily");
    await createContact(db, owner.userId, { first_name: "Waiting", created_at: new Date(T) });
    expect(await pendingOf(owner.userId)).toBe(1);
    await setAlertFrequency(db, owner.userId, "off", T + MINUTE);
    expect(await pendingOf(owner.userId)).toBe(0);
    await createContact(db, owner.userId, { first_name: "Later", created_at: new Date(T + 2 * MINUTE) });
    await deliver([alertMessage(owner.userId)], Date.UTC(2021, 2, 10, 18, 5, 0));
    expect(await mailsTo(owner.userId)).toHaveLength(0);
  });

  it("a transfer request reaches the owner through the same path", async () => {
    const owner = await ownerWithPiece();
    const requester = await createOwner(db, { profile: { first_name: "Hugo", last_name: "Martin" } });
    await db.insert(ownershipTransfers).values({
      garment_id: owner.garment.id,
      kind: "request",
      from_user_id: owner.userId,
      to_user_id: requester.userId,
      created_at: new Date(T),
      expires_at: new Date(T + 14 * 24 * 60 * MINUTE),
    });
    await deliver([alertMessage(owner.userId)], T + 1_000);
    const [mail] = await mailsTo(owner.userId);
    expect(mail?.subject).toBe("Hugo Martin asks to take over Silk Trench");
    expect(mail?.text_body).toContain("https://releve.test/dashboard");
  });

  it("a message that is not an alert is dropped without mailing anyone", async () => {
    const before = await db.$count(emailOutbox);
    const result = await deliver([{ v: 2, ownerUserId: "x" }, "nonsense", null], T);
    expect(result.explicitAcks).toHaveLength(3);
    expect(await db.$count(emailOutbox)).toBe(before);
  });
});
