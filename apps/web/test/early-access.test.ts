import { env } from "cloudflare:workers";
import { VISITOR } from "@releve/core/platform/events";
import { EARLY_ACCESS_MESSAGES, REFERRAL_SOURCES } from "@releve/core/site/early-access";
import { getDb } from "@releve/db";
import { rateKey, recordRateEvent } from "@releve/db/platform/rate-limits";
import { referralSources } from "@releve/db/schema";
import { testEffects } from "@releve/verbs/testing/effects";
import { describe, expect, it } from "vitest";
import {
  EARLY_ACCESS_IP_LIMIT,
  EARLY_ACCESS_NETWORK_DAY_LIMIT,
  submitEarlyAccess,
} from "../app/features/site/early-access.server";

const db = getDb(env.DB);
const fx = testEffects(db, VISITOR);
const unique = () => `${crypto.randomUUID().slice(0, 8)}@example.com`;
const ip = () => `198.51.100.${Math.floor(Math.random() * 250)}`;
const entry = (email: string) =>
  env.DB.prepare("SELECT full_name, email, referral_source FROM early_access_entries WHERE email = ?")
    .bind(email.toLowerCase())
    .first();

describe("submitEarlyAccess", () => {
  it("joins the list with the chosen referral and says so", async () => {
    const email = unique();
    const outcome = await submitEarlyAccess(fx, { full_name: "Vera Laurent", email, referral_source: "press" }, ip());
    expect(outcome).toEqual({ ok: true, firstName: "Vera" });
    expect(await entry(email)).toEqual({ full_name: "Vera Laurent", email, referral_source: "press" });
  });

  it("refuses a second sign-up for the same email, whatever its case", async () => {
    const email = unique();
    expect((await submitEarlyAccess(fx, { full_name: "Vera", email }, ip())).ok).toBe(true);
    const again = await submitEarlyAccess(fx, { full_name: "Vera", email: ` ${email.toUpperCase()} ` }, ip());
    expect(again).toMatchObject({
      ok: false,
      status: 409,
      title: "Email already registered",
      message: "This email is already on our early access list.",
    });
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM early_access_entries WHERE lower(email) = ?")
      .bind(email)
      .first<{ n: number }>()) ?? { n: 0 };
    expect(n).toBe(1);
  });

  it("needs a full name and an email, and keeps what was typed", async () => {
    const forms: Record<string, string>[] = [
      {},
      { full_name: "Vera" },
      { email: unique() },
      { full_name: " ", email: " " },
    ];
    for (const form of forms) {
      const outcome = await submitEarlyAccess(fx, form, ip());
      expect(outcome, JSON.stringify(form)).toMatchObject({
        ok: false,
        status: 400,
        message: EARLY_ACCESS_MESSAGES.missing,
      });
    }
    const bad = await submitEarlyAccess(fx, { full_name: "Vera", email: "nope" }, ip());
    expect(bad).toMatchObject({ ok: false, status: 400, fieldErrors: { email: "Enter a valid email address" } });
    if (!bad.ok) expect(bad.values.email).toBe("nope");
  });

  it("files a newsletter subscription under referral 'other'", async () => {
    const email = unique();
    const outcome = await submitEarlyAccess(fx, { full_name: "Ines", email, referral_source: "press" }, ip(), {
      referral: "other",
    });
    expect(outcome.ok).toBe(true);
    expect(await entry(email)).toMatchObject({ referral_source: "other" });
  });

  // The caps themselves (the sliding window, the network's day) are the verb's:
  // packages/verbs/src/site/join-early-access.test.ts. Here, what the page says when one is full.
  /** A limit's window as if `n` sign-ups had come from `value` already (one batch, not n posts). */
  const fill = async (bucket: string, value: string, n: number) => {
    const key = await rateKey(bucket, value);
    const [first, ...rest] = Array.from({ length: n }, () => recordRateEvent(db, { bucket, key, at: Date.now() }));
    if (first) await db.batch([first, ...rest]);
  };

  it("says 429 with the connection's or the network's message when its cap is reached, storing nothing", async () => {
    const mine = "203.0.113.251";
    await fill("early_access_ip", mine, EARLY_ACCESS_IP_LIMIT);
    const email = unique();
    const blocked = await submitEarlyAccess(fx, { full_name: "Bot", email }, mine);
    expect(blocked).toMatchObject({ ok: false, status: 429, message: EARLY_ACCESS_MESSAGES.rateLimited });
    expect(await entry(email)).toBeNull();

    await fill("early_access_net", "198.18.7.0/24", EARLY_ACCESS_NETWORK_DAY_LIMIT);
    const over = await submitEarlyAccess(fx, { full_name: "Guest", email }, "198.18.7.9");
    expect(over).toMatchObject({ ok: false, status: 429, message: EARLY_ACCESS_MESSAGES.networkLimited });
    expect(await entry(email)).toBeNull();
  });

  it("offers exactly the referral choices the table accepts", () => {
    expect([...REFERRAL_SOURCES]).toEqual([...referralSources]);
  });
});
