import { devices, type Locator } from "@playwright/test";
import { demoPassword, signIn, uniqueEmail } from "./accounts";
import { invitedClientWithPiece } from "./admin-requests";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// Issue #49, "A maison, not a prototype": what a client and a staff member tripped on, walked on
// a 390 px phone (this spec runs in the phone project only), in English and in French. Each test
// names the item it covers; transfer.spec (item 1) and claim.spec (item 4's claim) cover the rest.

/** A second person's phone, as the project's own. */
const PHONE = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } };

const LANGUAGES = [
  {
    locale: "en-GB",
    acceptLanguage: "en",
    keepSaid: "Sending your details lets Camille keep them to get back in touch.",
    connect: "Connect with Camille",
    firstName: "First Name *",
    email: "Email",
    events: "Tell me about events where we could meet again.",
    news: "I'd like news and offers from Relevé.",
    missingName: "Missing information: please provide your first name.",
    missingWay: "Missing information: please provide an email or a phone number, so you can be reached.",
    connected: "Successfully Connected!",
    claimTitle: "Claim Your Garment",
    available: "Available to Claim",
    permanence: "This garment will be permanently added to your personal collection",
    scanQr: "Or open your phone's camera and point it at the QR code on the label",
    createToClaim: "Create an account to claim",
    signIn: "Sign in",
    linkedIn: "LinkedIn",
    saveProfile: "Save Profile",
    createAccount: "Create Account",
    signupCreated: "Account created. Confirm your email address to sign in.",
    signingIn: "Signing you in",
    blogNav: "Categories",
  },
  {
    locale: "fr-FR",
    acceptLanguage: "fr-FR,fr;q=0.9",
    keepSaid: "En envoyant vos coordonnées, vous permettez à Camille de les conserver pour vous recontacter.",
    connect: "Entrer en contact avec Camille",
    firstName: "Prénom *",
    email: "E-mail",
    events: "Prévenez-moi des événements où nous pourrions nous revoir.",
    news: "Je souhaite recevoir les nouvelles et offres de Relevé.",
    missingName: "Il manque une information : votre prénom.",
    missingWay: "Il manque une information : un e-mail ou un téléphone, pour que l'on puisse vous joindre.",
    connected: "Vous voilà en contact !",
    claimTitle: "Faites-la vôtre",
    available: "Disponible",
    permanence: "Cette pièce rejoindra durablement votre collection personnelle",
    scanQr: "Ou ouvrez l'appareil photo de votre téléphone et visez le QR code de l'étiquette",
    createToClaim: "Créer un compte pour l'ajouter",
    signIn: "Se connecter",
    linkedIn: "LinkedIn",
    saveProfile: "Enregistrer le profil",
    createAccount: "Créer mon compte",
    signupCreated: "Compte créé. Confirmez votre adresse e-mail pour vous connecter.",
    signingIn: "Connexion en cours",
    blogNav: "Rubriques",
  },
] as const;

const EN = LANGUAGES[0];

/** What has the focus, and that a person sees it without scrolling. */
async function expectFocusedInView(target: Locator) {
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
}

for (const words of LANGUAGES) {
  test.describe(`in ${words.locale}`, () => {
    test.use({ locale: words.locale, extraHTTPHeaders: { "Accept-Language": words.acceptLanguage } });

    test("item 2 and 3: the card's form assumes no consent, and its refusals are where the eye is", async ({
      page,
    }) => {
      await page.goto("/share/sj-004");
      // Item 2: keeping what is sent is said in a sentence; nothing that asks consent is ticked.
      await expect(page.getByText(words.keepSaid)).toBeVisible();
      const boxes = page.getByRole("checkbox");
      await expect(boxes).toHaveCount(2);
      for (const box of await boxes.all()) await expect(box).not.toBeChecked();
      await expectNoAxeViolations(page);

      // Item 3: a name without a way to reach says that, not 'provide your name'; the refusal has
      // the focus, on screen; what was ticked stays ticked.
      await page.getByLabel(words.firstName).fill("Noor");
      await page.getByLabel(words.events).check();
      await page.getByRole("button", { name: words.connect }).click();
      const alert = page.getByRole("alert").filter({ hasText: words.missingWay });
      await expectFocusedInView(alert);
      await expect(page.getByText(words.missingName)).toHaveCount(0);
      await expect(page.getByLabel(words.events)).toBeChecked();
      await expect(page.getByLabel(words.news)).not.toBeChecked();
      await expect(page.getByLabel(words.firstName)).toHaveValue("Noor");
      await expectNoAxeViolations(page);

      // A way to reach without a name names the name.
      await page.getByLabel(words.firstName).fill("");
      await page.getByLabel(words.email, { exact: true }).fill("noor@example.com");
      await page.getByRole("button", { name: words.connect }).click();
      await expectFocusedInView(page.getByRole("alert").filter({ hasText: words.missingName }));

      // After success, the success is what the visitor sees first.
      await page.getByLabel(words.firstName).fill("Noor");
      await page.getByRole("button", { name: words.connect }).click();
      const done = page.getByRole("status").filter({ hasText: words.connected });
      await expectFocusedInView(done);
    });

    test("item 4: an unclaimed piece is seen before it is claimed", async ({ page }) => {
      // ad-007 is claimed only in the desktop project (claim.spec); here it is unclaimed.
      const response = await page.goto("/claim/ad-007");
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/\/claim\/ad-007$/);
      await expect(page.getByRole("heading", { level: 1, name: words.claimTitle })).toBeVisible();
      await expect(page.getByText("Atelier Dress").first()).toBeVisible();
      await expect(page.getByText(words.available, { exact: true })).toBeVisible();
      await expect(page.getByText(words.permanence)).toBeVisible();
      const create = page.getByRole("link", { name: words.createToClaim });
      const signInLink = page.getByRole("link", { name: words.signIn, exact: true }).last();
      await expect(create).toHaveAttribute("href", "/auth?mode=signup&redirect=%2Fclaim%2Fad-007");
      await expect(signInLink).toHaveAttribute("href", "/auth?redirect=%2Fclaim%2Fad-007");
      // 'Create an account' first, 'Sign in' second.
      const [createBox, signInBox] = [await create.boundingBox(), await signInLink.boundingBox()];
      expect(createBox?.y ?? 0).toBeLessThan(signInBox?.y ?? 0);
      await expect(create).toBeInViewport();
      await expectNoAxeViolations(page);

      // Item 10: a phone without Web NFC (every iPhone; this browser has none) is offered the
      // label's printed code and its QR code, not a dead end.
      await page.goto("/tap-register");
      await expect(page.getByText(words.scanQr)).toBeVisible();
      await expect(page.locator('input[name="code"]')).toBeVisible();
    });

    test("item 11: the sign-up says what happens next, and the blog's chips fit a phone", async ({ page }) => {
      await page.goto("/auth?mode=signup");
      await page.locator('input[name="firstName"]').fill("Ada");
      await page.locator('input[name="lastName"]').fill("Lovelace");
      await page.locator('input[name="email"]').fill(uniqueEmail("words"));
      await page.locator('input[name="password"]').fill("a-maison-2026");
      await page.locator('input[name="confirmPassword"]').fill("a-maison-2026");
      await page.getByRole("button", { name: words.createAccount }).click();
      await expect(page.getByRole("status")).toHaveText(words.signupCreated);
      await expect(page.getByText(words.signingIn)).toHaveCount(0);

      // Every category chip whole on the phone's screen, none cut at its edge.
      await page.goto("/blog");
      const chips = page.getByRole("navigation", { name: words.blogNav }).getByRole("link");
      await expect(chips).toHaveCount(5);
      for (const chip of await chips.all()) await expect(chip).toBeInViewport({ ratio: 1 });
      await expectNoAxeViolations(page);
    });
  });
}

// The demo owner reads their account's language (English): focus, not words, is under test.
test("item 3: a hydrated form's refusal takes the focus where the person is", async ({ page }) => {
  await signIn(page, "owner@releve.local", demoPassword("owner"));
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  await page.goto("/profile-setup");
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByLabel(EN.linkedIn, { exact: true }).fill("javascript:alert(1)");
  await page.getByRole("button", { name: EN.saveProfile }).click();
  // The form's first refusal (its alert, else the field in error) has the focus, on screen.
  const refusal = page.locator('form [role="alert"], form [aria-invalid="true"]').first();
  await expectFocusedInView(refusal);
});

test("item 11: one word for one thing on an owner's pages, in English and in French", async ({ browser, baseURL }) => {
  const { page, garment } = await invitedClientWithPiece(browser, baseURL ?? "", {
    name: ["Odile", "Mots"],
    piece: "Evening Cape",
    password: "un-mot-2026",
  });
  const nfc = page.getByRole("region", { name: "NFC Sharing" });
  await page.goto("/dashboard");
  // The state, then what it means: not 'Enabled Active'.
  await expect(nfc.getByText("Enabled", { exact: true })).toBeVisible();
  await expect(nfc.getByText("On: a tap on your pieces opens your card.")).toBeVisible();
  await expect(nfc.getByText("Active", { exact: true })).toHaveCount(0);
  // One word for one count: 'Scans', never 'Taps'.
  await page.goto("/dashboard/wardrobe");
  await expect(page.getByRole("term").filter({ hasText: /^Scans$/ })).toHaveCount(1);
  await expect(page.getByText(/\bTaps\b/)).toHaveCount(0);
  // One row for one fact: 'Claimed on <date>', not a 'Claimed' status above a 'Claimed' date.
  await page.goto(`/dashboard/garment/${garment.id}`);
  await expect(page.getByText(/^Claimed on \d{1,2} \w+ \d{4}$/)).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: /^Claimed$/ })).toHaveCount(0);
  // Item 10: a title and a company, on the card and in its vCard (TITLE, ORG).
  await page.goto("/profile-setup");
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByLabel("Title (optional)").fill("Creative Director");
  await page.getByLabel("Company (optional)").fill("Maison Odile");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByRole("button", { name: "Save Profile" })).toBeEnabled();
  await expect
    .poll(async () => {
      await page.goto(`/share/${garment.slug}`);
      return page.getByText("Creative Director · Maison Odile").count();
    })
    .toBe(1);
  const vcf = await (await page.request.get(`/share/${garment.slug}/contact.vcf`)).text();
  expect(vcf).toContain("TITLE:Creative Director\r\n");
  expect(vcf).toContain("ORG:Maison Odile\r\n");

  // The NFC switch's label never contradicts its state; what on and off mean follows it.
  await page.goto("/profile-setup");
  await page.locator("html[data-hydrated]").waitFor();
  const sharing = page.getByRole("switch", { name: "Open my card when someone taps one of my pieces" });
  await expect(sharing).toBeChecked();
  await expect(page.getByText("On: a tap on your pieces opens your card.")).toBeVisible();
  await sharing.uncheck();
  await expect(page.getByText("Off: a tap shows that your profile is not available for sharing.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/dashboard");
  await page.getByRole("banner").getByRole("button", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const partage = page.getByRole("region", { name: "Partage NFC" });
  await expect(partage.getByText("Activé", { exact: true })).toBeVisible();
  await expect(partage.getByText("Actif", { exact: true })).toHaveCount(0);
  // 'Rencontres' everywhere, never 'Mises en relation' beside it.
  for (const path of ["/dashboard", "/dashboard/wardrobe", `/dashboard/garment/${garment.id}`]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    expect(await page.locator("body").innerText(), path).not.toMatch(/mises? en relation/i);
  }
  await expect(page.getByText(/^Enregistrée le \d{1,2} \S+ \d{4}$/)).toBeVisible();
  await page.context().close();
});

test("item 11: the card and the passport offer staff no way in, and print no bare address", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Admin Login" })).toBeVisible();
  for (const path of ["/share/sj-004", "/passport/sj-004"]) {
    await page.goto(path);
    await expect(page.getByRole("contentinfo").getByText("RELEVÉ", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Admin Login" }), path).toHaveCount(0);
  }
  // The passport names its Digital Link instead of printing it.
  await expect(page.getByRole("link", { name: "This piece's Digital Link" })).toHaveAttribute(
    "href",
    /\/01\/\d{14}\/21\/sj-004$/,
  );
  expect(await page.locator("main").innerText()).not.toMatch(/https?:\/\//);
  await expectNoAxeViolations(page);
});

/** Whether what is at the centre of `target` is the target itself (nothing, a toast say, lies over it). */
async function uncovered(target: Locator): Promise<string> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (el === top || el.contains(top)) ? "uncovered" : (top?.outerHTML.slice(0, 160) ?? "nothing");
  });
}

test("item 8: an event's Active badge follows its real state, and toasts cover nothing the person needs", async ({
  browser,
  baseURL,
}) => {
  const { page, garment } = await invitedClientWithPiece(browser, baseURL ?? "", {
    name: ["Odile", "Soirées"],
    piece: "Evening Cape",
    password: "deux-soirees-2026",
  });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const create = async (name: string, date: string) => {
    await page.goto("/dashboard/events");
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByRole("link", { name: "Create Event" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Event Name").fill(name);
    await dialog.getByLabel("Date (optional)").fill(date);
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(dialog).toBeHidden();
  };
  await create("Last Night's Dinner", day(-1));
  await create("Vernissage", day(7));
  // The toast covers neither the new event's card nor the header's buttons.
  const toast = page.locator("[data-sonner-toast]").first();
  await expect(toast).toBeVisible();
  const french = page.getByRole("banner").getByRole("button", { name: "Français" });
  await french.scrollIntoViewIfNeeded();
  expect(await uncovered(french)).toBe("uncovered");
  const card = page.getByRole("article", { name: "Vernissage" });
  await card.getByRole("link", { name: "View Vernissage" }).scrollIntoViewIfNeeded();
  expect(await uncovered(card.getByRole("link", { name: "View Vernissage" }))).toBe("uncovered");

  // The selector offers the event still to come, never the one that is over.
  const selector = page.getByRole("combobox", { name: "Active Event" });
  await expect(selector.locator("option")).toHaveText(["No Active Event", "Vernissage"]);
  await selector.selectOption({ label: "Vernissage" });
  await page.getByRole("button", { name: "Set Active Event" }).click();
  await expect(selector).toHaveValue(/\d+/);
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  const past = page.getByRole("article", { name: "Last Night's Dinner" });
  await expect(past.getByText("Past", { exact: true })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toHaveCount(1);
  await expectNoAxeViolations(page);

  await page.getByRole("banner").getByRole("button", { name: "Français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("article", { name: "Vernissage" }).getByText("Actif", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("article", { name: "Last Night's Dinner" }).getByText("Passé", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText("Actif", { exact: true })).toHaveCount(1);
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();

  // A new transfer link and its Copy button are never under the toast that announces it.
  await page.goto(`/dashboard/garment/${garment.id}`);
  await page.locator("html[data-hydrated]").waitFor();
  const ownership = page.getByRole("region", { name: "Ownership" });
  await ownership.getByRole("button", { name: "Transfer ownership" }).click();
  await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
  const copy = ownership.getByRole("button", { name: "Copy transfer link" });
  await copy.scrollIntoViewIfNeeded();
  expect(await uncovered(copy)).toBe("uncovered");
  expect(await uncovered(ownership.locator("code"))).toBe("uncovered");
  await page.context().close();
});

test("item 10: phone numbers read as their country writes them, export in E.164, and links share by the sheet", async ({
  page,
  browser,
}) => {
  // A visitor leaves a UK number, typed their way; it is stored normalised.
  await page.goto("/share/sj-004");
  await page.getByLabel("First Name *").fill("Imogen");
  await page.getByLabel("Last Name").fill("Sheet");
  await page.getByLabel("Phone").fill("+44 (0)20 7946 0000");
  await page.getByRole("button", { name: "Connect with Camille" }).click();
  await expect(page.getByRole("heading", { name: "Successfully Connected!" })).toBeVisible();

  // The owner's phone has a share sheet (a double records what it is given).
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, ...PHONE });
  await context.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(navigator, "share", { value: async (data: unknown) => void shared.push(data) });
  });
  const owner = await context.newPage();
  await signIn(owner, "owner@releve.local", demoPassword("owner"));
  await expect(owner).toHaveURL(/\/dashboard\/wardrobe$/);
  await owner.goto("/dashboard/contacts?q=Imogen");
  await expect(owner.getByText("+44 20 7946 0000")).toBeVisible();
  const csv = await (await owner.request.get("/dashboard/contacts/contacts.csv?q=Imogen")).text();
  expect(csv).toContain(",+442079460000,");
  expect(csv).not.toMatch(/[\u200B-\u200D]/);

  await owner.goto("/dashboard");
  await owner.locator("html[data-hydrated]").waitFor();
  await owner.getByRole("button", { name: "Share card link" }).click();
  await expect
    .poll(() => owner.evaluate(() => (window as unknown as { __shared: { url: string }[] }).__shared))
    .toEqual([expect.objectContaining({ url: expect.stringMatching(/\/contact\?id=[0-9a-f]{32}$|\/share\//) })]);
  await expectNoAxeViolations(owner);
  await context.close();
});
