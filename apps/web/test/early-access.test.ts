import { env } from "cloudflare:workers";
import { EARLY_ACCESS_MESSAGES, REFERRAL_SOURCES } from "@releve/core/site/early-access";
import { getDb } from "@releve/db";
import { rateKey, recordRateEvent } from "@releve/db/platform/rate-limits";
import { referralSources } from "@releve/db/schema";
import { ageRateEvents } from "@releve/db/testing/factories";
import { describe, expect, it } from "vitest";
import {
  EARLY_ACCESS_IP_LIMIT,
  EARLY_ACCESS_NETWORK_DAY_LIMIT,
  EARLY_ACCESS_NETWORK_WINDOW_MS,
  EARLY_ACCESS_WINDOW_MS,
  submitEarlyAccess,
} from "../app/features/site/early-access.server";

const db = getDb(env.DB);
const unique = () => `${crypto.randomUUID().slice(0, 8)}@example.com`;
const ip = () => `198.51.100.${Math.floor(Math.random() * 250)}`;
const entry = (email: string) =>
  env.DB.prepare("SELECT full_name, email, referral_source FROM early_access_entries WHERE email = ?")
    .bind(email.toLowerCase())
    .first();

describe("submitEarlyAccess", () => {
  it("joins the list with the chosen referral and says so", async () => {
    const email = unique();
    const outcome = await submitEarlyAccess(db, { full_name: "Vera Laurent", email, referral_source: "press" }, ip());
    expect(outcome).toEqual({ ok: true, firstName: "Vera" });
    expect(await entry(email)).toEqual({ full_name: "Vera Laurent", email, referral_source: "press" });
  });

  it("refuses a second sign-up for the same email, whatever its case", async () => {
    const email = unique();
    expect((await submitEarlyAccess(db, { full_name: "Vera", email }, ip())).ok).toBe(true);
    const again = await submitEarlyAccess(db, { full_name: "Vera", email: ` ${email.toUpperCase()} ` }, ip());
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
      const outcome = await submitEarlyAccess(db, form, ip());
      expect(outcome, JSON.stringify(form)).toMatchObject({
        ok: false,
        status: 400,
        message: EARLY_ACCESS_MESSAGES.missing,
      });
    }
    const bad = await submitEarlyAccess(db, { full_name: "Vera", email: "nope" }, ip());
    expect(bad).toMatchObject({ ok: false, status: 400, fieldErrors: { email: "Enter a valid email address" } });
    if (!bad.ok) expect(bad.values.email).toBe("nope");
  });

  it("files a newsletter subscription under referral 'other'", async () => {
    const email = unique();
    const outcome = await submitEarlyAccess(db, { full_name: "Ines", email, referral_source: "press" }, ip(), {
      referral: "other",
    });
    expect(outcome.ok).toBe(true);
    expect(await entry(email)).toMatchObject({ referral_source: "other" });
  });

  it("stops one connection after the limit within the window, and only that one", async () => {
    const mine = `203.0.113.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < EARLY_ACCESS_IP_LIMIT; i++) {
      expect((await submitEarlyAccess(db, { full_name: "Bot", email: unique() }, mine)).ok).toBe(true);
    }
    const email = unique();
    const blocked = await submitEarlyAccess(db, { full_name: "Bot", email }, mine);
    expect(blocked).toMatchObject({ ok: false, status: 429, message: EARLY_ACCESS_MESSAGES.rateLimited });
    expect(await entry(email)).toBeNull();
    expect((await submitEarlyAccess(db, { full_name: "Vera", email: unique() }, "192.0.2.77")).ok).toBe(true);
    // The window slides: the same connection's old attempts stop counting.
    await ageRateEvents(db, "early_access_ip", EARLY_ACCESS_WINDOW_MS);
    expect((await submitEarlyAccess(db, { full_name: "Bot", email }, mine)).ok).toBe(true);
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
    expect((await submitEarlyAccess(db, { full_name: "Guest", email: unique() }, last)).ok).toBe(true);
    // Another address of the same network: not its connection's limit, the network's.
    const email = unique();
    const blocked = await submitEarlyAccess(db, { full_name: "Guest", email }, over);
    expect(blocked).toMatchObject({ ok: false, status: 429, message: EARLY_ACCESS_MESSAGES.networkLimited });
    expect(await entry(email)).toBeNull();
    expect((await submitEarlyAccess(db, { full_name: "Guest", email: unique() }, elsewhere)).ok).toBe(true);
    // A day later the network's sign-ups stop counting.
    await ageRateEvents(db, "early_access_net", EARLY_ACCESS_NETWORK_WINDOW_MS);
    expect((await submitEarlyAccess(db, { full_name: "Guest", email }, over)).ok).toBe(true);
  });

  it("offers exactly the referral choices the table accepts", () => {
    expect([...REFERRAL_SOURCES]).toEqual([...referralSources]);
  });
});
