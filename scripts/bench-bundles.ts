/**
 * `npm run bench:bundles` (issue #9): what each public page costs in JavaScript, what the
 * admin portal costs, and how long the portal takes to show its first content.
 *
 * 1. Loads every public route as a document in Chromium (phone viewport) and sums the gzip
 *    size of the scripts it fetched (plain pages fetch none; their inline script is counted).
 * 2. Sums the gzip size of the admin remote's files and of the shell's loader chunk.
 * 3. Signs in as the demo admin and times `/admin/nfc-dashboard` to its first figures, with a
 *    cold cache and then warm (same browser, second visit), median of BENCH_RUNS (default 5).
 * Not a test: figures depend on the machine. BENCH_SKIP_BUILD=1 reuses an existing build.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, chromium, type Page, type Response } from "@playwright/test";
import { CHROMIUM, startBenchServer } from "./bench-server";
import { ensureDevVars, ROOT } from "./dev-vars";

const PORT = Number(process.env.BENCH_PORT ?? 4530);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PUBLIC_ROUTES = [
  "/",
  "/learn-more",
  "/blog",
  "/blog/future-of-fashion-technology",
  "/get-early-access",
  "/nfc-demo",
  "/auth",
  "/share/cg-003",
  "/contact?id=34823ff2ca0645fc9f0914900266aa1c",
];

const gzip = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function routeJs(browser: Browser, origin: string, path: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await page.goto(`${origin}${path}`, { waitUntil: "networkidle" });
  let total = 0;
  for (const url of scripts) total += gzip(Buffer.from(await (await page.request.get(url)).body()));
  const inline = (await page.evaluate(
    `[...document.querySelectorAll("script:not([src])")].map((s) => s.textContent).join("")`,
  )) as string;
  await context.close();
  return { files: scripts.length, gzip: total, inline: inline ? gzip(inline) : 0 };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function adminRemoteSize() {
  const client = join(ROOT, "apps/web/build/client");
  const remote = filesUnder(join(client, "admin-remote"));
  const loader = filesUnder(join(client, "assets")).filter((f) => /remote\.client-.*\.js$/.test(f));
  const sum = (files: string[], filter: RegExp) =>
    files.filter((f) => filter.test(f)).reduce((n, f) => n + gzip(readFileSync(f)), 0);
  return {
    remoteJs: sum(remote, /\.js$/),
    remoteCss: sum(remote, /\.css$/),
    loaderJs: sum(loader, /\.js$/),
    files: remote.length,
  };
}

async function signIn(page: Page, origin: string, password: string) {
  await page.goto(`${origin}/auth`); // plain HTML (decision 0049): nothing to wait for but the page
  await page.getByLabel("Email").fill("admin@releve.local");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page
    .locator("form")
    .getByRole("button", { name: /sign in/i })
    .click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
}

/**
 * Milliseconds from navigation start until the dashboard shows its garment count, and the
 * admin files (remote and loader) the browser fetched for it, gzip.
 */
async function timeToAdminContent(page: Page, origin: string) {
  const fetched: Promise<number>[] = [];
  const onResponse = (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (response.status() === 200 && (path.startsWith("/admin-remote/") || /remote\.client-/.test(path))) {
      fetched.push(response.body().then((body) => gzip(body)));
    }
  };
  page.on("response", onResponse);
  const started = Date.now();
  await page.goto(`${origin}/admin/nfc-dashboard`);
  await page
    .getByRole("term")
    .filter({ hasText: "Garments" })
    .locator("xpath=..")
    .getByText(/in 7 days/)
    .waitFor();
  const ms = Date.now() - started;
  page.off("response", onResponse);
  return { ms, bytes: (await Promise.all(fetched)).reduce((a, b) => a + b, 0), files: fetched.length };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main() {
  const server = await startBenchServer(PORT, "bench-bundles-state");
  const browser = await chromium.launch(CHROMIUM);
  try {
    console.log("\nbench:bundles — JavaScript per public page (as loaded in Chromium, gzip level 9)\n");
    console.log(`${"route".padEnd(46)}  ${"files".padStart(5)}  ${"JS gzip".padStart(9)}  ${"inline".padStart(8)}`);
    for (const path of PUBLIC_ROUTES) {
      const js = await routeJs(browser, server.origin, path);
      console.log(
        `${path.padEnd(46)}  ${String(js.files).padStart(5)}  ${kb(js.gzip).padStart(9)}  ${kb(js.inline).padStart(8)}`,
      );
    }

    const admin = adminRemoteSize();
    console.log(
      `\nadmin remote (/admin-remote/, ${admin.files} files): JS ${kb(admin.remoteJs)} gzip, CSS ${kb(admin.remoteCss)} gzip` +
        ` (includes React fallbacks never fetched when the shell shares React)`,
    );
    console.log(`shell's federation loader (remote.client chunk, /admin/* only): ${kb(admin.loaderJs)} gzip`);

    const password = ensureDevVars(() => {}).DEMO_ADMIN_PASSWORD ?? "";
    const cold: number[] = [];
    const warm: number[] = [];
    let firstLoad = { bytes: 0, files: 0 };
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await signIn(page, server.origin, password);
      // Cold: nothing of the admin portal cached yet (sign-in pages share only the shell's chunks).
      const first = await timeToAdminContent(page, server.origin);
      cold.push(first.ms);
      firstLoad = first;
      await page.goto(`${server.origin}/`);
      warm.push((await timeToAdminContent(page, server.origin)).ms);
      await context.close();
    }
    console.log(
      `\ntime to first admin content (/admin/nfc-dashboard, figures shown), median of ${RUNS}, local server, no throttling:`,
    );
    console.log(`  cold cache: ${median(cold)} ms   warm cache: ${median(warm)} ms`);
    console.log(`  admin files fetched on a first visit: ${firstLoad.files}, ${kb(firstLoad.bytes)} gzip`);
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
