/**
 * New-connection alerts on the shell's side (issue #33): a visitor's details leave an alert for
 * the owner whichever door they came through; the owner chooses how often on the profile page;
 * the unsubscribe link works without signing in, in one click (RFC 8058), and a forged,
 * truncated or deleted account's link changes nothing.
 */
import { env, exports } from "cloudflare:workers";
import { UNSUBSCRIBE_MESSAGES, unsubscribeToken } from "@releve/core/crm/alerts";
import { getDb } from "@releve/db";
import { readAlertSettings } from "@releve/db/crm/alerts";
import { ownerAlerts, users } from "@releve/db/schema";
import { createGarment, createOwner } from "@releve/db/testing/factories";
import { claimAs } from "@releve/verbs/testing/pieces";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as profilePage from "../app/features/accounts/profile-setup";
import * as unsubscribePage from "../app/features/crm/unsubscribe";
import * as receiveInfo from "../app/features/sharing/receive-info";
import * as sharePage from "../app/features/sharing/share";
import { args, outcome, routeContext } from "./route-support";

const db = getDb(env.DB);
const ORIGIN = "https://releve.test";
const SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;

let ip = 0;
const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": `198.51.100.${++ip % 250}`,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });

const pending = (userId: string) =>
  db.$count(ownerAlerts, and(eq(ownerAlerts.owner_user_id, userId), isNull(ownerAlerts.sent_at)));
const frequencyOf = async (userId: string) => (await readAlertSettings(db, userId))?.frequency;

describe("a connection leaves an alert", () => {
  it("through the share form and the contact card", async () => {
    const owner = await createOwner(db);
    const garment = await createGarment(db);
    await claimAs(db, owner.userId, garment.slug);
    const shared = await outcome(() =>
      sharePage.action(
        args(
          form(`/share/${garment.slug}`, { first_name: "Ines", last_name: "Roy", email: "ines@example.com" }),
          routeContext(db, null),
          { slug: garment.slug },
        ),
      ),
    );
    expect(shared).toMatchObject({ status: 303 });
    expect(await pending(owner.userId)).toBe(1);
    const clientId = (
      await env.DB.prepare("select client_id from profiles where user_id = ?")
        .bind(owner.userId)
        .first<{ client_id: string }>()
    )?.client_id;
    const card = await outcome(() =>
      receiveInfo.action(
        args(
          form(`/receive-info?id=${clientId}`, { guest_name: "Jules Faure", phone: "+33 6 11 22 33 44" }),
          routeContext(db, null),
        ),
      ),
    );
    expect(card.status).toBe(303);
    expect(await pending(owner.userId)).toBe(2);
  });
});

describe("Notifications on the profile page", () => {
  it("saves the owner's choice, and a value outside the three changes nothing", async () => {
    const owner = await createOwner(db);
    const as = routeContext(db, { userId: owner.userId, email: "o@example.com" });
    const loaded = await outcome(() => profilePage.loader(args(new Request(`${ORIGIN}/profile-setup`), as)));
    expect((loaded.body as { alertFrequency: string }).alertFrequency).toBe("each");
    const saved = await outcome(() =>
      profilePage.action(args(form("/profile-setup", { intent: "notifications", alert_frequency: "daily" }), as)),
    );
    expect(saved.status).toBe(302);
    expect(await frequencyOf(owner.userId)).toBe("daily");
    for (const bad of ["weekly", "", "each ", "OFF"]) {
      const refused = await outcome(() =>
        profilePage.action(args(form("/profile-setup", { intent: "notifications", alert_frequency: bad }), as)),
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ notificationsError: "Choose how often you hear of new connections." });
    }
    expect(await frequencyOf(owner.userId)).toBe("daily");
  });
});

describe("/unsubscribe/<token>", () => {
  const page = async (token: string) =>
    outcome(() =>
      unsubscribePage.loader(args(new Request(`${ORIGIN}/unsubscribe/${token}`), routeContext(db, null), { token })),
    );
  const oneClick = async (token: string) =>
    outcome(() =>
      unsubscribePage.action(
        args(form(`/unsubscribe/${token}`, { "List-Unsubscribe": "One-Click" }), routeContext(db, null), { token }),
      ),
    );

  it("asks on GET (a scanner's prefetch changes nothing), and the one-click POST turns alerts off and says so", async () => {
    const owner = await createOwner(db);
    const token = await unsubscribeToken(SECRET, owner.userId);
    const asked = await page(token);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ state: "confirm", off: false });
    expect((asked.body as { email: string }).email).toMatch(/^u•••@test\.local$/);
    expect(await frequencyOf(owner.userId)).toBe("each");
    const done = await oneClick(token);
    expect(done).toMatchObject({ status: 200, body: { state: "done", alreadyOff: false } });
    expect(await frequencyOf(owner.userId)).toBe("off");
    // Again: it says nothing more was changed.
    expect((await oneClick(token)).body).toEqual({ state: "done", alreadyOff: true });
  });

  it("a forged, truncated, other-purpose or deleted account's token: a clear 404 that changes nothing", async () => {
    const owner = await createOwner(db);
    const token = await unsubscribeToken(SECRET, owner.userId);
    const gone = await createOwner(db);
    const goneToken = await unsubscribeToken(SECRET, gone.userId);
    await db.delete(users).where(eq(users.id, gone.userId));
    const other = await createOwner(db);
    for (const bad of [
      token.slice(0, -2),
      `${other.userId}.${token.split(".")[1]}`,
      `${owner.userId}.${"x".repeat(43)}`,
      "nonsense",
      goneToken,
    ]) {
      expect(await page(bad)).toMatchObject({ status: 404, body: { state: "invalid" } });
      expect(await oneClick(bad)).toMatchObject({ status: 404, body: { state: "invalid" } });
    }
    expect(await frequencyOf(owner.userId)).toBe("each");
    expect(await frequencyOf(other.userId)).toBe("each");
    expect(UNSUBSCRIBE_MESSAGES.invalid).toBe("This unsubscribe link is not valid");
  });

  it("the shell lets a mail provider's one-click POST through (no Origin), and nothing else", async () => {
    const call = (path: string, init?: RequestInit) => exports.default.fetch(`http://releve.test${path}`, init);
    const body = "List-Unsubscribe=One-Click";
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    const through = await call("/unsubscribe/abc.def", { method: "POST", headers, body });
    expect(through.status).toBe(200);
    expect(await through.text()).toBe("page /unsubscribe/abc.def");
    for (const path of ["/unsubscribe/abc/more", "/profile-setup", "/unsubscribe"]) {
      expect((await call(path, { method: "POST", headers, body })).status).toBe(403);
    }
  });
});
