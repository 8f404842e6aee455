/**
 * French and English (issue #34), the shell's side: the switcher's door, a signed-in person's
 * stored choice at sign-in, and the share form's refusals in the visitor's language. The card
 * itself, rendered in French through a real tap, is the end-to-end tier's (languages.spec.ts).
 */
import { env } from "cloudflare:workers";
import { getDb } from "@releve/db";
import { userLocale } from "@releve/db/accounts/locale";
import { createGarment, createOwner, createUser } from "@releve/db/testing/factories";
import { LOCALE_COOKIE, requestLocale } from "@releve/i18n";
import { withLocale } from "@releve/i18n/server";
import { describe, expect, it } from "vitest";
import { createSession, signInHeaders } from "../app/features/accounts/session.server";
import * as share from "../app/features/sharing/share";
import * as language from "../app/features/site/language";
import { args, outcome, routeContext } from "./route-support";

const db = getDb(env.DB);
const ORIGIN = "https://releve.test";

const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
  });

async function choose(form: Record<string, string>, user: { userId: string; email: string } | null = null) {
  return (await language.action(args(post("/language", form), routeContext(db, user)))) as Response;
}

describe("the language switcher's door, POST /language", () => {
  it("remembers the choice for a year and goes back where the person was", async () => {
    const res = await choose({ locale: "fr", back: "/blog?page=2" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/blog?page=2");
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(
      new RegExp(`^${LOCALE_COOKIE}=fr; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000; Secure$`),
    );
  });

  it("a signed-in person's choice is stored with their profile too", async () => {
    const userId = await createUser(db);
    const user = { userId, email: `user-${userId}@test.local` };
    expect(await userLocale(db, userId)).toBeNull();
    await choose({ locale: "fr", back: "/dashboard" }, user);
    expect(await userLocale(db, userId)).toBe("fr");
    await choose({ locale: "en", back: "/dashboard" }, user);
    expect(await userLocale(db, userId)).toBe("en");
  });

  it("a language we do not write changes nothing and says so; a way back off-site goes home", async () => {
    const userId = await createUser(db);
    for (const locale of ["de", "", "FR", "fr; Path=/evil", "x".repeat(5000)]) {
      const res = await choose({ locale, back: "/blog" }, { userId, email: `user-${userId}@test.local` });
      expect(res.status, locale).toBe(302);
      expect(res.headers.get("Location")).toBe("/blog");
      const cookies = res.headers.getSetCookie();
      expect(cookies.some((c) => c.startsWith(`${LOCALE_COOKIE}=`))).toBe(false);
      // The error toast instead.
      expect(cookies.some((c) => c.startsWith("releve_toast="))).toBe(true);
    }
    expect(await userLocale(db, userId)).toBeNull();
    for (const back of ["https://evil.example/", "//evil.example", "javascript:alert(1)", ""]) {
      const res = await choose({ locale: "fr", back });
      expect(res.headers.get("Location"), back).toBe("/");
    }
  });

  it("a GET goes home and changes nothing", async () => {
    const res = language.loader() as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("a signed-in person's language at sign-in: the most recent explicit choice wins", () => {
  const signIn = async (userId: string, headers: Record<string, string>) => {
    const request = new Request(`${ORIGIN}/auth`, { method: "POST", headers });
    return signInHeaders(await createSession(db, request, userId)).getSetCookie();
  };

  it("a choice made on this device before signing in is stored with the profile", async () => {
    const user = { id: await createUser(db) };
    const cookies = await signIn(user.id, { Cookie: `${LOCALE_COOKIE}=fr`, "Accept-Language": "en-GB" });
    expect(await userLocale(db, user.id)).toBe("fr");
    // The device has it already: no second language cookie.
    expect(cookies.filter((c) => c.startsWith(`${LOCALE_COOKIE}=`))).toEqual([]);
  });

  it("a new device with no choice adopts the profile's stored language", async () => {
    const user = { id: await createUser(db) };
    await signIn(user.id, { Cookie: `${LOCALE_COOKIE}=fr` });
    const cookies = await signIn(user.id, { "Accept-Language": "en-US,en;q=0.9" });
    expect(cookies.filter((c) => c.startsWith(`${LOCALE_COOKIE}=`)).map((c) => c.split(";")[0])).toEqual([
      `${LOCALE_COOKIE}=fr`,
    ]);
  });

  it("someone who never chose keeps what their browser asks for, so their mails speak it", async () => {
    const user = { id: await createUser(db) };
    const cookies = await signIn(user.id, { "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5" });
    expect(await userLocale(db, user.id)).toBe("fr");
    expect(cookies.filter((c) => c.startsWith(`${LOCALE_COOKIE}=`))).toEqual([]);
  });
});

describe("which language a request reads in", () => {
  const req = (url: string, headers: Record<string, string> = {}) => new Request(`${ORIGIN}${url}`, { headers });
  it("a link's ?lang=, then the cookie, then Accept-Language, then English", () => {
    expect(requestLocale(req("/share/x?lang=fr", { Cookie: `${LOCALE_COOKIE}=en` }))).toBe("fr");
    expect(requestLocale(req("/share/x?lang=xx", { Cookie: `${LOCALE_COOKIE}=en`, "Accept-Language": "fr" }))).toBe(
      "en",
    );
    expect(requestLocale(req("/", { "Accept-Language": "fr-FR" }))).toBe("fr");
    expect(requestLocale(req("/", { "Accept-Language": "de-DE, ja;q=0.5" }))).toBe("en");
    expect(requestLocale(req("/", { "Accept-Language": "fr;q=0, en" }))).toBe("en");
    expect(requestLocale(req("/"))).toBe("en");
  });
});

describe("the share form refuses in the visitor's language", () => {
  it("a missing name or address, a wrong address, a name too long: in French, and in English otherwise", async () => {
    const owner = await createOwner(db);
    const g = await createGarment(db, { ownerUserId: owner.userId });
    const send = (form: Record<string, string>) =>
      outcome(() => share.action(args(post(`/share/${g.slug}`, form), routeContext(db, null), { slug: g.slug })));
    const missing = { first_name: "", email: "" };
    const badAddress = { first_name: "Ana", email: "not-an-address" };
    const tooLong = { first_name: "A".repeat(81), email: "ana@example.com" };
    const fr = await withLocale("fr", async () => [await send(missing), await send(badAddress), await send(tooLong)]);
    expect(fr.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(fr[0]?.body).toMatchObject({
      formError: "Il manque une information : votre prénom, et un e-mail ou un téléphone.",
    });
    expect(fr[1]?.body).toMatchObject({ fieldErrors: { email: "Saisissez une adresse e-mail valide" } });
    expect(fr[2]?.body).toMatchObject({ fieldErrors: { first_name: "Prénom : 80 caractères au plus" } });
    // English, the spec's words, where nothing else is asked for.
    expect((await send(missing)).body).toMatchObject({
      formError: "Missing information: Please provide your name and either email or phone number",
    });
    expect((await send(badAddress)).body).toMatchObject({ fieldErrors: { email: "Enter a valid email address" } });
    expect((await send(tooLong)).body).toMatchObject({
      fieldErrors: { first_name: "First name must be at most 80 characters" },
    });
  });
});
