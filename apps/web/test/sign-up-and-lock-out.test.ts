import { env } from "cloudflare:workers";
import { hashPassword } from "@releve/core";
import { AUTH_MESSAGES, MAIL_LIMITS } from "@releve/core/accounts/auth-constants";
import { SIGN_IN_DELAY, signInDelayMs } from "@releve/core/accounts/sign-in-delay";
import { VISITOR } from "@releve/core/platform/events";
import { emailOutbox, getDb, users } from "@releve/db";
import { createGarment } from "@releve/db/testing/factories";
import { takeMailLimits } from "@releve/verbs/accounts/mail-limits";
import { requestPasswordReset } from "@releve/verbs/accounts/request-password-reset";
import { signUp } from "@releve/verbs/accounts/sign-up";
import { testEffects } from "@releve/verbs/testing/effects";
import { and, desc, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { cloudflareContext } from "../app/context";
import * as authPage from "../app/features/accounts/auth";
import { authenticate, MAX_FAILURES_PER_EMAIL_NETWORK } from "../app/features/accounts/auth.server";
import * as verifiedPage from "../app/features/accounts/auth.verified";
import { readSession } from "../app/features/accounts/session.server";
import { args, routeContext } from "./route-support";

// Issue #28, deliverables 3 and 4: sign-up that does not tell a taken address from a new one,
// and a sign-in lock-out a stranger cannot turn against an account's owner (decision 0041).

const db = getDb(env.DB);
const ORIGIN = "https://releve.test";
// The sign-up and reset verbs act as a visitor from ORIGIN (issue #48).
const fx = testEffects(db, VISITOR);
const PASSWORD = "correct horse battery";

// A fresh sender network per use (rate events and attempts outlive a test).
let sender = Math.floor(Math.random() * 60_000);
const freshIp = () => {
  sender += 1;
  return `198.19.${(sender >> 8) & 255}.${sender & 255}`;
};
const freshIpv6Net = () => `2001:db8:${(++sender).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
const freshEmail = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 12)}@example.com`;

async function makeUser() {
  const id = crypto.randomUUID();
  const email = freshEmail("owner");
  await db.insert(users).values({ id, email, password_hash: await hashPassword(PASSWORD), first_name: "Ada" });
  return { id, email };
}

/** A route's context whose `waitUntil` keeps what it is given, so a test can wait for the mail. */
function contextWithWork(): { ctx: RouterContextProvider; settled: () => Promise<unknown> } {
  const ctx = routeContext(db, null);
  const work: Promise<unknown>[] = [];
  const base = ctx.get(cloudflareContext);
  ctx.set(cloudflareContext, {
    ...base,
    ctx: { waitUntil: (p: Promise<unknown>) => work.push(p), passThroughOnException: () => {} } as never,
  });
  return { ctx, settled: () => Promise.all(work) };
}

const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...headers },
  });

/** The answer as a browser would see it: status, body, and every header (Set-Cookie values masked). */
type Answer = {
  status: number;
  body: unknown;
  headers: [string, string][];
  setCookies: string[];
  location: string | null;
};

async function answerOf(run: () => unknown): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  let status = 200;
  let body: unknown = result;
  let headers = new Headers();
  if (result instanceof Response) {
    status = result.status;
    body = await result.text();
    headers = result.headers;
  } else {
    const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit };
    if (wrapped?.type === "DataWithResponseInit") {
      status = wrapped.init?.status ?? 200;
      body = wrapped.data;
      headers = new Headers(wrapped.init?.headers);
    }
  }
  const setCookies = headers.getSetCookie();
  return {
    status,
    body,
    headers: [...headers].filter(([name]) => name !== "set-cookie"),
    setCookies,
    location: headers.get("Location"),
  };
}

/** Cookie headers with their (random or signed) values masked: names and attributes remain. */
const cookieShapes = (setCookies: string[]) => setCookies.map((c) => c.replace(/^([^=]+)=[^;]*/, "$1=<value>"));

/** What a browser sends back from `setCookies` (name=value pairs, cleared ones dropped). */
const cookieJar = (...setCookies: string[][]) =>
  setCookies
    .flat()
    .filter((c) => !/Max-Age=0\b/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");

async function signUpPage(fields: { email: string; redirectTo?: string; ip: string; cookie?: string }) {
  const { ctx, settled } = contextWithWork();
  const request = post(
    "/auth?mode=signup",
    {
      intent: "signup",
      redirectTo: fields.redirectTo ?? "",
      firstName: "Jo",
      lastName: "March",
      email: fields.email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
    { "CF-Connecting-IP": fields.ip, ...(fields.cookie ? { Cookie: fields.cookie } : {}) },
  );
  const answer = await answerOf(() => authPage.action(args(request, ctx)));
  await settled();
  return answer;
}

async function signInPage(email: string, password: string, ip: string) {
  const request = post(
    "/auth?mode=login",
    { intent: "login", redirectTo: "", email, password },
    { "CF-Connecting-IP": ip },
  );
  return answerOf(() => authPage.action(args(request, routeContext(db, null))));
}

const newestMail = async (to: string) =>
  (await db.select().from(emailOutbox).where(eq(emailOutbox.to_address, to)).orderBy(desc(emailOutbox.id)).limit(1))[0];

const linkIn = (text: string | undefined) => /https:\/\/\S+/.exec(text ?? "")?.[0] ?? "";

async function openVerificationLink(to: string, cookie: string) {
  const link = new URL(linkIn((await newestMail(to))?.text_body));
  expect(link.pathname).toBe("/auth/verified");
  const token = link.searchParams.get("token") ?? "";
  const request = post("/auth/verified", { token }, cookie ? { Cookie: cookie } : {});
  return answerOf(() => verifiedPage.action(args(request, routeContext(db, null))));
}

describe("sign-up through /auth: a taken address answers as a new one", () => {
  it("same status, body, headers and cookies; no session; the new address gets its link, the owner a warning", async () => {
    const owner = await makeUser();
    const fresh = freshEmail("new");
    const ip = freshIp();
    const usersBefore = await db.$count(users);

    const taken = await signUpPage({ email: owner.email, ip, redirectTo: "/dashboard/events" });
    const created = await signUpPage({ email: fresh, ip, redirectTo: "/dashboard/events" });

    expect(created.status).toBe(200);
    expect(created.body).toEqual({ mode: "signup", checkInbox: fresh });
    expect({ ...taken, body: { ...(taken.body as object), checkInbox: "<address>" }, setCookies: [] }).toEqual({
      ...created,
      body: { ...(created.body as object), checkInbox: "<address>" },
      setCookies: [],
    });
    expect(cookieShapes(taken.setCookies)).toEqual(cookieShapes(created.setCookies));
    // Only where to go next is remembered (the same value for both): no session, no owner token.
    expect(cookieShapes(created.setCookies)).toEqual([
      "releve_signup_next=<value>; Max-Age=86400; Path=/; HttpOnly; Secure; SameSite=Lax",
    ]);
    expect(taken.setCookies).toEqual(created.setCookies);

    expect(await db.$count(users)).toBe(usersBefore + 1);
    expect(await newestMail(owner.email)).toMatchObject({
      kind: "signup_attempt",
      subject: "Someone tried to sign up with your address",
    });
    expect((await newestMail(owner.email))?.text_body).toContain(`${ORIGIN}/auth?mode=forgot`);
    expect(await newestMail(fresh)).toMatchObject({
      kind: "email_verification",
      subject: "Confirm your email address",
    });
    const account = await db.query.users.findFirst({ where: eq(users.email, fresh) });
    expect(account?.email_verified_at).toBeNull();
  });

  it("answers alike without a redirect: no cookie at all", async () => {
    const owner = await makeUser();
    const ip = freshIp();
    const taken = await signUpPage({ email: owner.email, ip });
    const created = await signUpPage({ email: freshEmail("plain"), ip });
    expect(taken.setCookies).toEqual([]);
    expect(created.setCookies).toEqual([]);
    expect(taken.status).toBe(created.status);
    expect(taken.headers).toEqual(created.headers);
  });

  it("opening the emailed link signs the new account in and goes on to the sign-up's redirect, once", async () => {
    const email = freshEmail("verify");
    const signedUp = await signUpPage({ email, ip: freshIp(), redirectTo: "/dashboard/events" });
    const opened = await openVerificationLink(email, cookieJar(signedUp.setCookies));
    expect(opened.status).toBe(302);
    expect(opened.location).toBe("/dashboard/events");
    const session = opened.setCookies.find((c) => c.startsWith("releve_session="));
    expect(session).toMatch(/^releve_session=[A-Za-z0-9_-]{43}; /);
    // The remembered redirect is spent with the link.
    expect(opened.setCookies.some((c) => /^releve_signup_next=;.*Max-Age=0/.test(c))).toBe(true);
    const { user } = await readSession(
      db,
      new Request(`${ORIGIN}/`, { headers: { Cookie: cookieJar([session ?? ""]) } }),
    );
    expect(user).toMatchObject({ email, emailVerified: true });

    const again = await openVerificationLink(email, "");
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: AUTH_MESSAGES.tokenInvalid });
    expect(again.setCookies).toEqual([]);
  });

  it("opening the emailed link continues a pending claim before anything else", async () => {
    const garment = await createGarment(db);
    const claimPath = `/claim/${garment.slug}`;
    // The visitor came from a tap: /auth remembers the garment as the pending claim.
    const landing = await answerOf(() =>
      authPage.loader(
        args(
          new Request(`${ORIGIN}/auth?mode=signup&redirect=${encodeURIComponent(claimPath)}`),
          routeContext(db, null),
        ),
      ),
    );
    expect(cookieShapes(landing.setCookies)[0]).toMatch(/^releve_pending_claim=<value>/);
    const email = freshEmail("claimer");
    const signedUp = await signUpPage({
      email,
      ip: freshIp(),
      redirectTo: claimPath,
      cookie: cookieJar(landing.setCookies),
    });
    const opened = await openVerificationLink(email, cookieJar(landing.setCookies, signedUp.setCookies));
    expect(opened.status).toBe(302);
    expect(opened.location).toBe(claimPath);
    expect(opened.setCookies.some((c) => c.startsWith("releve_session="))).toBe(true);
  });

  it("without a redirect, the link goes to the wardrobe", async () => {
    const email = freshEmail("plainverify");
    await signUpPage({ email, ip: freshIp() });
    const opened = await openVerificationLink(email, "");
    expect(opened.location).toBe("/dashboard/wardrobe");
  });
});

describe("sign-up's mail limits are taken before the address is looked up", () => {
  it("past the per-connection limit, a taken address gets the same 429 as a new one, and no mail", async () => {
    const owner = await makeUser();
    const ip = freshIp();
    const t0 = Date.now();
    for (let i = 0; i < MAIL_LIMITS.email_verification.perIp; i++)
      expect(await takeMailLimits(db, "email_verification", { email: freshEmail("fill"), ip }, t0)).toBeNull();
    const fresh = freshEmail("late");
    const mailsBefore = await db.$count(emailOutbox, eq(emailOutbox.to_address, owner.email));
    const taken = await signUpPage({ email: owner.email, ip });
    const created = await signUpPage({ email: fresh, ip });
    expect(taken.status).toBe(429);
    expect(taken.body).toMatchObject({ mode: "signup", formError: AUTH_MESSAGES.signupLimited });
    expect({ ...taken, body: { ...(taken.body as object), values: null } }).toEqual({
      ...created,
      body: { ...(created.body as object), values: null },
    });
    expect(await db.$count(emailOutbox, eq(emailOutbox.to_address, owner.email))).toBe(mailsBefore);
    expect(await db.$count(users, eq(users.email, fresh))).toBe(0);
  });

  it("past the per-address limit, a taken address and a new one are refused alike", async () => {
    const owner = await makeUser();
    const fresh = freshEmail("spent");
    const t0 = Date.now();
    const answers = [];
    for (const email of [owner.email, fresh]) {
      for (let i = 0; i < MAIL_LIMITS.email_verification.perEmail; i++)
        expect(await takeMailLimits(db, "email_verification", { email, ip: freshIp() }, t0 + i)).toBeNull();
      answers.push(
        await signUp(
          fx,
          { firstName: "A", lastName: "B", email, password: PASSWORD, ip: freshIp() },
          {
            now: t0 + 10,
          },
        ),
      );
    }
    expect(answers).toEqual([
      { code: "rate_limited", limit: "mailLimitedEmail", message: AUTH_MESSAGES.mailLimitedEmail },
      { code: "rate_limited", limit: "mailLimitedEmail", message: AUTH_MESSAGES.mailLimitedEmail },
    ]);
    expect(await db.$count(users, eq(users.email, fresh))).toBe(0);
    expect(await db.$count(emailOutbox, eq(emailOutbox.to_address, owner.email))).toBe(0);
  });

  it("a taken address uses up its hour's share like a new one: the fourth sign-up is refused", async () => {
    const owner = await makeUser();
    const t0 = Date.now();
    const attempt = (i: number) =>
      signUp(
        fx,
        { firstName: "A", lastName: "B", email: owner.email, password: PASSWORD, ip: freshIp() },
        {
          now: t0 + i,
        },
      );
    for (let i = 0; i < MAIL_LIMITS.email_verification.perEmail; i++)
      expect(await attempt(i)).toEqual({ code: "accepted" });
    expect(await attempt(10)).toEqual({
      code: "rate_limited",
      limit: "mailLimitedEmail",
      message: AUTH_MESSAGES.mailLimitedEmail,
    });
    expect(
      await db.$count(
        emailOutbox,
        and(eq(emailOutbox.to_address, owner.email), eq(emailOutbox.kind, "signup_attempt")),
      ),
    ).toBe(MAIL_LIMITS.email_verification.perEmail);
  });
});

describe("sign-in lock-out per email and sender network", () => {
  it("five wrong passwords from network A do not block the right one from network B; A stays locked", async () => {
    const owner = await makeUser();
    const a = freshIp();
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_NETWORK; i++) {
      const wrong = await signInPage(owner.email, "not the password", a);
      expect(wrong.status, `failure ${i + 1}`).toBe(400);
      expect(wrong.body).toMatchObject({ formError: AUTH_MESSAGES.invalidCredentials });
    }
    const fromB = await signInPage(owner.email, PASSWORD, freshIp());
    expect(fromB.status).toBe(302);
    expect(fromB.setCookies.some((c) => c.startsWith("releve_session="))).toBe(true);

    const fromA = await signInPage(owner.email, PASSWORD, a);
    expect(fromA.status).toBe(429);
    expect(fromA.body).toMatchObject({ formError: AUTH_MESSAGES.lockedOut });
    expect(fromA.setCookies).toEqual([]);
  });

  it("every address of one IPv6 /64 is one network: its failures lock all of it, not the next /64", async () => {
    const owner = await makeUser();
    const net = freshIpv6Net();
    for (let i = 1; i <= MAX_FAILURES_PER_EMAIL_NETWORK; i++)
      expect((await signInPage(owner.email, "not the password", `${net}::${i.toString(16)}`)).status).toBe(400);
    expect((await signInPage(owner.email, PASSWORD, `${net}:abcd:ef01:2345:6789`)).status).toBe(429);
    expect((await signInPage(owner.email, PASSWORD, `${freshIpv6Net()}::1`)).status).toBe(302);
  });

  it("an address failing from many networks is slowed, more with each failure up to the cap, never locked", async () => {
    const owner = await makeUser();
    const waits: number[] = [];
    const record = async (ms: number) => {
      waits.push(ms);
    };
    const t0 = Date.now();
    const networks = SIGN_IN_DELAY.freeFailures + 6;
    for (let i = 0; i < networks; i++) {
      const result = await authenticate(db, { email: owner.email, password: "guess", ip: freshIp() }, t0 + i, record);
      expect(result, `guess ${i + 1}`).toEqual({ ok: false, reason: "invalid" });
    }
    // The first few answer at once; then each waits longer, up to the cap.
    expect(waits).toEqual(Array.from({ length: networks }, (_, i) => signInDelayMs(i)).filter((ms) => ms > 0));
    expect(waits[0]).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBe(SIGN_IN_DELAY.maxMs);
    // The owner, from yet another network, still gets in: slowed, not locked.
    waits.length = 0;
    expect(await authenticate(db, { email: owner.email, password: PASSWORD, ip: freshIp() }, t0 + 100, record)).toEqual(
      {
        ok: true,
        userId: owner.id,
        adminRole: null,
      },
    );
    expect(waits).toEqual([SIGN_IN_DELAY.maxMs]);
    // Their success ends the slow-down.
    waits.length = 0;
    expect(
      (await authenticate(db, { email: owner.email, password: PASSWORD, ip: freshIp() }, t0 + 101, record)).ok,
    ).toBe(true);
    expect(waits).toEqual([]);
  });
});

describe("reset mails per address and sender network", () => {
  it("a stranger's network using up its share does not refuse the owner's reset from another network", async () => {
    const owner = await makeUser();
    const stranger = freshIp();
    const t0 = Date.now();
    const { perEmailNetwork } = MAIL_LIMITS.password_reset;
    for (let i = 0; i < perEmailNetwork; i++)
      expect(await requestPasswordReset(fx, { email: owner.email, ip: stranger }, { now: t0 + i })).toEqual({
        code: "accepted",
      });
    expect(await requestPasswordReset(fx, { email: owner.email, ip: stranger }, { now: t0 + 10 })).toEqual({
      code: "rate_limited",
      limit: "mailLimitedEmail",
      message: AUTH_MESSAGES.mailLimitedEmail,
    });
    // Every address of the stranger's /64 shares its share.
    const net = freshIpv6Net();
    for (let i = 1; i <= perEmailNetwork; i++)
      await requestPasswordReset(fx, { email: owner.email, ip: `${net}::${i}` }, { now: t0 + 20 + i });
    expect((await requestPasswordReset(fx, { email: owner.email, ip: `${net}::ffff` }, { now: t0 + 30 })).code).toBe(
      "rate_limited",
    );

    const before = await db.$count(
      emailOutbox,
      and(eq(emailOutbox.to_address, owner.email), eq(emailOutbox.kind, "password_reset")),
    );
    expect(await requestPasswordReset(fx, { email: owner.email, ip: freshIp() }, { now: t0 + 40 })).toEqual({
      code: "accepted",
    });
    expect(
      await db.$count(
        emailOutbox,
        and(eq(emailOutbox.to_address, owner.email), eq(emailOutbox.kind, "password_reset")),
      ),
    ).toBe(before + 1);
  });
});
