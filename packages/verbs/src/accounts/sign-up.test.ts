/**
 * accounts/sign-up and accounts/invite-client (issues #18, #28; issue #48), with the real
 * bindings: a new account leaves one event naming the person by id only, and its mail goes; an
 * address already taken makes no account and records nothing.
 */
import { env } from "cloudflare:workers";
import { VISITOR } from "@releve/core/platform/events";
import { getDb } from "@releve/db";
import { findUserIdByEmail } from "@releve/db/accounts/queries";
import { listStaffActivity } from "@releve/db/platform/audit";
import { listEvents } from "@releve/db/platform/events";
import { emailOutbox } from "@releve/db/schema";
import { createOwner } from "@releve/db/testing/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { inviteClient } from "./invite-client";
import { signUp } from "./sign-up";

const db = getDb(env.DB);
const address = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const mailsTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to_address, to));
const input = (email: string) => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email,
  password: "a-long-password-2026",
  ip: null,
});

describe("accounts/sign-up", () => {
  it("makes the account with one account.created event, the person by id only; the link is mailed", async () => {
    const email = address("new");
    expect(await signUp(testEffects(db, VISITOR), input(email))).toEqual({ code: "accepted" });
    const userId = await findUserIdByEmail(db, email);
    expect(userId).toBeTruthy();
    const [event] = await listEvents(db, { limit: 1, types: ["account.created"] });
    expect(event).toMatchObject({ actorKind: "visitor", actorId: null, personId: userId, payload: {} });
    expect(JSON.stringify(event)).not.toContain(email);
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual(["Confirm your email address"]);
  });

  it("makes nothing and records nothing for an address already taken; its owner is told", async () => {
    const email = address("taken");
    await signUp(testEffects(db, VISITOR), input(email));
    const before = await listEvents(db, { limit: 100 });
    expect(await signUp(testEffects(db, VISITOR), input(email))).toEqual({ code: "accepted" });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
    expect(await mailsTo(email)).toHaveLength(2);
  });
});

describe("accounts/invite-client", () => {
  it("makes the client with one client.invited event and an audit row naming it", async () => {
    const staff = await createOwner(db);
    const effects = testEffects(db, { kind: "admin", id: staff.userId });
    const email = address("invited");
    const outcome = await inviteClient(effects, {
      email,
      firstName: "Grace",
      lastName: "Hopper",
      staff: { userId: staff.userId, email: "staff@example.com" },
    });
    expect(outcome).toMatchObject({ code: "invited", invitationSent: true });
    const [event] = await listEvents(db, { limit: 1, types: ["client.invited"] });
    expect(event).toMatchObject({
      actorKind: "admin",
      actorId: staff.userId,
      personId: await findUserIdByEmail(db, email),
    });
    expect(JSON.stringify(event)).not.toContain(email);
    const [entry] = await listStaffActivity(db, 1);
    expect(entry).toMatchObject({ key: event?.id, action: "client.create", email: "staff@example.com" });
  });

  it("answers email_taken for an address with an account, recording nothing", async () => {
    const staff = await createOwner(db);
    const email = address("twice");
    await signUp(testEffects(db, VISITOR), input(email));
    const before = await listEvents(db, { limit: 100 });
    const outcome = await inviteClient(testEffects(db, { kind: "admin", id: staff.userId }), {
      email,
      firstName: "Grace",
      lastName: "Hopper",
      staff: { userId: staff.userId, email: "staff@example.com" },
    });
    expect(outcome).toEqual({ code: "email_taken" });
    expect(await listEvents(db, { limit: 100 })).toEqual(before);
  });
});
