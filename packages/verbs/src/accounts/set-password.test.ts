/**
 * accounts/set-password (issue #18; issue #48), with the real bindings: a reset link and an
 * invitation's link each set the password once, spend the account's reset links, verify the
 * address, and leave one `account.password_set` event saying which; a spent, expired, unknown
 * or wrong-purpose link changes and records nothing.
 */
import { env } from "cloudflare:workers";
import { verifyPassword } from "@releve/core/accounts/password";
import { VISITOR } from "@releve/core/platform/events";
import { getDb } from "@releve/db";
import { authTokens, domainEvents, emailOutbox, users } from "@releve/db/schema";
import { createOwner, createUser } from "@releve/db/testing/factories";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Effects } from "../effects";
import { testEffects } from "../testing/effects";
import { issueToken, TOKEN_TTL_MS } from "./auth-tokens";
import { inviteClient } from "./invite-client";
import { requestPasswordReset } from "./request-password-reset";
import { setPassword } from "./set-password";

const db = getDb(env.DB);
const NEW_PASSWORD = "a brand new password";

const eventsAbout = (userId: string) =>
  db.select().from(domainEvents).where(eq(domainEvents.person_id, userId)).orderBy(domainEvents.id);
const account = (userId: string) => db.select().from(users).where(eq(users.id, userId)).get();
const at = (effects: Effects, ms: number): Effects =>
  Object.assign(Object.create(effects) as Effects, { now: () => new Date(ms) });

async function linkMailedTo(email: string): Promise<string> {
  const [message] = await db.select().from(emailOutbox).where(eq(emailOutbox.to_address, email));
  return new URL(/https:\/\/\S+/.exec(message?.text_body ?? "")?.[0] ?? "").searchParams.get("token") ?? "";
}

describe("accounts/set-password", () => {
  it("sets the new password through a reset link once, spending the account's reset links, with one event", async () => {
    const userId = await createUser(db, { emailVerified: false });
    const email = `reset-${userId.slice(0, 8)}@example.com`;
    await db.update(users).set({ email }).where(eq(users.id, userId));
    const fx = testEffects(db, VISITOR);
    await requestPasswordReset(fx, { email, ip: null });
    const token = await linkMailedTo(email);
    const other = await issueToken(db, userId, "password_reset");

    expect(await setPassword(fx, { token, password: NEW_PASSWORD })).toEqual({ code: "set", userId, via: "reset" });
    expect(await setPassword(fx, { token, password: "another new password" })).toEqual({ code: "invalid_token" });
    expect(await setPassword(fx, { token: other, password: "another new password" })).toEqual({
      code: "invalid_token",
    });

    const row = await account(userId);
    expect(await verifyPassword(NEW_PASSWORD, row?.password_hash ?? "")).toBe(true);
    // The link came to the address: it is verified now.
    expect(row?.email_verified_at).toBeInstanceOf(Date);
    const live = await db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.user_id, userId), isNull(authTokens.used_at)));
    expect(live).toEqual([]);

    const events = await eventsAbout(userId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "account.password_set",
      actor_kind: "visitor",
      actor_id: null,
      person_id: userId,
      payload: { via: "reset" },
    });
  });

  it("an invited client's first password says invitation", async () => {
    const staff = await createOwner(db);
    const email = `invited-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const admin = testEffects(db, { kind: "admin", id: staff.userId });
    const invited = await inviteClient(admin, {
      email,
      firstName: "Clara",
      lastName: "Schumann",
      staff: { userId: staff.userId, email: "staff@example.com" },
    });
    expect(invited).toMatchObject({ code: "invited", invitationSent: true });
    const token = await linkMailedTo(email);
    const user = await db.query.users.findFirst({ where: eq(users.email, email) });
    if (!user) throw new Error("no account");

    expect(await setPassword(testEffects(db, VISITOR), { token, password: NEW_PASSWORD })).toEqual({
      code: "set",
      userId: user.id,
      via: "invitation",
    });
    expect((await account(user.id))?.email_verified_at).toBeInstanceOf(Date);
    expect(await eventsAbout(user.id)).toEqual([
      expect.objectContaining({ type: "client.invited", actor_kind: "admin" }),
      expect.objectContaining({ type: "account.password_set", payload: { via: "invitation" } }),
    ]);
  });

  it("keeps an earlier verification date", async () => {
    const userId = await createUser(db, { emailVerified: true });
    const before = (await account(userId))?.email_verified_at;
    const token = await issueToken(db, userId, "password_reset");
    await setPassword(testEffects(db, VISITOR), { token, password: NEW_PASSWORD });
    expect((await account(userId))?.email_verified_at).toEqual(before);
  });

  it("refuses an expired, unknown or verification link, changing and recording nothing", async () => {
    const userId = await createUser(db, { emailVerified: false });
    const before = (await account(userId))?.password_hash;
    const fx = testEffects(db, VISITOR);
    const t0 = Date.now();
    const reset = await issueToken(db, userId, "password_reset", t0);
    const verify = await issueToken(db, userId, "email_verification", t0);
    const late = at(fx, t0 + TOKEN_TTL_MS.password_reset + 1);
    expect(await setPassword(late, { token: reset, password: NEW_PASSWORD })).toEqual({ code: "invalid_token" });
    expect(await setPassword(fx, { token: verify, password: NEW_PASSWORD })).toEqual({ code: "invalid_token" });
    expect(await setPassword(fx, { token: "no-such-token", password: NEW_PASSWORD })).toEqual({
      code: "invalid_token",
    });
    const row = await account(userId);
    expect(row?.password_hash).toBe(before);
    expect(row?.email_verified_at).toBeNull();
    expect(await eventsAbout(userId)).toEqual([]);
  });
});
