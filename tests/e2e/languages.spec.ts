import type { Browser, Page } from "@playwright/test";
import { signIn, signUp, uniqueEmail } from "./accounts";
import { invitedClientWithPiece } from "./admin-requests";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// Issue #34: French and English. The seeded piece sj-004 is Camille Laurent's, sharing on.

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const CARD = "sj-004";

test.describe("a tap answers in the visitor's language (workerd: the tap, the shell, one request)", () => {
  const tap = (request: import("@playwright/test").APIRequestContext, headers: Record<string, string>) =>
    request.get(`/t/${CARD}`, { headers: { "User-Agent": PHONE_UA, ...headers }, maxRedirects: 0 });

  test('Accept-Language fr-FR: the card in French, lang="fr"; an unknown language: English', async ({ request }) => {
    const fr = await tap(request, { "Accept-Language": "fr-FR,fr;q=0.9" });
    expect(fr.status()).toBe(200);
    expect(fr.headers()["content-language"]).toBe("fr");
    const french = await fr.text();
    expect(french).toMatch(/<html lang="fr"/);
    expect(french).toContain("Laissez vos coordonnées");
    expect(french).toContain("Entrer en contact avec Camille");
    // What the owner typed stays as typed.
    expect(french).toContain("Creative director with a weakness for tailoring and quiet luxury.");

    const de = await tap(request, { "Accept-Language": "de-DE,de;q=0.9" });
    const english = await de.text();
    expect(english).toMatch(/<html lang="en"/);
    expect(english).toContain("Share Your Contact Info");
    expect(english).toContain("Connect with Camille");
  });

  test("the card names its alternates; a link's ?lang= holds for its page", async ({ request, baseURL }) => {
    const page = await request.get(`/share/${CARD}`, { headers: { "User-Agent": PHONE_UA } });
    const html = await page.text();
    for (const [lang, href] of [
      ["en", `${baseURL}/share/${CARD}?lang=en`],
      ["fr", `${baseURL}/share/${CARD}?lang=fr`],
      ["x-default", `${baseURL}/share/${CARD}`],
    ]) {
      // React writes the attribute as hrefLang; HTML reads attribute names without case.
      expect(html).toContain(`<link rel="alternate" hrefLang="${lang}" href="${href}"/>`);
    }
    const linked = await request.get(`/t/${CARD}?lang=fr`, {
      headers: { "User-Agent": PHONE_UA, "Accept-Language": "en" },
    });
    expect(await linked.text()).toMatch(/<html lang="fr"/);
  });
});

test("the switcher changes the language, which holds across pages and sign-in", async ({ browser, baseURL }) => {
  const email = uniqueEmail("langue").toLowerCase();
  const password = "toujours-en-francais-2026";
  const first = await browser.newContext({ baseURL, userAgent: PHONE_UA, viewport: { width: 390, height: 844 } });
  const page = await first.newPage();
  await signUp(page, email, password);
  // The wardrobe, arrived and drawn, before the switcher is used (as a person sees it first).
  await expect(page.getByRole("heading", { name: "Your Collection" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // From the header: the page comes back in French, the same page.
  const before = new URL(page.url()).pathname;
  await page.getByRole("banner").getByRole("button", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  expect(new URL(page.url()).pathname).toBe(before);
  await expect(page.getByRole("banner").getByRole("button", { name: "English" })).toBeVisible();

  // Other pages, plain and hydrated, stay French.
  for (const path of ["/", "/learn-more", "/dashboard"]) {
    await page.goto(path);
    await expect(page.locator("html"), path).toHaveAttribute("lang", "fr");
  }
  await expect(page.getByRole("contentinfo").getByText("Tous droits réservés", { exact: false })).toBeVisible();
  await first.close();

  // Another device, an English browser, no cookie: signing in brings the stored choice back.
  const second = await browser.newContext({ baseURL, locale: "en-GB" });
  const again = await second.newPage();
  await signIn(again, email, password);
  await again.waitForURL((url) => url.pathname !== "/auth");
  await expect(again.locator("html")).toHaveAttribute("lang", "fr");
  // And the footer switches back, which holds too.
  await again.getByRole("contentinfo").getByRole("button", { name: "English" }).click();
  await expect(again.locator("html")).toHaveAttribute("lang", "en");
  await again.goto("/");
  await expect(again.locator("html")).toHaveAttribute("lang", "en");
  await second.close();
});

test("the card passes axe in both languages, on a phone", async ({ browser, baseURL }) => {
  for (const locale of ["en-GB", "fr-FR"]) {
    const context = await browser.newContext({
      baseURL,
      locale,
      userAgent: PHONE_UA,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(`/share/${CARD}`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale.slice(0, 2));
    await expectNoAxeViolations(page);
    // Nothing runs wider than the phone, in the longer language too.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, locale).toBeLessThanOrEqual(0);
    await context.close();
  }
});

test("a French visitor's connection reaches each owner in the owner's language; the visitor's mail in theirs", async ({
  browser,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const password = "langue-de-chacun-2026";
  const french = await invitedClientWithPiece(browser, origin, {
    name: ["Odile", "Française"],
    piece: "Cape du soir",
    password,
  });
  const english = await invitedClientWithPiece(browser, origin, {
    name: ["Olive", "English"],
    piece: "Evening Cape",
    password,
  });
  // Odile chooses French (stored with her profile); Olive keeps English.
  await french.page.goto("/dashboard");
  await french.page.getByRole("banner").getByRole("button", { name: "Français" }).click();
  await expect(french.page.locator("html")).toHaveAttribute("lang", "fr");

  const run = testInfo.project.name;
  for (const [owner, firstName, visitor] of [
    [french, "Odile", `Lucien ${run}`],
    [english, "Olive", `Mila ${run}`],
  ] as const) {
    const context = await browser.newContext({ baseURL: origin, userAgent: PHONE_UA, locale: "fr-FR" });
    const phone = await context.newPage();
    await phone.goto(`/t/${owner.garment.slug}`);
    await phone.getByLabel("Prénom *").fill(visitor);
    await phone.getByLabel("E-mail").fill(`${visitor.toLowerCase().replaceAll(" ", ".")}@example.com`);
    await phone.getByRole("button", { name: `Entrer en contact avec ${firstName}` }).click();
    await expect(phone.getByRole("heading", { name: "Vous voilà en contact !" })).toBeVisible();
    await context.close();
  }

  const outbox = await browser.newPage({ baseURL: origin });
  const mailed = async (subject: string, to: string) => {
    const mail = outbox.getByRole("article", { name: `${subject} to ${to}` });
    await expect
      .poll(
        async () => {
          await outbox.goto("/dev/outbox");
          return mail.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    return mail;
  };
  const toOdile = await mailed(`Lucien ${run} vous a laissé ses coordonnées`, french.email);
  await expect(toOdile.getByText("Bonjour Odile,")).toBeVisible();
  await expect(toOdile.getByText("Pièce : Cape du soir")).toBeVisible();
  const toOlive = await mailed(`Mila ${run} connected with you`, english.email);
  await expect(toOlive.getByText("Hello Olive,")).toBeVisible();
  // The visitor's own mail speaks the language of the page they used.
  await mailed("Vous avez laissé vos coordonnées à Olive", `mila.${run}@example.com`);
  await outbox.close();
});

test("a piece's scans on the dashboard: 1 scan, 2 scans, in English and French (one word, issue #49)", async ({
  browser,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const owner = await invitedClientWithPiece(browser, origin, {
    name: ["Odile", "Compte"],
    piece: "Evening Cape",
    password: "un-deux-2026",
  });
  const { page } = owner;
  /** A visitor's phone taps the piece from an address of its own (one tap each, no burst). */
  const tapFrom = async (ip: string) => {
    const phone = await browser.newContext({
      baseURL: origin,
      userAgent: PHONE_UA,
      extraHTTPHeaders: { "CF-Connecting-IP": ip },
    });
    const response = await (await phone.newPage()).goto(`/t/${owner.garment.slug}`);
    expect(response?.status()).toBe(200);
    await phone.close();
  };
  const showsOnDashboard = async (text: string) =>
    expect
      .poll(
        async () => {
          await page.goto("/dashboard");
          return page.getByText(text, { exact: true }).count();
        },
        { message: `the dashboard shows "${text}"`, timeout: 20_000 },
      )
      .toBe(1);

  // Each project its own owner and piece, and its own visitors' addresses.
  const net = testInfo.project.name === "phone" ? "203.0.113" : "198.51.100";
  await tapFrom(`${net}.41`);
  await showsOnDashboard("1 scan");
  await page.getByRole("banner").getByRole("button", { name: "Français" }).click();
  await showsOnDashboard("1 scan");
  await tapFrom(`${net}.42`);
  await showsOnDashboard("2 scans");
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  await showsOnDashboard("2 scans");
});

/**
 * A new owner with one piece, on a phone's width, who has chosen French (stored with their
 * profile). Each test of the pages below has its own: a test stands alone.
 */
async function frenchOwnerOnAPhone(browser: Browser, origin: string) {
  const owner = await invitedClientWithPiece(browser, origin, {
    name: ["Odile", "Axe"],
    piece: "Manteau du soir",
    password: "axe-en-francais-2026",
  });
  await owner.page.setViewportSize({ width: 390, height: 844 });
  await owner.page.goto("/dashboard");
  await owner.page.getByRole("banner").getByRole("button", { name: "Français" }).click();
  await expect(owner.page.locator("html")).toHaveAttribute("lang", "fr");
  return owner;
}

/** The page at `path` is French, passes axe, and nothing on it runs wider than the phone. */
async function frenchAndFits(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html"), path).toHaveAttribute("lang", "fr");
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, path).toBeLessThanOrEqual(0);
}

test("the owner's pages pass axe in French; nothing overflows a phone", async ({ browser, baseURL }) => {
  const { page } = await frenchOwnerOnAPhone(browser, baseURL ?? "");
  for (const path of ["/dashboard", "/dashboard/wardrobe", "/dashboard/analytics", "/profile-setup"]) {
    await frenchAndFits(page, path);
  }
  await page.context().close();
});

test("the passport passes axe in French; nothing overflows a phone", async ({ browser, baseURL }) => {
  const { page, garment } = await frenchOwnerOnAPhone(browser, baseURL ?? "");
  await frenchAndFits(page, `/passport/${garment.slug}`);
  await page.context().close();
});

test("the public pages pass axe in French for a signed-in owner; nothing overflows a phone", async ({
  browser,
  baseURL,
}) => {
  const { page } = await frenchOwnerOnAPhone(browser, baseURL ?? "");
  for (const path of ["/", "/learn-more", "/blog"]) {
    await frenchAndFits(page, path);
  }
  await page.context().close();
});
