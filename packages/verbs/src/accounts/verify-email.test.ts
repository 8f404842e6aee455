/**
 * accounts/verify-email (issue #28; issue #48), with the real bindings: a verification link
 * verifies once, with one `account.email_verified` event (whoever opened the link acts, the
 * account is the person it concerns); a spent, expired, unknown or wrong-purpose link changes
 * and records nothing.
 */
import { env } from "cloudflare:workers";
import { VISITOR } from "@releve/core/platform/events";
import { getDb } from "@releve/db";
import { domainEvents, emailOutbox, users } from "@releve/db/schema";
import { createUser } from "@releve/db/testing/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Effects } from "../effects";
import { testEffects } from "../testing/effects";
import { issueToken, TOKEN_TTL_MS } from "./auth-tokens";
import { signUp } from "./sign-up";
import { verifyEmail } from "./verify-email";

const db = getDb(env.DB);

const eventsAbout = (userId: string) =>
  db.select().from(domainEvents).where(eq(domainEvents.person_id, userId)).orderBy(domainEvents.id);
const verifiedAt = async (userId: string) =>
  (await db.select().from(users).where(eq(users.id, userId)).get())?.email_verified_at ?? null;
const at = (effects: Effects, ms: number): Effects =>
  Object.assign(Object.create(effects) as Effects, { now: () => new Date(ms) });

describe("accounts/verify-email", () => {
  it("signs up, then the mailed link verifies once and names the account, with one event", async () => {
    const fx = testEffects(db, VISITOR);
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await signUp(fx, { firstName: "Jo", lastName: "March", email, password: "correct horse battery", ip: null });
    const [message] = await db.select().from(emailOutbox).where(eq(emailOutbox.to_address, email));
    const token = new URL(/https:\/\/\S+/.exec(message?.text_body ?? "")?.[0] ?? "").searchParams.get("token") ?? "";
    const user = await db.query.users.findFirst({ where: eq(users.email, email) });
    if (!user) throw new Error("no account");
    expect(user.email_verified_at).toBeNull();

    expect(await verifyEmail(fx, { token })).toEqual({ code: "verified", userId: user.id });
    expect(await verifyEmail(fx, { token })).toEqual({ code: "invalid_token" });
    expect(await verifiedAt(user.id)).toBeInstanceOf(Date);

    // The sign-up's own event, then the verification's.
    const events = await eventsAbout(user.id);
    expect(events.map((e) => e.type)).toEqual(["account.created", "account.email_verified"]);
    expect(events[1]).toMatchObject({
      type: "account.email_verified",
      actor_kind: "visitor",
      actor_id: null,
      person_id: user.id,
      payload: {},
    });
    expect(JSON.stringify(events)).not.toContain(email);
  });

  it("a signed-in person opening the link acts as themselves", async () => {
    const userId = await createUser(db, { emailVerified: false });
    const token = await issueToken(db, userId, "email_verification");
    const fx = testEffects(db, { kind: "client", id: userId });
    expect(await verifyEmail(fx, { token })).toEqual({ code: "verified", userId });
    expect(await eventsAbout(userId)).toEqual([
      expect.objectContaining({ actor_kind: "client", actor_id: userId, person_id: userId }),
    ]);
  });

  it("refuses an expired, unknown, oversized or reset link, changing and recording nothing", async () => {
    const userId = await createUser(db, { emailVerified: false });
    const fx = testEffects(db, VISITOR);
    const t0 = Date.now();
    const verify = await issueToken(db, userId, "email_verification", t0);
    const reset = await issueToken(db, userId, "password_reset", t0);
    const late = at(fx, t0 + TOKEN_TTL_MS.email_verification + 1);
    expect(await verifyEmail(late, { token: verify })).toEqual({ code: "invalid_token" });
    expect(await verifyEmail(fx, { token: reset })).toEqual({ code: "invalid_token" });
    expect(await verifyEmail(fx, { token: "no-such-token" })).toEqual({ code: "invalid_token" });
    expect(await verifyEmail(fx, { token: "x".repeat(201) })).toEqual({ code: "invalid_token" });
    expect(await verifyEmail(fx, { token: "" })).toEqual({ code: "invalid_token" });
    expect(await verifiedAt(userId)).toBeNull();
    expect(await eventsAbout(userId)).toEqual([]);
    // Still good within its day.
    expect(await verifyEmail(at(fx, t0 + 23 * 3600_000), { token: verify })).toEqual({ code: "verified", userId });
  });
});
