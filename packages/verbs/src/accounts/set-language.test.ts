/**
 * accounts/set-language (issue #34; issue #48), with the real bindings: a signed-in person's
 * choice is stored with one `profile.language_changed` event; the same choice again, or an
 * unknown account, records nothing.
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { userLocale } from "@releve/db/accounts/locale";
import { domainEvents } from "@releve/db/schema";
import { createUser } from "@releve/db/testing/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import { setLanguage } from "./set-language";

const db = getDb(env.DB);

const eventsBy = (userId: string) =>
  db.select().from(domainEvents).where(eq(domainEvents.actor_id, userId)).orderBy(domainEvents.id);

describe("accounts/set-language", () => {
  it("stores the language with one event naming it", async () => {
    const userId = await createUser(db);
    const effects = testEffects(db, { kind: "client", id: userId });
    expect(await setLanguage(effects, { userId, locale: "fr" })).toEqual({ code: "set" });
    expect(await userLocale(db, userId)).toBe("fr");
    const events = await eventsBy(userId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "profile.language_changed",
      actor_kind: "client",
      actor_id: userId,
      person_id: null,
      payload: { locale: "fr" },
    });

    expect(await setLanguage(effects, { userId, locale: "en" })).toEqual({ code: "set" });
    expect(await userLocale(db, userId)).toBe("en");
    expect((await eventsBy(userId)).map((e) => e.payload)).toEqual([{ locale: "fr" }, { locale: "en" }]);
  });

  it("choosing the language already stored answers set and records nothing", async () => {
    const userId = await createUser(db);
    const effects = testEffects(db, { kind: "client", id: userId });
    await setLanguage(effects, { userId, locale: "fr" });
    expect(await setLanguage(effects, { userId, locale: "fr" })).toEqual({ code: "set" });
    expect(await eventsBy(userId)).toHaveLength(1);
  });

  it("answers no_user for an unknown account, recording nothing", async () => {
    const userId = crypto.randomUUID();
    const effects = testEffects(db, { kind: "client", id: userId });
    expect(await setLanguage(effects, { userId, locale: "fr" })).toEqual({ code: "no_user" });
    expect(await eventsBy(userId)).toEqual([]);
  });
});
