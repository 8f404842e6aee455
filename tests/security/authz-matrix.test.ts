/**
 * Issue #17, the authorization matrix: every page route, resource route and API route (read
 * from the route tables: apps/web/app/routes.ts and the Worker shell's Hono routes) x {signed
 * out, client A (the demo owner), client B (the demo visitor), admin} x A's and B's ids, with the
 * expected status of every cell, and leak detection: no answer to someone else may carry A's (or
 * B's) private data. A route with no expectation here fails the suite; so does an expectation
 * for a route that no longer exists. Cross-user writes and writes without our Origin must leave
 * the database as it was.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  ACTORS,
  type ActorName,
  type Answer,
  actorContexts,
  DbWatch,
  describeDiff,
  excerpt,
  newContext,
  type PageRoute,
  pageRoutes,
  printFigures,
  type RawRequest,
  type ShellRoute,
  send,
  serverURL,
  shellRoutes,
} from "./support";

/**
 * The matrix's cells: 2256 when it moved from the browser tier to Node (issue #47), every route x
 * actor x id it had, no fewer; 2288 with the event log's routes (issue #48). A new route or case
 * changes it on purpose, with its expectations.
 */
const MATRIX_CELLS = 2288;

// ---------------------------------------------------------------------------------------------
// Expectations

/** A status, or a redirect: to sign in (`auth`), to the admin sign-in, or to a fixed place. */
type Exp = number | "auth" | "admin-login" | { status: 301 | 302; to: string };
type Cell = Record<ActorName, Exp>;
type Case = { path: string; method?: string; form?: Record<string, string>; json?: unknown; cell: Cell };

const all = (exp: Exp): Cell => ({ anon: exp, A: exp, B: exp, admin: exp });
/** Signed-in pages: the visitor is sent to sign in and come back. */
const user = (A: Exp, B: Exp, admin: Exp): Cell => ({ anon: "auth", A, B, admin });
/** Admin pages: a visitor to the admin sign-in, a client 403. */
const adminPage = (admin: Exp): Cell => ({ anon: "admin-login", A: 403, B: 403, admin });
/** Admin API: 401 without a session, 403 without admin rights. */
const adminApi = (admin: Exp): Cell => ({ anon: 401, A: 403, B: 403, admin });
const to = (status: 301 | 302, path: string) => ({ status, to: path }) as const;

type Ids = {
  aGarment: number;
  aSlug: string;
  /** A's secure (NTAG 424) garment: no door opens without its verified tap's window (issue #28). */
  secureSlug: string;
  unclaimedSlug: string;
  aEvent: number;
  bEvent: number;
  aClient: string;
  bClient: string;
  aContact: number;
  bContact: number;
  post: number;
  /** An (empty) tag batch the suite makes: its printable QR page. */
  batch: number;
};

/** Ids that are not ids (issue #17: "0x8", "1e1", " 22" used to parse): a page answers 404. */
const lenient = (id: number) => [`0x${id.toString(16)}`, `${id}e0`, `%20${id}`, `${id}.0`, `0${id}`, `%2B${id}`];

/**
 * Every page and resource route of routes.ts, by full path. GET unless said; A owns garment 3
 * (cg-003), event 1 and the seeded contacts; B owns an event and a contact the suite creates.
 */
const PAGES: Record<string, (ids: Ids) => Case[]> = {
  "/": () => [{ path: "/", cell: all(200) }],
  "/auth": () => [
    {
      path: "/auth",
      cell: { anon: 200, A: to(302, "/dashboard"), B: to(302, "/dashboard"), admin: to(302, "/dashboard") },
    },
  ],
  "/auth/verified": () => [
    {
      path: "/auth/verified",
      cell: {
        anon: to(302, "/auth"),
        A: to(302, "/dashboard/wardrobe"),
        B: to(302, "/dashboard/wardrobe"),
        admin: to(302, "/dashboard/wardrobe"),
      },
    },
    { path: "/auth/verified?token=not-a-token", cell: all(200) },
  ],
  "/reset-password": () => [
    { path: "/reset-password", cell: all(400) },
    { path: "/reset-password?token=not-a-token", cell: all(400) },
  ],
  "/logout": () => [{ path: "/logout", cell: all(to(302, "/")) }],
  // The language switcher's door (issue #34): a choice is a POST; a GET goes home.
  "/language": () => [{ path: "/language", cell: all(to(302, "/")) }],
  "/profile-setup": () => [{ path: "/profile-setup", cell: user(200, 200, 200) }],
  // Download my data (issue #33): each person's own file; the leak check reads every body.
  "/profile-setup/my-data.json": () => [{ path: "/profile-setup/my-data.json", cell: user(200, 200, 200) }],
  "/onboarding/profile": () => [{ path: "/onboarding/profile", cell: user(200, 200, 200) }],
  "/claim/:slug": (ids) => [
    // A's own garment: back to the wardrobe; someone else's: 409. Nothing is claimed on GET.
    { path: `/claim/${ids.aSlug}`, cell: user(to(302, "/dashboard/wardrobe"), 409, 409) },
    // A piece still to claim is shown to anyone, signed in or not (issue #49).
    { path: `/claim/${ids.unclaimedSlug}`, cell: all(200) },
    { path: "/claim/zz-999", cell: all(404) },
  ],
  // A transfer link (issue #32): a forged, truncated or malformed token opens nothing, for anyone.
  "/transfer/:token": () => [
    { path: `/transfer/1.${"A".repeat(43)}`, cell: all(404) },
    { path: `/transfer/1.${"A".repeat(42)}`, cell: all(404) },
    { path: "/transfer/not-a-token", cell: all(404) },
    { path: `/transfer/1.${"A".repeat(43)}`, method: "POST", form: {}, cell: all(404) },
  ],
  // An alert's unsubscribe link (issue #33): a forged, truncated or malformed token changes nothing, for anyone.
  "/unsubscribe/:token": () => [
    { path: `/unsubscribe/00000000-0000-4000-8000-000000000000.${"A".repeat(43)}`, cell: all(404) },
    { path: `/unsubscribe/00000000-0000-4000-8000-000000000000.${"A".repeat(42)}`, cell: all(404) },
    { path: "/unsubscribe/not-a-token", cell: all(404) },
    {
      path: `/unsubscribe/00000000-0000-4000-8000-000000000000.${"A".repeat(43)}`,
      method: "POST",
      form: { "List-Unsubscribe": "One-Click" },
      cell: all(404),
    },
  ],
  // A visitor's withdrawal link (issue #33): a forged, truncated or malformed token removes nothing.
  "/withdraw/:token": () => [
    { path: `/withdraw/1.${"A".repeat(43)}`, cell: all(404) },
    { path: `/withdraw/1.${"A".repeat(42)}`, cell: all(404) },
    { path: "/withdraw/not-a-token", cell: all(404) },
    { path: `/withdraw/1.${"A".repeat(43)}`, method: "POST", form: {}, cell: all(404) },
  ],
  "/share/:slug": (ids) => [
    { path: `/share/${ids.aSlug}`, cell: all(200) },
    { path: `/share/${ids.aClient}-1700000000`, cell: all(200) },
    { path: "/share/zz-999", cell: all(404) },
    { path: "/share/00000000000000000000000000000000-1700000000", cell: all(404) },
    { path: `/share/${ids.secureSlug}`, cell: all(403) },
    {
      path: `/share/${ids.secureSlug}`,
      method: "POST",
      form: { first_name: "Matrix", email: "matrix-secure@example.com" },
      cell: all(403),
    },
  ],
  // A garment's passport and its product's page (issue #31): public, and nothing of any owner.
  "/passport/:slug": (ids) => [
    { path: `/passport/${ids.aSlug}`, cell: all(200) },
    { path: "/passport/zz-999", cell: all(404) },
  ],
  "/product/:gtin": () => [
    { path: "/product/09520000000035", cell: all(200) },
    { path: "/product/09520000000036", cell: all(404) },
  ],
  "/share/:slug/contact.vcf": (ids) => [
    { path: `/share/${ids.aSlug}/contact.vcf`, cell: all(200) },
    { path: "/share/zz-999/contact.vcf", cell: all(404) },
    { path: `/share/${ids.secureSlug}/contact.vcf`, cell: all(403) },
  ],
  "/share/:slug/qr.svg": (ids) => [
    { path: `/share/${ids.aSlug}/qr.svg`, cell: all(200) },
    { path: "/share/zz-999/qr.svg", cell: all(404) },
    { path: `/share/${ids.secureSlug}/qr.svg`, cell: all(403) },
  ],
  "/contact": (ids) => [
    { path: "/contact", cell: all(400) },
    { path: `/contact?id=${ids.aClient}`, cell: all(200) },
    { path: `/contact?id=${ids.bClient}`, cell: all(200) },
    { path: "/contact?id=00000000000000000000000000000000", cell: all(404) },
  ],
  "/receive-info": (ids) => [
    { path: "/receive-info", cell: all(400) },
    { path: `/receive-info?id=${ids.aClient}`, cell: all(200) },
  ],
  "/thank-you": () => [{ path: "/thank-you", cell: all(200) }],
  "/garment-registration": () => [{ path: "/garment-registration", cell: user(200, 200, 200) }],
  "/tap-register": () => [{ path: "/tap-register", cell: all(200) }],
  // The admin has no client profile: the dashboard sends them to make one.
  "/dashboard": () => [{ path: "/dashboard", cell: user(200, 200, to(302, "/profile-setup")) }],
  "/dashboard/wardrobe": () => [{ path: "/dashboard/wardrobe", cell: user(200, 200, 200) }],
  "/dashboard/garment/:garmentId": (ids) => [
    { path: `/dashboard/garment/${ids.aGarment}`, cell: user(200, 404, 404) },
    { path: "/dashboard/garment/9999", cell: user(404, 404, 404) },
    { path: "/dashboard/garment/18446744073709551616", cell: user(404, 404, 404) },
    ...lenient(ids.aGarment).map((id) => ({ path: `/dashboard/garment/${id}`, cell: user(404, 404, 404) })),
  ],
  "/dashboard/garment/:garmentId/contacts.csv": (ids) => [
    { path: `/dashboard/garment/${ids.aGarment}/contacts.csv`, cell: user(200, 404, 404) },
    ...lenient(ids.aGarment).map((id) => ({
      path: `/dashboard/garment/${id}/contacts.csv`,
      cell: user(404, 404, 404),
    })),
  ],
  "/connections": (ids) => [
    { path: "/connections", cell: user(200, 200, 200) },
    { path: `/connections?garment=${ids.aGarment}`, cell: user(200, 404, 404) },
    ...lenient(ids.aGarment).map((id) => ({ path: `/connections?garment=${id}`, cell: user(404, 404, 404) })),
  ],
  "/dashboard/contacts": (ids) => [
    { path: "/dashboard/contacts", cell: user(200, 200, 200) },
    { path: `/dashboard/contacts?event=${ids.aEvent}`, cell: user(200, 404, 404) },
    { path: `/dashboard/contacts?event=${ids.bEvent}`, cell: user(404, 200, 404) },
    // A malformed filter is refused as such: 400 "Unknown event" (packages/core/src/crm.ts).
    ...lenient(ids.aEvent).map((id) => ({ path: `/dashboard/contacts?event=${id}`, cell: user(400, 400, 400) })),
  ],
  "/dashboard/contacts/contacts.csv": (ids) => [
    { path: "/dashboard/contacts/contacts.csv", cell: user(200, 200, 200) },
    { path: `/dashboard/contacts/contacts.csv?event=${ids.aEvent}`, cell: user(200, 404, 404) },
    { path: `/dashboard/contacts/contacts.csv?event=${ids.bEvent}`, cell: user(404, 200, 404) },
    ...lenient(ids.aEvent).map((id) => ({
      path: `/dashboard/contacts/contacts.csv?event=${id}`,
      cell: user(400, 400, 400),
    })),
  ],
  "/dashboard/contacts/contacts.vcf": (ids) => [
    { path: "/dashboard/contacts/contacts.vcf", cell: user(200, 200, 200) },
    { path: `/dashboard/contacts/contacts.vcf?event=${ids.aEvent}`, cell: user(200, 404, 404) },
    { path: `/dashboard/contacts/contacts.vcf?event=${ids.bEvent}`, cell: user(404, 200, 404) },
  ],
  "/dashboard/events": () => [{ path: "/dashboard/events", cell: user(200, 200, 200) }],
  "/dashboard/events/:eventId": (ids) => [
    { path: `/dashboard/events/${ids.aEvent}`, cell: user(200, 404, 404) },
    { path: `/dashboard/events/${ids.bEvent}`, cell: user(404, 200, 404) },
    { path: "/dashboard/events/9999", cell: user(404, 404, 404) },
    ...lenient(ids.aEvent).map((id) => ({ path: `/dashboard/events/${id}`, cell: user(404, 404, 404) })),
  ],
  "/dashboard/analytics": () => [{ path: "/dashboard/analytics", cell: user(200, 200, 200) }],
  // The spec's variant pages lead to the canonical one, for everyone (docs/product.md, "Old addresses").
  "/dashboard-old": () => [{ path: "/dashboard-old", cell: all(to(301, "/dashboard")) }],
  "/luxury-dashboard": () => [{ path: "/luxury-dashboard", cell: all(to(301, "/dashboard")) }],
  "/enhanced-profile-setup": () => [{ path: "/enhanced-profile-setup", cell: all(to(301, "/profile-setup")) }],
  "/enhanced-registration": () => [{ path: "/enhanced-registration", cell: all(to(301, "/garment-registration")) }],
  "/admin/login": () => [
    { path: "/admin/login", cell: { anon: 200, A: 200, B: 200, admin: to(302, "/admin/nfc-dashboard") } },
  ],
  "/admin": () => [{ path: "/admin", cell: adminPage(to(302, "/admin/nfc-dashboard")) }],
  "/admin/*": () => [
    { path: "/admin/nfc-dashboard", cell: adminPage(200) },
    { path: "/admin/instagram", cell: adminPage(200) },
    { path: "/admin/products", cell: adminPage(200) },
    { path: "/admin/nfc-programmer", cell: adminPage(200) },
    { path: "/admin/nfc", cell: adminPage(200) },
    { path: "/admin/qa", cell: adminPage(200) },
    { path: "/admin/tools/link-tester", cell: adminPage(200) },
    // The header's old address leads on, before the gate: the page it leads to is gated.
    { path: "/admin/dashboard", cell: { ...all(to(302, "/admin/nfc-dashboard")), anon: "admin-login" } },
    { path: "/admin/no-such-page", cell: adminPage(404) },
  ],
  // A batch's printable QR labels: the gate first; then an unknown batch, a non-id or a page past the end is a 404.
  "/admin/batches/:id/qr": (ids) => [
    { path: `/admin/batches/${ids.batch}/qr`, cell: adminPage(200) },
    { path: "/admin/batches/999999/qr", cell: adminPage(404) },
    ...lenient(ids.batch).map((id) => ({ path: `/admin/batches/${id}/qr`, cell: adminPage(404) })),
    { path: `/admin/batches/${ids.batch}/qr?page=0x1`, cell: adminPage(404) },
    { path: `/admin/batches/${ids.batch}/qr?page=2`, cell: adminPage(404) },
  ],
  // Development only (APP_ENV=development, as the e2e server runs): production answers 404.
  "/dev/outbox": () => [{ path: "/dev/outbox", cell: all(200) }],
  // QA (issue #20): admin only, checked on the server.
  "/test-garment": () => [{ path: "/test-garment", cell: adminPage(200) }],
  "/test-urls": () => [{ path: "/test-urls", cell: adminPage(200) }],
  "/e2e-tests": () => [{ path: "/e2e-tests", cell: adminPage(200) }],
  "/learn-more": () => [{ path: "/learn-more", cell: all(200) }],
  "/blog": () => [{ path: "/blog", cell: all(200) }],
  "/blog/:slug": () => [
    { path: "/blog/future-of-fashion-technology", cell: all(200) },
    { path: "/blog/no-such-article", cell: all(404) },
  ],
  "/get-early-access": () => [{ path: "/get-early-access", cell: all(200) }],
  "/nfc-demo": () => [{ path: "/nfc-demo", cell: all(200) }],
  "/robots.txt": () => [{ path: "/robots.txt", cell: all(200) }],
  "/sitemap.xml": () => [{ path: "/sitemap.xml", cell: all(200) }],
  "/*": () => [{ path: "/no-such-page", cell: all(404) }],
};

/** Cross-user writes through the page actions: someone else's id is a 404 and changes nothing. */
const ACTIONS: Record<string, (ids: Ids) => Case[]> = {
  // A language we do not write (issue #34): nothing stored, back where the person was.
  "/language": (): Case[] => [
    { path: "/language", method: "POST", form: { locale: "xx", back: "/blog" }, cell: all(to(302, "/blog")) },
  ],
  // Notifications (issue #33): a value outside the three is refused for everyone signed in.
  "/profile-setup": (): Case[] => [
    {
      path: "/profile-setup",
      method: "POST",
      form: { intent: "notifications", alert_frequency: "weekly" },
      cell: user(400, 400, 400),
    },
    // Deleting an account with a wrong password (issue #33): refused, nothing deleted.
    {
      path: "/profile-setup",
      method: "POST",
      form: { intent: "delete-account", password: "not-the-password" },
      cell: user(400, 400, 400),
    },
  ],
  "/dashboard/garment/:garmentId": (ids) => [
    {
      path: `/dashboard/garment/${ids.aGarment}`,
      method: "POST",
      form: { contactId: String(ids.aContact), notes: "" },
      cell: user(to(302, `/dashboard/garment/${ids.aGarment}`), 404, 404),
    },
    // Ownership steps on someone else's garment (issue #32): refused, nothing made or released.
    {
      path: `/dashboard/garment/${ids.aGarment}`,
      method: "POST",
      form: { intent: "cancel-transfer" },
      cell: user(409, 404, 404),
    },
    ...["transfer", "cancel-transfer", "release"].map(
      (intent): Case => ({
        path: "/dashboard/garment/9999",
        method: "POST",
        form: { intent },
        cell: user(404, 404, 404),
      }),
    ),
  ],
  // Answering a transfer request made to no one here (issue #32): not found, nothing moves.
  "/dashboard": () => [
    {
      path: "/dashboard",
      method: "POST",
      form: { intent: "approve-transfer", transferId: "999999999" },
      // The admin has no profile: the page's loader, run after the refusal, sends them to make one.
      cell: user(404, 404, to(302, "/profile-setup")),
    },
  ],
  "/connections": (ids) => [
    {
      path: "/connections",
      method: "POST",
      form: { intent: "mark-contacted", contactId: String(ids.bContact), notes: "" },
      cell: user(404, to(302, "/connections"), 404),
    },
  ],
  "/dashboard/contacts": (ids) => [
    {
      path: "/dashboard/contacts",
      method: "POST",
      form: { intent: "mark-contacted", contactId: String(ids.aContact), notes: "" },
      cell: user(to(302, "/dashboard/contacts"), 404, 404),
    },
  ],
  "/dashboard/events": (ids) => [
    {
      path: "/dashboard/events",
      method: "POST",
      form: { intent: "set-active-event", eventId: String(ids.bEvent) },
      cell: user(404, to(302, "/dashboard/events"), 404),
    },
  ],
  // Only an admin may make a test garment; a slug that cannot be one is refused (nothing made).
  "/test-garment": () => [
    { path: "/test-garment", method: "POST", form: { slug: "Not a slug!" }, cell: adminPage(400) },
  ],
  "/dashboard/events/:eventId": (ids) => [
    {
      path: `/dashboard/events/${ids.aEvent}`,
      method: "POST",
      form: { intent: "mark-contacted", contactId: String(ids.aContact), notes: "" },
      cell: user(to(302, `/dashboard/events/${ids.aEvent}`), 404, 404),
    },
  ],
};

/**
 * Every route of the Worker shell (method and Hono path). `/*` is the page renderer: the page
 * table above covers it. Writes as the admin aim at rows that do not exist (404), or create a
 * hidden post and a batch of the suite's own.
 */
const SHELL: Record<string, (ids: Ids) => Case[]> = {
  "ALL /*": () => [],
  "ALL /api/*": () => [
    { path: "/api/no-such-route", cell: all(404) },
    { path: "/api/no-such-route", method: "POST", json: {}, cell: all(404) },
  ],
  "GET /api/health": () => [{ path: "/api/health", cell: all(200) }],
  // A passport's and a product's public JSON-LD (issue #31): anyone; no owner's data in either.
  "GET /api/passport/:slug": () => [
    { path: "/api/passport/cg-003", cell: all(200) },
    { path: "/api/passport/no-such-piece", cell: all(404) },
  ],
  "GET /api/product/:gtin": () => [
    { path: "/api/product/09520000000035", cell: all(200) },
    { path: "/api/product/09520000000036", cell: all(404) },
  ],
  "ALL /api/admin/*": () => [{ path: "/api/admin/no-such-route", cell: adminApi(404) }],
  "GET /api/admin/me": () => [{ path: "/api/admin/me", cell: adminApi(200) }],
  "GET /api/admin/stats": () => [{ path: "/api/admin/stats", cell: adminApi(200) }],
  "GET /api/admin/garments": () => [
    { path: "/api/admin/garments", cell: adminApi(200) },
    { path: "/api/admin/garments?q=Camille", cell: adminApi(200) },
  ],
  "GET /api/admin/garments/export.csv": () => [{ path: "/api/admin/garments/export.csv", cell: adminApi(200) }],
  // The news & offers list (issue #33): staff only.
  "GET /api/admin/news-list/export.csv": () => [{ path: "/api/admin/news-list/export.csv", cell: adminApi(200) }],
  "GET /api/admin/garments/unclaimed": () => [
    { path: "/api/admin/garments/unclaimed", cell: adminApi(200) },
    { path: "/api/admin/garments/unclaimed?before=0x2", cell: adminApi(400) },
  ],
  // A garment's ownership history (issue #32): staff only; owners' emails are theirs to see.
  "GET /api/admin/garments/:id/ownership": () => [
    { path: "/api/admin/garments/3/ownership", cell: adminApi(200) },
    { path: "/api/admin/garments/999999/ownership", cell: adminApi(404) },
    { path: "/api/admin/garments/0x3/ownership", cell: adminApi(400) },
  ],
  "POST /api/admin/garments/:id/status": () => [
    { path: "/api/admin/garments/999999/status", method: "POST", json: { is_active: true }, cell: adminApi(404) },
    { path: "/api/admin/garments/0x3/status", method: "POST", json: { is_active: true }, cell: adminApi(400) },
  ],
  "POST /api/admin/garments/:id/reassign": () => [
    { path: "/api/admin/garments/999999/reassign", method: "POST", json: { client_id: 1 }, cell: adminApi(404) },
  ],
  // Garment photos (issue #19): any garment's, for an admin; none exists here, and a body that is no photo is refused.
  "PUT /api/admin/garments/:id/photo": () => [
    { path: "/api/admin/garments/999999/photo", method: "PUT", json: {}, cell: adminApi(404) },
    { path: "/api/admin/garments/3/photo", method: "PUT", json: {}, cell: adminApi(400) },
    { path: "/api/admin/garments/0x3/photo", method: "PUT", json: {}, cell: adminApi(400) },
  ],
  "DELETE /api/admin/garments/:id/photo": () => [
    { path: "/api/admin/garments/999999/photo", method: "DELETE", cell: adminApi(404) },
  ],
  // Its card-size rendition (decision 0039): only after a photo (none here: 409), nothing stored.
  "PUT /api/admin/garments/:id/photo/card": () => [
    { path: "/api/admin/garments/999999/photo/card", method: "PUT", json: {}, cell: adminApi(404) },
    { path: "/api/admin/garments/3/photo/card", method: "PUT", json: {}, cell: adminApi(409) },
    { path: "/api/admin/garments/0x3/photo/card", method: "PUT", json: {}, cell: adminApi(400) },
  ],
  "POST /api/admin/garments/:id/programmed": () => [
    { path: "/api/admin/garments/999999/programmed", method: "POST", json: {}, cell: adminApi(404) },
  ],
  "GET /api/admin/clients": () => [
    { path: "/api/admin/clients?q=Camille", cell: adminApi(200) },
    { path: "/api/admin/clients", cell: adminApi(400) },
  ],
  "GET /api/admin/scans/recent": () => [
    { path: "/api/admin/scans/recent", cell: adminApi(200) },
    // Only the counterfeit alerts (issue #21).
    { path: "/api/admin/scans/recent?type=suspect", cell: adminApi(200) },
  ],
  "GET /api/admin/audit": () => [{ path: "/api/admin/audit", cell: adminApi(200) }],
  // The domain event log and its dead letters (issue #48): staff only.
  "GET /api/admin/activity": () => [
    { path: "/api/admin/activity", cell: adminApi(200) },
    { path: "/api/admin/activity?before=x", cell: adminApi(400) },
  ],
  "GET /api/admin/dead-letters": () => [{ path: "/api/admin/dead-letters", cell: adminApi(200) }],
  "POST /api/admin/dead-letters/:eventId/retry": () => [
    {
      path: "/api/admin/dead-letters/01900000-0000-7000-8000-000000000000/retry",
      method: "POST",
      json: {},
      cell: adminApi(404),
    },
    { path: "/api/admin/dead-letters/x/retry", method: "POST", json: {}, cell: adminApi(400) },
  ],
  "GET /api/admin/instagram-posts": () => [{ path: "/api/admin/instagram-posts", cell: adminApi(200) }],
  "POST /api/admin/instagram-posts": () => [
    { path: "/api/admin/instagram-posts", method: "POST", json: HIDDEN_POST, cell: adminApi(201) },
  ],
  "PUT /api/admin/instagram-posts/:id": (ids) => [
    { path: `/api/admin/instagram-posts/${ids.post}`, method: "PUT", json: HIDDEN_POST, cell: adminApi(200) },
    { path: "/api/admin/instagram-posts/999999", method: "PUT", json: HIDDEN_POST, cell: adminApi(404) },
  ],
  "DELETE /api/admin/instagram-posts/:id": () => [
    { path: "/api/admin/instagram-posts/999999", method: "DELETE", cell: adminApi(404) },
  ],
  // Products (issue #31): read and made by admins only; the seed's are left as they are.
  "GET /api/admin/products": () => [
    { path: "/api/admin/products", cell: adminApi(200) },
    { path: "/api/admin/products?before=x", cell: adminApi(400) },
  ],
  "GET /api/admin/products/:id": () => [
    { path: "/api/admin/products/1", cell: adminApi(200) },
    { path: "/api/admin/products/999999", cell: adminApi(404) },
  ],
  "POST /api/admin/products": () => [
    {
      path: "/api/admin/products",
      method: "POST",
      json: { gtin: "09529990000018", name: "Security matrix product" },
      cell: adminApi(201),
    },
  ],
  "PUT /api/admin/products/:id": () => [
    {
      path: "/api/admin/products/999999",
      method: "PUT",
      json: { gtin: "09529990000018", name: "Refused" },
      cell: adminApi(404),
    },
    { path: "/api/admin/products/0x3", method: "PUT", json: {}, cell: adminApi(400) },
  ],
  "GET /api/admin/products/export.csv": () => [{ path: "/api/admin/products/export.csv", cell: adminApi(200) }],
  "GET /api/admin/products/next-gtin": () => [{ path: "/api/admin/products/next-gtin", cell: adminApi(200) }],
  // A file with a bad row imports nothing (400).
  "POST /api/admin/products/import": () => [
    {
      path: "/api/admin/products/import",
      method: "POST",
      json: { csv: "GTIN,Name\n09520000000036,Bad check digit" },
      cell: adminApi(400),
    },
  ],
  "PUT /api/admin/products/:id/photo": () => [
    { path: "/api/admin/products/999999/photo", method: "PUT", json: {}, cell: adminApi(404) },
    { path: "/api/admin/products/1/photo", method: "PUT", json: {}, cell: adminApi(400) },
  ],
  "DELETE /api/admin/products/:id/photo": () => [
    { path: "/api/admin/products/999999/photo", method: "DELETE", cell: adminApi(404) },
  ],
  "GET /api/admin/products/:id/passports.jsonl": () => [
    { path: "/api/admin/products/1/passports.jsonl", cell: adminApi(200) },
    { path: "/api/admin/products/999999/passports.jsonl", cell: adminApi(404) },
  ],
  "GET /api/admin/tag-batches/:id/passports.jsonl": () => [
    { path: "/api/admin/tag-batches/999999/passports.jsonl", cell: adminApi(404) },
  ],
  "GET /api/admin/tag-batches": () => [{ path: "/api/admin/tag-batches", cell: adminApi(200) }],
  "POST /api/admin/tag-batches": () => [
    {
      path: "/api/admin/tag-batches",
      method: "POST",
      json: { batch_name: "Security matrix batch" },
      cell: adminApi(201),
    },
  ],
  // NFC tags, batches, clients, brand events and guests (the tag programmer): reads of rows that
  // do not exist, and writes the admin's own validation or a missing row refuses (no side effect).
  "GET /api/admin/tag-batches/:id": () => [{ path: "/api/admin/tag-batches/999999", cell: adminApi(404) }],
  "GET /api/admin/tag-batches/:id/encoder.csv": () => [
    { path: "/api/admin/tag-batches/999999/encoder.csv", cell: adminApi(404) },
  ],
  "POST /api/admin/tag-batches/:id/program": () => [
    {
      path: "/api/admin/tag-batches/999999/program",
      method: "POST",
      json: { garment_type: "Dress", count: 1 },
      cell: adminApi(404),
    },
  ],
  "POST /api/admin/tag-batches/:id/import": () => [
    { path: "/api/admin/tag-batches/999999/import", method: "POST", json: { csv: "uid,slug" }, cell: adminApi(404) },
  ],
  "GET /api/admin/tags": () => [{ path: "/api/admin/tags", cell: adminApi(200) }],
  "GET /api/admin/tags/export.csv": () => [{ path: "/api/admin/tags/export.csv", cell: adminApi(200) }],
  "GET /api/admin/tags/lookup": () => [
    { path: "/api/admin/tags/lookup?slug=zz-999", cell: adminApi(200) },
    { path: "/api/admin/tags/lookup", cell: adminApi(400) },
  ],
  "GET /api/admin/tags/:id": () => [
    { path: "/api/admin/tags/999999", cell: adminApi(404) },
    { path: "/api/admin/tags/0x1", cell: adminApi(400) },
  ],
  "POST /api/admin/tags": () => [
    {
      path: "/api/admin/tags",
      method: "POST",
      json: { name: "Matrix", garment_type: "Spaceship" },
      cell: adminApi(400),
    },
  ],
  "POST /api/admin/tags/:id/write-result": () => [
    {
      path: "/api/admin/tags/999999/write-result",
      method: "POST",
      json: { ok: false, error: "matrix" },
      cell: adminApi(404),
    },
  ],
  "POST /api/admin/tags/:id/lock": () => [
    { path: "/api/admin/tags/999999/lock", method: "POST", json: {}, cell: adminApi(404) },
  ],
  // Issue #21: register a tag as a secure NTAG 424 DNA (an unknown tag: 404 for the admin).
  "POST /api/admin/tags/:id/secure": () => [
    {
      path: "/api/admin/tags/999999/secure",
      method: "POST",
      json: { uid: "04DE5F1EACC040", key_version: 1 },
      cell: adminApi(404),
    },
  ],
  "POST /api/admin/tags/:id/reassign": () => [
    { path: "/api/admin/tags/999999/reassign", method: "POST", json: { client_id: 999999 }, cell: adminApi(404) },
  ],
  "POST /api/admin/tags/:id/status": () => [
    {
      path: "/api/admin/tags/999999/status",
      method: "POST",
      json: { action: "deactivate", reason: "matrix" },
      cell: adminApi(404),
    },
  ],
  "POST /api/admin/clients": () => [
    {
      path: "/api/admin/clients",
      method: "POST",
      json: { first_name: "Matrix", last_name: "Client", email: "not-an-email" },
      cell: adminApi(400),
    },
  ],
  "GET /api/admin/events": () => [{ path: "/api/admin/events", cell: adminApi(200) }],
  "POST /api/admin/events": () => [
    { path: "/api/admin/events", method: "POST", json: { name: "", datetime: null }, cell: adminApi(400) },
  ],
  // Closing or reopening a brand event (issue #35): none has this id, and a bad id is refused.
  "POST /api/admin/events/:id/status": () => [
    { path: "/api/admin/events/999999/status", method: "POST", json: { is_active: false }, cell: adminApi(404) },
    { path: "/api/admin/events/0x1/status", method: "POST", json: { is_active: false }, cell: adminApi(400) },
  ],
  "POST /api/admin/guests": () => [
    {
      path: "/api/admin/guests",
      method: "POST",
      json: { client_id: 999999, first_name: "Matrix", last_name: "Guest", email: "matrix-guest@example.com" },
      cell: adminApi(404),
    },
  ],
  // QA (issue #20): the panel's data, and the reset of mb-001 and ss-002 (no body; one sent is refused).
  "GET /api/admin/qa": () => [{ path: "/api/admin/qa", cell: adminApi(200) }],
  "POST /api/admin/qa/reset": () => [
    { path: "/api/admin/qa/reset", method: "POST", json: {}, cell: adminApi(400) },
    { path: "/api/admin/qa/reset", method: "POST", cell: adminApi(200) },
  ],
  // The link tester: a dry run of the real tap (no scan); an empty slug is the spec's 400.
  "POST /api/admin/qa/link-test": () => [
    { path: "/api/admin/qa/link-test", method: "POST", json: { slug: "", viewer: "visitor" }, cell: adminApi(400) },
    {
      path: "/api/admin/qa/link-test",
      method: "POST",
      json: { slug: "zz-999", viewer: "visitor" },
      cell: adminApi(200),
    },
  ],
  // The URL suite: real checks of one slug (dry runs, no scan); an empty slug is the spec's 400.
  "POST /api/admin/qa/url-suite": () => [
    { path: "/api/admin/qa/url-suite", method: "POST", json: { slug: "" }, cell: adminApi(400) },
    { path: "/api/admin/qa/url-suite", method: "POST", json: { slug: "zz-999" }, cell: adminApi(200) },
  ],
  // The e2e run (no body; one sent is refused): real requests as the QA account, cleaned up after.
  "POST /api/admin/qa/e2e-run": () => [
    { path: "/api/admin/qa/e2e-run", method: "POST", json: {}, cell: adminApi(400) },
    { path: "/api/admin/qa/e2e-run", method: "POST", cell: adminApi(200) },
  ],
  // A garment's photo, its owner's alone (issue #19): someone else's garment is a 404 like a missing
  // one. A's PUT sends no photo (400, nothing stored); A's toggle and removal leave cg-003 as seeded.
  "ALL /api/garments/:id/photo": (ids) => [
    { path: `/api/garments/${ids.aGarment}/photo`, cell: { anon: 401, A: 404, B: 404, admin: 404 } },
  ],
  "PUT /api/garments/:id/photo": (ids) => [
    {
      path: `/api/garments/${ids.aGarment}/photo`,
      method: "PUT",
      json: {},
      cell: { anon: 401, A: 400, B: 404, admin: 404 },
    },
    { path: "/api/garments/999999/photo", method: "PUT", json: {}, cell: { anon: 401, A: 404, B: 404, admin: 404 } },
    { path: "/api/garments/0x3/photo", method: "PUT", json: {}, cell: { anon: 401, A: 400, B: 400, admin: 400 } },
  ],
  "PATCH /api/garments/:id/photo": (ids) => [
    {
      path: `/api/garments/${ids.aGarment}/photo`,
      method: "PATCH",
      json: { public: false },
      cell: { anon: 401, A: 200, B: 404, admin: 404 },
    },
  ],
  // The card-size rendition (decision 0039): A's garment has no photo, so A's PUT is a 409, nothing stored.
  "ALL /api/garments/:id/photo/card": (ids) => [
    { path: `/api/garments/${ids.aGarment}/photo/card`, cell: { anon: 401, A: 404, B: 404, admin: 404 } },
  ],
  "PUT /api/garments/:id/photo/card": (ids) => [
    {
      path: `/api/garments/${ids.aGarment}/photo/card`,
      method: "PUT",
      json: {},
      cell: { anon: 401, A: 409, B: 404, admin: 404 },
    },
    {
      path: "/api/garments/999999/photo/card",
      method: "PUT",
      json: {},
      cell: { anon: 401, A: 404, B: 404, admin: 404 },
    },
  ],
  "DELETE /api/garments/:id/photo": (ids) => [
    {
      path: `/api/garments/${ids.aGarment}/photo`,
      method: "DELETE",
      cell: { anon: 401, A: 200, B: 404, admin: 404 },
    },
  ],
  // Stored photos: only a well-formed key of an object that exists; everything else is a plain 404.
  "GET /photos/:key": () => [
    { path: `/photos/${"0".repeat(32)}.jpg`, cell: all(404) },
    { path: "/photos/not-a-key.svg", cell: all(404) },
  ],
  // The tap worker (its own suite taps real garments; a tap here would count as a scan).
  "ALL /t/*": () => [{ path: "/t/zz-999", cell: all(404) }],
  // GS1 Digital Links (issue #31): the same tap for everyone, and the resolver's answers.
  "ALL /01/*": () => [
    { path: "/01/09520000000035/21/zz-999", cell: all(404) },
    { path: "/01/09520000000036/21/cg-003", cell: all(400) },
    { path: "/01/09520000000035?linkType=linkset", cell: all(200) },
  ],
  "ALL /.well-known/gs1resolver": () => [{ path: "/.well-known/gs1resolver", cell: all(200) }],
};

const HIDDEN_POST = {
  image_url: "/images/instagram/1.jpg",
  caption: "Security matrix post (hidden)",
  is_active: false,
  display_order: 999,
};

// ---------------------------------------------------------------------------------------------
// Private data: what nobody but its owner may read

type Marker = { owner: "A" | "B"; text: string; kind: "crm" | "account" | "profile" };

/** The seeded demo owner's private data (packages/db/src/seed-data.ts), plus what the suite adds. */
const A_MARKERS: Marker[] = [
  ...["Hélène", "Dubois", "helene.dubois@example.com", "+33611223344", "helene.atelier", "Loved the drape"].map(
    (text) => ({ owner: "A" as const, text, kind: "crm" as const }),
  ),
  ...["Marco Rossi", "marco.rossi@example.com", "marco-rossi-example", "Sent the autumn lookbook"].map((text) => ({
    owner: "A" as const,
    text,
    kind: "crm" as const,
  })),
  ...["Aiko", "Tanaka", "+81312345678"].map((text) => ({ owner: "A" as const, text, kind: "crm" as const })),
  ...["Fashion Week Soirée", "Palais de Tokyo", "Gallery Opening in Le Marais"].map((text) => ({
    owner: "A" as const,
    text,
    kind: "crm" as const,
  })),
  // Shared on A's public card (share_email, share_mobile); nowhere else.
  ...["owner@releve.local", "+33 6 12 34 56 78", "+33612345678"].map((text) => ({
    owner: "A" as const,
    text,
    kind: "account" as const,
  })),
  // Not shared (share_website, share_linkedin off), and A's user id.
  ...["camille-laurent.example", "camille-laurent-example", "0a3419c2-f4ea-4a2a-bbeb-6ea4fe8a6938"].map((text) => ({
    owner: "A" as const,
    text,
    kind: "profile" as const,
  })),
];
const B_ACCOUNT: Marker[] = [
  { owner: "B", text: "visitor@releve.local", kind: "account" },
  { owner: "B", text: "3df47925-e587-4f6d-a90a-01d4c566f8a7", kind: "profile" },
];

const ownerOf: Record<"A" | "B", ActorName> = { A: "A", B: "B" };

/** A public card shows what its owner chose to share: their email and phone. */
function cardOf(path: string, ids: Ids): "A" | "B" | null {
  const p = path.split("?")[0] ?? "";
  if (p.startsWith(`/share/${ids.aSlug}`) || p.startsWith(`/share/${ids.aClient}`)) return "A";
  if (path.includes(ids.aClient)) return "A";
  if (path.includes(ids.bClient)) return "B";
  return null;
}

function leaksIn(actor: ActorName, path: string, body: string, markers: Marker[], ids: Ids) {
  // The local outbox shows every mail sent; it exists only in development (404 in production).
  if (path.startsWith("/dev/outbox")) return [];
  const adminView = actor === "admin" && (path.startsWith("/api/admin") || path.startsWith("/admin"));
  const out: { marker: Marker; at: number }[] = [];
  for (const marker of markers) {
    if (ownerOf[marker.owner] === actor) continue;
    if (marker.kind !== "crm" && adminView) continue;
    if (marker.kind === "account" && cardOf(path, ids) === marker.owner) continue;
    const at = body.indexOf(marker.text);
    if (at >= 0) out.push({ marker, at });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

function check(exp: Exp, res: Answer, path: string, data: boolean): string | null {
  const location = res.location ?? "";
  if (data) {
    // A `.data` request answers a redirect as 202 with the redirect in its body.
    const redirect = typeof exp === "object" || exp === "auth" || exp === "admin-login";
    const want = redirect ? 202 : exp;
    if (res.status !== want) return `expected ${want}, got ${res.status}`;
    if (exp === "auth" && !res.body.includes("/auth?redirect=")) return "expected a redirect to /auth";
    if (exp === "admin-login" && !res.body.includes("/admin/login?redirect="))
      return "expected a redirect to /admin/login";
    if (typeof exp === "object" && !res.body.includes(`"${exp.to}`)) return `expected a redirect to ${exp.to}`;
    return null;
  }
  if (exp === "auth" || exp === "admin-login") {
    const prefix = exp === "auth" ? "/auth?redirect=" : "/admin/login?redirect=";
    if (res.status !== 302 || !location.startsWith(prefix))
      return `expected 302 ${prefix}..., got ${res.status} ${location}`;
    const back = decodeURIComponent(location.slice(prefix.length));
    if (decodeURIComponent(back) !== decodeURIComponent(path)) return `expected to come back to ${path}, got ${back}`;
    return null;
  }
  if (typeof exp === "object") {
    const at = location.replace(/[?#].*$/, "");
    if (res.status !== exp.status || at !== exp.to)
      return `expected ${exp.status} ${exp.to}, got ${res.status} ${location}`;
    return null;
  }
  return res.status === exp ? null : `expected ${exp}, got ${res.status}${location ? ` ${location}` : ""}`;
}

const dataPath = (path: string) => {
  const [p = "", q] = path.split("?");
  return `${p === "/" ? "/_root" : p}.data${q ? `?${q}` : ""}`;
};

/** What every part of the matrix shares: the actors, the suite's own rows, the markers and the findings. */
async function prepareMatrix(baseURL: string, pages: PageRoute[], shell: ShellRoute[]) {
  const ctx = await actorContexts(baseURL, "matrix");
  const db = new DbWatch();

  // B's own rows: an event (B's form) and a contact (someone fills in B's card); one more for A.
  const stamp = `${Date.now()}`;
  const bEventName = `Matrix private soirée ${stamp}`;
  const created = await send(ctx.B, baseURL, {
    method: "POST",
    path: "/dashboard/events",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "create-event", name: bEventName, location: `Quai ${stamp}` }).toString(),
  });
  expect(created.status, `B creates an event: ${created.body.slice(0, 200)}`).toBe(302);
  const bEvent = Number(/#event-(\d+)/.exec(created.location ?? "")?.[1]);
  const profiles = {
    A: db.get<{ client_id: string }>(
      "SELECT client_id FROM profiles WHERE user_id = ?",
      "0a3419c2-f4ea-4a2a-bbeb-6ea4fe8a6938",
    ),
    B: db.get<{ client_id: string }>(
      "SELECT client_id FROM profiles WHERE user_id = ?",
      "3df47925-e587-4f6d-a90a-01d4c566f8a7",
    ),
  };
  const visitor = await newContext(baseURL, `matrix:card:${stamp}`);
  const bGuest = `Quillfeather${stamp}`;
  const toB = await send(visitor, baseURL, {
    method: "POST",
    path: `/receive-info?id=${profiles.B?.client_id}`,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ guest_name: bGuest, phone: "+33 6 98 76 54 32" }).toString(),
  });
  expect(toB.status, `a visitor leaves B their details: ${toB.body.slice(0, 200)}`).toBe(303);
  const aGuest = `Hortensia${stamp}`;
  const toA = await send(visitor, baseURL, {
    method: "POST",
    path: "/share/cg-003",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ first_name: aGuest, email: `hortensia-${stamp}@example.com` }).toString(),
  });
  expect(toA.status, `a visitor leaves A their details: ${toA.body.slice(0, 200)}`).toBe(303);
  const contactId = (name: string) =>
    db.get<{ id: number }>("SELECT id FROM contacts WHERE first_name = ?", name)?.id ?? Number.NaN;
  const post = await send(ctx.admin, baseURL, {
    method: "POST",
    path: "/api/admin/instagram-posts",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(HIDDEN_POST),
  });
  expect(post.status).toBe(201);
  const batch = await send(ctx.admin, baseURL, {
    method: "POST",
    path: "/api/admin/tag-batches",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ batch_name: `Matrix batch ${stamp}` }),
  });
  expect(batch.status).toBe(201);
  // A's secure garment: programmed for A, then registered as an NTAG 424 DNA (issue #28).
  const aProfile = db.get<{ id: number }>(
    "SELECT id FROM profiles WHERE user_id = ?",
    "0a3419c2-f4ea-4a2a-bbeb-6ea4fe8a6938",
  );
  const programmed = await send(ctx.admin, baseURL, {
    method: "POST",
    path: "/api/admin/tags",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: `Matrix secure ${stamp}`, garment_type: "Shirt", client_id: aProfile?.id }),
  });
  expect(programmed.status, programmed.body.slice(0, 200)).toBe(201);
  const secureTag = JSON.parse(programmed.body) as { tag: { id: number; garment: { slug: string } | null } };
  const uid = `04${stamp.slice(-12).padStart(12, "0")}`;
  const secured = await send(ctx.admin, baseURL, {
    method: "POST",
    path: `/api/admin/tags/${secureTag.tag.id}/secure`,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ uid, key_version: 1 }),
  });
  expect(secured.status, secured.body.slice(0, 200)).toBe(200);
  const ids: Ids = {
    aGarment: 3,
    aSlug: "cg-003",
    secureSlug: secureTag.tag.garment?.slug ?? "",
    // A stock piece no other test claims (claim pages are read here, never posted).
    unclaimedSlug: "aw-011",
    aEvent: 1,
    bEvent,
    aClient: profiles.A?.client_id ?? "",
    bClient: profiles.B?.client_id ?? "",
    aContact: contactId(aGuest),
    bContact: contactId(bGuest),
    post: (JSON.parse(post.body) as { id: number }).id,
    batch: (JSON.parse(batch.body) as { id: number }).id,
  };
  expect(
    Object.values(ids).every((v) => v !== "" && !Number.isNaN(v)),
    JSON.stringify(ids),
  ).toBe(true);
  const markers: Marker[] = [
    ...A_MARKERS,
    { owner: "A", text: aGuest, kind: "crm" },
    { owner: "A", text: `hortensia-${stamp}@example.com`, kind: "crm" },
    ...B_ACCOUNT,
    { owner: "B", text: bEventName, kind: "crm" },
    { owner: "B", text: bGuest, kind: "crm" },
    { owner: "B", text: "+33698765432", kind: "crm" },
  ];

  type Row = { route: string; actor: ActorName; request: string; problem: string };
  const mismatches: Row[] = [];
  const leaks: Row[] = [];
  const seen = new Set<string>();
  const changes: Row[] = [];
  const createdPosts: number[] = [];
  const count = { cells: 0 };

  const run = async (route: string, c: Case, data: boolean) => {
    const method = c.method ?? "GET";
    const path = data ? dataPath(c.path) : c.path;
    const req: RawRequest = { method, path };
    if (c.form) {
      req.headers = { "Content-Type": "application/x-www-form-urlencoded" };
      req.body = new URLSearchParams(c.form).toString();
    } else if (c.json !== undefined) {
      req.headers = { "Content-Type": "application/json" };
      req.body = JSON.stringify(c.json);
    }
    // Writes go one actor at a time, each with its own before/after; reads run together.
    const answers: Partial<Record<ActorName, Answer>> = {};
    if (method === "GET") {
      const before = db.snapshot();
      const got = await Promise.all(ACTORS.map((actor) => send(ctx[actor], baseURL, req)));
      ACTORS.forEach((actor, k) => {
        answers[actor] = got[k];
      });
      const diff = DbWatch.diff(before, db.snapshot());
      if (diff.changed > 0) changes.push({ route, actor: "anon", request: `GET ${path}`, problem: describeDiff(diff) });
    } else {
      for (const actor of ACTORS) {
        const before = db.snapshot();
        const res = await send(ctx[actor], baseURL, req);
        answers[actor] = res;
        const refused =
          res.status >= 400 || (res.status === 302 && /^\/(admin\/login|auth)\?/.test(res.location ?? ""));
        const diff = DbWatch.diff(before, db.snapshot());
        if (refused && diff.changed > 0) {
          changes.push({ route, actor, request: `${method} ${path}`, problem: describeDiff(diff) });
        }
        if (route === "POST /api/admin/instagram-posts" && res.status === 201) {
          createdPosts.push((JSON.parse(res.body) as { id: number }).id);
        }
      }
    }
    for (const actor of ACTORS) {
      const res = answers[actor] as Answer;
      count.cells++;
      const problem = check(c.cell[actor], res, c.path, data);
      if (problem) {
        mismatches.push({
          route,
          actor,
          request: `${method} ${path}`,
          problem: `${problem}; body ${excerpt(res.body, 0, 240)}`,
        });
      }
      // The owner does see their own data: proof that the markers still match what pages show.
      for (const m of markers) if (ownerOf[m.owner] === actor && res.body.includes(m.text)) seen.add(m.text);
      for (const { marker, at } of leaksIn(actor, path, res.body, markers, ids)) {
        leaks.push({
          route,
          actor,
          request: `${method} ${path}`,
          problem: `${marker.owner}'s ${marker.kind} "${marker.text}" in ${excerpt(res.body, at)}`,
        });
      }
    }
  };

  /** The admin's delete of the suite's own post (and of the ones the POST cell made), last. */
  const deletePosts = async () => {
    await run(
      "DELETE /api/admin/instagram-posts/:id",
      {
        path: `/api/admin/instagram-posts/${ids.post}`,
        method: "DELETE",
        cell: { anon: 401, A: 403, B: 403, admin: 204 },
      },
      false,
    );
    for (const id of createdPosts)
      await send(ctx.admin, baseURL, { method: "DELETE", path: `/api/admin/instagram-posts/${id}` });
  };

  /** Without our Origin, no write reaches any route, whoever sends it. */
  const csrf = async () => {
    // Without our Origin, no write reaches any route, whoever sends it (CSRF, workers/csrf.ts),
    // except the one whose URL carries its own proof and reads no cookie: RFC 8058's one-click
    // unsubscribe comes from a mail provider without an Origin (issue #33). Its forged token still
    // answers 404, React Router refuses a foreign Origin's action (400), and nothing changes.
    const OWN_PROOF: Record<string, Record<string, number>> = {
      "/unsubscribe/:token": { none: 404, "https://evil.example": 400, null: 400 },
    };
    const writes = [
      ...pages.filter((r) => r.action).map((r) => ({ route: r.key, method: "POST", path: samplePath(r.key, ids) })),
      ...shell
        .filter((r) => !["GET", "ALL"].includes(r.method))
        .map((r) => ({ route: r.key, method: r.method, path: r.path.replace(":id", "3") })),
    ];
    for (const w of writes) {
      for (const origin of ["none", "https://evil.example", "null"]) {
        for (const actor of ACTORS) {
          const before = db.snapshot();
          const res = await send(ctx[actor], baseURL, {
            method: w.method,
            path: w.path,
            origin,
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "intent=csrf-probe",
          });
          count.cells++;
          const diff = DbWatch.diff(before, db.snapshot());
          const expected = OWN_PROOF[w.route]?.[origin] ?? 403;
          if (res.status !== expected) {
            mismatches.push({
              route: w.route,
              actor,
              request: `${w.method} ${w.path} Origin: ${origin}`,
              problem: `expected ${expected}, got ${res.status}`,
            });
          }
          if (diff.changed > 0)
            changes.push({
              route: w.route,
              actor,
              request: `${w.method} ${w.path} Origin: ${origin}`,
              problem: describeDiff(diff),
            });
        }
      }
    }
  };
  return {
    ctx,
    db,
    ids,
    markers,
    mismatches,
    leaks,
    seen,
    changes,
    count,
    run,
    deletePosts,
    csrf,
    aGuest,
    bEventName,
    bGuest,
  };
}

/**
 * The matrix in parts (issue #47: no test of more than a minute), each its own test over the one
 * set-up: the route tables, the page routes in two halves, the shell's routes, the writes without
 * our Origin, then the totals. Each part asserts the cells it sent; the last, what only the whole
 * shows (every owner saw their own markers) and that every cell was sent.
 */
describe("the authorization matrix: every route x every actor x own and other ids, 0 leaks", () => {
  let baseURL = "";
  let pages: PageRoute[] = [];
  let shell: ShellRoute[] = [];
  let m: Awaited<ReturnType<typeof prepareMatrix>>;

  beforeAll(async () => {
    baseURL = serverURL();
    pages = await pageRoutes();
    shell = await shellRoutes();
    m = await prepareMatrix(baseURL, pages, shell);
  });
  afterAll(() => m?.db.close());

  /** Runs `part` and asserts the rows it found: its cells' statuses, leaks and changed rows. */
  const part = async (run: () => Promise<void>) => {
    const from = { mismatches: m.mismatches.length, leaks: m.leaks.length, changes: m.changes.length };
    await run();
    expect.soft(m.leaks.slice(from.leaks), "answers carrying someone else's private data").toEqual([]);
    expect.soft(m.changes.slice(from.changes), "refused requests that changed rows").toEqual([]);
    expect(m.mismatches.slice(from.mismatches), "cells whose status is not the expected one").toEqual([]);
  };
  const pagesPart = async (half: 0 | 1) => {
    const cut = Math.ceil(pages.length / 2);
    for (const route of half === 0 ? pages.slice(0, cut) : pages.slice(cut)) {
      for (const c of PAGES[route.key]?.(m.ids) ?? []) {
        await m.run(route.key, c, false);
        // The same loader through the client's data request (`.data`), for every page route.
        if (route.page && c.path !== "/") await m.run(route.key, c, true);
      }
      for (const c of ACTIONS[route.key]?.(m.ids) ?? []) await m.run(route.key, c, false);
    }
  };

  test("every route has its expectations, and every expectation its route", () => {
    const pageKeys = pages.map((r) => r.key);
    expect(
      pageKeys.filter((k) => !(k in PAGES)),
      "page routes with no expectation in PAGES",
    ).toEqual([]);
    expect(
      Object.keys(PAGES).filter((k) => !pageKeys.includes(k)),
      "PAGES entries for routes that do not exist",
    ).toEqual([]);
    const shellKeys = shell.map((r) => r.key);
    expect(
      shellKeys.filter((k) => !(k in SHELL)),
      "shell routes with no expectation in SHELL",
    ).toEqual([]);
    expect(
      Object.keys(SHELL).filter((k) => !shellKeys.includes(k)),
      "SHELL entries for routes that do not exist",
    ).toEqual([]);
    const actionKeys = pages.filter((r) => r.action).map((r) => r.key);
    expect(
      Object.keys(ACTIONS).filter((k) => !actionKeys.includes(k)),
      "ACTIONS entries for routes with no action",
    ).toEqual([]);
  });

  test("page routes, first half: each actor's status, no leak, no refused write changes a row", () =>
    part(() => pagesPart(0)));

  test("page routes, second half: each actor's status, no leak, no refused write changes a row", () =>
    part(() => pagesPart(1)));

  test("the shell's routes (/api, /t): each actor's status, no leak, no refused write changes a row", () =>
    part(async () => {
      for (const route of shell) for (const c of SHELL[route.key]?.(m.ids) ?? []) await m.run(route.key, c, false);
      await m.deletePosts();
    }));

  test("without our Origin no write reaches any route, whoever sends it (CSRF)", () => part(m.csrf));

  test("every cell was sent; every owner saw their own private data, and no one else did", () => {
    const fiveXX = m.mismatches.filter((row) => /got 5\d\d/.test(row.problem)).length;
    printFigures("authorization matrix", {
      "page routes": pages.length,
      "shell routes": shell.length,
      cells: m.count.cells,
      mismatches: m.mismatches.length,
      "5xx": fiveXX,
      leaks: m.leaks.length,
      "markers seen by their owner": `${m.seen.size} of ${m.markers.length}`,
      "refused writes that changed rows": m.changes.length,
    });
    for (const [title, rows] of [
      ["MISMATCH", m.mismatches],
      ["LEAK", m.leaks],
      ["CHANGED", m.changes],
    ] as const) {
      for (const r of rows) console.log(`${title} ${r.route} [${r.actor}] ${r.request}: ${r.problem}`);
    }
    const mustSee = [
      "helene.dubois@example.com",
      "Fashion Week Soirée",
      "Sent the autumn lookbook",
      m.aGuest,
      m.bEventName,
      m.bGuest,
    ];
    expect
      .soft(
        mustSee.filter((t) => !m.seen.has(t)),
        "private data its owner never saw (stale markers)",
      )
      .toEqual([]);
    expect.soft(m.leaks, "answers carrying someone else's private data").toEqual([]);
    expect.soft(m.changes, "refused requests that changed rows").toEqual([]);
    expect(m.mismatches, "cells whose status is not the expected one").toEqual([]);
    expect(
      m.count.cells,
      "cells sent: the whole matrix ran (2256 when it moved out of the browser tier, 2288 since issue #48)",
    ).toBe(MATRIX_CELLS);
  });
});

/** A concrete path for a route key, for the CSRF cells. */
function samplePath(key: string, ids: Ids): string {
  return key
    .replace(":garmentId", String(ids.aGarment))
    .replace(":eventId", String(ids.aEvent))
    .replace(":slug", ids.aSlug)
    .replace(":token", `00000000-0000-4000-8000-000000000000.${"A".repeat(43)}`)
    .replace("*", "no-such-page");
}
