/**
 * site/join-early-access (spec part 2 §2, §8; issue #48), with the real bindings: a new address
 * is listed with one early_access.joined event naming the entry, never the address; a listed
 * address, or a sender over its connection's or its network's cap, stores and records nothing.
 */
import { env } from "cloudflare:workers";
import { VISITOR } from "@releve/core/platform/events";
import { EarlyAccessSchema } from "@releve/core/site/early-access";
import { getDb } from "@releve/db";
import { listEvents } from "@releve/db/platform/events";
import { rateKey, recordRateEvent } from "@releve/db/platform/rate-limits";
import { earlyAccessEntries } from "@releve/db/schema";
import { ageRateEvents } from "@releve/db/testing/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testEffects } from "../testing/effects";
import {
  EARLY_ACCESS_IP_LIMIT,
  EARLY_ACCESS_NETWORK_DAY_LIMIT,
  EARLY_ACCESS_NETWORK_WINDOW_MS,
  EARLY_ACCESS_WINDOW_MS,
  joinEarlyAccess,
} from "./join-early-access";

const db = getDb(env.DB);
const effects = testEffects(db, VISITOR);
const unique = () => `${crypto.randomUUID().slice(0, 8)}@example.com`;
const ip = () => `198.51.100.${Math.floor(Math.random() * 250)}`;
const entry = (full_name: string, email: string, referral_source?: string) =>
  EarlyAccessSchema.parse({ full_name, email, ...(referral_source ? { referral_source } : {}) });
const join = (full_name: string, email: string, from: string | null) =>
  joinEarlyAccess(effects, { entry: entry(full_name, email), ip: from });
const rowOf = (email: string) =>
  db.select().from(earlyAccessEntries).where(eq(earlyAccessEntries.email, email.toLowerCase())).get();
const allEvents = () => listEvents(db, { limit: 1000 });

describe("site/join-early-access", () => {
  it("lists the address with one event naming the entry, not the address", async () => {
    const email = unique();
    const outcome = await joinEarlyAccess(effects, { entry: entry("Vera Laurent", email, "press"), ip: ip() });
    const row = await rowOf(email);
    expect(row).toMatchObject({ full_name: "Vera Laurent", email, referral_source: "press" });
    expect(outcome).toEqual({ code: "joined", entryId: row?.id });
    const [event] = await listEvents(db, { limit: 1, types: ["early_access.joined"] });
    expect(event).toMatchObject({
      actorKind: "visitor",
      actorId: null,
      personId: null,
      garmentId: null,
      payload: { entryId: row?.id },
    });
    expect(JSON.stringify(event)).not.toContain(email);
    expect(JSON.stringify(event)).not.toContain("Vera");
  });

  it("stores and records nothing for an address already listed, whatever its case", async () => {
    const email = unique();
    expect(await join("Vera", email, ip())).toMatchObject({ code: "joined" });
    const before = await allEvents();
    expect(await join("Vera", ` ${email.toUpperCase()} `, ip())).toEqual({ code: "duplicate" });
    expect(await db.$count(earlyAccessEntries, eq(earlyAccessEntries.email, email))).toBe(1);
    expect(await allEvents()).toEqual(before);
  });

  it("stops one connection after the limit within the window, and only that one, recording nothing", async () => {
    const mine = `203.0.113.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < EARLY_ACCESS_IP_LIMIT; i++) {
      expect((await join("Bot", unique(), mine)).code).toBe("joined");
    }
    const email = unique();
    const before = await allEvents();
    expect(await join("Bot", email, mine)).toEqual({ code: "rate_limited" });
    expect(await rowOf(email)).toBeUndefined();
    expect(await allEvents()).toEqual(before);
    expect((await join("Vera", unique(), "192.0.2.77")).code).toBe("joined");
    // The window slides: the same connection's old attempts stop counting.
    await ageRateEvents(db, "early_access_ip", EARLY_ACCESS_WINDOW_MS);
    expect((await join("Bot", email, mine)).code).toBe("joined");
  });

  /** A network's day as if `n` sign-ups had come from it already (one batch, not n posts). */
  const fillNetwork = async (prefix: string, n: number) => {
    const key = await rateKey("early_access_net", prefix);
    const [first, ...rest] = Array.from({ length: n }, () =>
      recordRateEvent(db, { bucket: "early_access_net", key, at: Date.now() }),
    );
    if (first) await db.batch([first, ...rest]);
  };

  it.each([
    ["IPv4 /24", "198.18.0.0/24", "198.18.0.1", "198.18.0.2", "198.18.1.2"],
    ["IPv6 /48", "2001:db8:5::/48", "2001:db8:5:1::9", "2001:db8:5:2::9", "2001:db8:6:2::9"],
  ])("caps a network's day (an %s), whatever address in it posts", async (_, prefix, last, over, elsewhere) => {
    await fillNetwork(prefix, EARLY_ACCESS_NETWORK_DAY_LIMIT - 1);
    expect((await join("Guest", unique(), last)).code).toBe("joined");
    // Another address of the same network: not its connection's limit, the network's.
    const email = unique();
    const before = await allEvents();
    expect(await join("Guest", email, over)).toEqual({ code: "network_limited" });
    expect(await rowOf(email)).toBeUndefined();
    expect(await allEvents()).toEqual(before);
    expect((await join("Guest", unique(), elsewhere)).code).toBe("joined");
    // A day later the network's sign-ups stop counting.
    await ageRateEvents(db, "early_access_net", EARLY_ACCESS_NETWORK_WINDOW_MS);
    expect((await join("Guest", email, over)).code).toBe("joined");
  });
});
