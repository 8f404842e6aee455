import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";

// A newcomer's tour of every public page on a phone (issue #10), with a screenshot of each
// page kept as a test artefact. The landing, Learn More, blog, article and early-access pages are plain
// HTML (no client script, decision 0020), the article with a small inline script for Share and
// Save; the NFC demo hydrates.

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  // Scroll through once so lazy images below the fold are in the picture.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => window.scrollTo(0, 0));
  const path = testInfo.outputPath(`${name}.png`);
  // One pixel per CSS pixel: a phone's whole page at its device scale is a bitmap seven times
  // larger, which a loaded machine can take longer than the test's time to paint.
  await page.screenshot({ path, fullPage: true, scale: "css" });
  await testInfo.attach(name, { path, contentType: "image/png" });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    "no sideways scroll",
  ).toBe(0);
}

test("the landing page has every section and link of the spec", async ({ page }, testInfo) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Couture that connects." })).toBeVisible();
  expect(await page.locator("script[src], link[rel=modulepreload], link[rel=stylesheet]").count(), "plain HTML").toBe(
    0,
  );
  const links: [string, string][] = [
    ["Experience", "/nfc-demo"],
    ["Learn More", "/learn-more"],
    ["Tap to Register", "/tap-register"],
    ["View My Wardrobe", "/garment-registration"],
    ["The Future of Fashion Technology", "/blog/future-of-fashion-technology"],
    ["All Stories", "/blog"],
    ["Get Early Access", "/get-early-access"],
  ];
  for (const [name, href] of links)
    await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  for (const heading of ["Quiet technology, made to be worn.", "Three steps, one tap.", "From the atelier"])
    await expect(main.getByRole("heading", { name: heading })).toBeVisible();
  await expect(main.getByRole("listitem").filter({ hasText: "Register your garment" })).toBeVisible();
  await expect(main.getByRole("listitem").filter({ hasText: "Curate your profile" })).toBeVisible();
  await expect(main.getByRole("listitem").filter({ hasText: "Connect and exchange" })).toBeVisible();
  const grid = page.getByRole("region", { name: "From the atelier" }).getByRole("img");
  await expect(grid).toHaveCount(6);
  // The hero image loads at once; images further down wait until they are needed.
  await expect(main.getByRole("img").first()).toHaveAttribute("loading", "eager");
  await expect(grid.first()).toHaveAttribute("loading", "lazy");
  await expect(grid.first()).toHaveAttribute("width", "800");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Admin Login" })).toHaveAttribute("href", "/admin/login");
  await expect(footer).toContainText("© 2024");
  await snapshot(page, testInfo, "landing");
});

test("Learn More tells the story and leads to the demo", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.getByRole("main").getByRole("link", { name: "Learn More", exact: true }).click();
  await expect(page).toHaveURL(/\/learn-more$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("A house built on the moment two people meet.");
  await expect(page.getByRole("region", { name: "Inside the house" }).getByRole("img")).toHaveCount(6);
  await expect(page.getByRole("link", { name: "Read the Article" })).toHaveAttribute(
    "href",
    "/blog/future-of-fashion-technology",
  );
  await snapshot(page, testInfo, "learn-more");
  await page.getByRole("link", { name: "Try NFC Demo" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tap to Connect" })).toBeVisible();
});

test("the blog filters by category, with an empty state and the featured story only under All", async ({
  page,
}, testInfo) => {
  const featuredImages: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/images/art/article-future")) featuredImages.push(new URL(r.url()).pathname);
  });
  const response = await page.goto("/blog");
  // The featured image (the page's LCP) is preloaded from the head, ahead of the inline stylesheet,
  // and the picture then uses that very file: one download, never two sizes of the same image.
  const html = (await response?.text()) ?? "";
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toMatch(/<link rel="preload"[^>]*imageSrcSet="[^"]*article-future-1000\.webp 1000w/i);
  expect(head.search(/<link rel="preload" as="image"/)).toBeLessThan(head.indexOf("<style"));
  const featuredImg = page.getByRole("main").getByRole("article").first().locator("img");
  await expect.poll(() => featuredImg.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toBeTruthy();
  expect(featuredImages).toEqual([
    new URL(await featuredImg.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname,
  ]);
  const chips = page.getByRole("navigation", { name: "Categories" });
  await expect(chips.getByRole("link")).toHaveText(["All", "Tech", "Styling", "Event Highlights", "Behind the Scenes"]);
  await expect(chips.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  const articles = page.getByRole("main").getByRole("article");
  await expect(articles).toHaveCount(3);
  await expect(page.getByText("Featured", { exact: true })).toBeVisible();
  await snapshot(page, testInfo, "blog");

  await chips.getByRole("link", { name: "Styling" }).click();
  await expect(page).toHaveURL(/category=styling/);
  await expect(articles).toHaveCount(1);
  await expect(articles.getByRole("heading")).toHaveText("How to Style Relevé for Networking Events");
  await expect(page.getByText("Featured", { exact: true })).toHaveCount(0);

  await chips.getByRole("link", { name: "Tech" }).click();
  await expect(articles.getByRole("heading")).toHaveText("The Future of Fashion Technology");
  await expect(page.getByText("Featured", { exact: true })).toHaveCount(0);

  await chips.getByRole("link", { name: "Event Highlights" }).click();
  await expect(articles).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No stories here yet" })).toBeVisible();
  await snapshot(page, testInfo, "blog-empty");

  await chips.getByRole("link", { name: "All" }).click();
  await expect(articles).toHaveCount(3);
});

test("an article can be read, shared and saved; an unknown one is a 404", async ({ page, context }, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/blog");
  await page.getByRole("link", { name: "Crafting Connection: The Making of Relevé" }).click();
  await expect(page).toHaveURL(/\/blog\/crafting-connection-making-releve$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crafting Connection: The Making of Relevé");
  await expect(page.getByRole("heading", { name: "The label comes last" })).toBeVisible();
  await snapshot(page, testInfo, "article");

  // Chromium on Linux has no Web Share API, so Share copies the link.
  const share = page.getByRole("button", { name: "Share" }).first();
  await share.click();
  await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  const save = page.getByRole("button", { name: "Save" }).first();
  await expect(save).toHaveAttribute("aria-pressed", "false");
  await save.click();
  await expect(page.getByRole("button", { name: "Saved" }).first()).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("button", { name: "Saved" }).first()).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Saved" }).first().click();
  await expect(page.getByRole("button", { name: "Save" }).first()).toHaveAttribute("aria-pressed", "false");

  const missing = await page.goto("/blog/no-such-story");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});

test("early access: required fields, success, then a duplicate in another case", async ({ page }, testInfo) => {
  const email = `newcomer-${Date.now()}@example.com`;
  await page.goto("/get-early-access");
  await expect(page.getByRole("heading", { level: 1, name: "Get early access" })).toBeVisible();
  await expect(page.getByLabel("How did you hear about us? (optional)").locator("option")).toHaveText([
    "Select an option",
    "Instagram",
    "TikTok",
    "A friend",
    "A fashion show",
    "Press",
    "Other",
  ]);
  await snapshot(page, testInfo, "early-access");

  await page.getByRole("button", { name: "Join the List" }).click();
  await expect(page.getByRole("alert")).toContainText("Please fill in all required fields");

  await page.getByLabel("Full name *").fill("Nadia Sauvage");
  await page.getByLabel("Email *").fill(email);
  await page.getByLabel("How did you hear about us? (optional)").selectOption("fashion-show");
  await page.getByRole("button", { name: "Join the List" }).click();
  await expect(page.getByRole("heading", { name: "You're on the list." })).toBeVisible();
  await snapshot(page, testInfo, "early-access-done");
  await page.getByRole("link", { name: "Return Home" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/get-early-access");
  await page.getByLabel("Full name *").fill("Nadia Sauvage");
  await page.getByLabel("Email *").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Join the List" }).click();
  await expect(page.getByRole("alert")).toContainText("Email already registered");
  await expect(page.getByRole("alert")).toContainText("This email is already on our early access list.");
  await expect(page.getByLabel("Full name *")).toHaveValue("Nadia Sauvage");
});

test("the newsletter on the blog joins the early-access list", async ({ page }) => {
  await page.goto("/blog");
  const letter = page.getByRole("region", { name: "The Relevé letter" });
  await letter.getByLabel("Full name *").fill("Oscar Petit");
  await letter.getByLabel("Email *").fill(`letter-${Date.now()}@example.com`);
  await letter.getByRole("button", { name: "Subscribe to Newsletter" }).click();
  await expect(letter.getByRole("status")).toContainText("You're on the list.");
});

test("the NFC demo: the video dialog, then a labelled demo tap to a real share page", async ({ page }, testInfo) => {
  // Playwright's clock runs the page's timers: time flows as usual until the test pauses it.
  await page.clock.install();
  await page.goto("/");
  await page.getByRole("link", { name: "Experience" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tap to Connect" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "How It Works" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Register a Garment" })).toHaveAttribute("href", "/garment-registration");
  await expect(page.getByRole("link", { name: "Get Early Access" })).toHaveAttribute("href", "/get-early-access");
  await snapshot(page, testInfo, "nfc-demo");

  const opener = page.getByRole("button", { name: "See It in Action" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Relevé · A tap, in ten seconds" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  const progress = dialog.getByRole("progressbar", { name: "Demo video progress" });
  await expect.poll(async () => Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(5);
  // 1% per 100 ms: after a further second of the page's own clock it has moved on by about ten.
  // Pausing needs a moment still ahead of the running page clock.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 200);
  const before = Number(await progress.getAttribute("aria-valuenow"));
  for (let step = 1; step <= 10; step++) {
    // One 100 ms tick at a time: each tick's timer is set only after React renders the last one.
    await page.clock.runFor(100);
    await expect(progress).toHaveAttribute("aria-valuenow", String(Math.min(100, before + step)));
  }
  const after = Number(await progress.getAttribute("aria-valuenow"));
  await page.clock.resume();
  expect(after - before).toBeGreaterThanOrEqual(7);
  expect(after - before).toBeLessThanOrEqual(12);
  await testInfo.attach("nfc-demo-dialog", { body: await page.screenshot(), contentType: "image/png" });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.getByRole("link", { name: "Try Interactive Demo" }).click();
  await expect(page).toHaveURL(/#demo$/);
  const tap = page.getByRole("region", { name: "Try Interactive Demo" }).getByRole("link");
  await expect(tap).toHaveAccessibleName(/Tap the label \(demo\)/);
  await expect(tap).toHaveAccessibleDescription(/Demo: no phone or tag is involved/);
  await tap.click();
  await expect(tap).toContainText("Reading tag...");
  await expect(page).toHaveURL(/\/share\/cg-003$/);
  await expect(page.getByText("Camille", { exact: false }).first()).toBeVisible();
});

test("search engines get robots.txt, a sitemap, canonicals and social cards", async ({ page, request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toContain("text/plain");
  const robotsText = await robots.text();
  expect(robotsText).toContain("Disallow: /share/");
  expect(robotsText).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/learn-more", "/blog", "/get-early-access", "/nfc-demo", "/blog/future-of-fashion-technology"])
    expect(sitemap).toContain(`${path}</loc>`);
  expect(sitemap).not.toContain("/share/");

  for (const path of [
    "/",
    "/learn-more",
    "/blog",
    "/blog/style-releve-networking-events",
    "/get-early-access",
    "/nfc-demo",
  ]) {
    await page.goto(path);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new URL(path, page.url()).href);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect((await request.get(image ?? "")).headers()["content-type"]).toBe("image/jpeg");
  }
});
