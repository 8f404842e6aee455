import { OWNER_TOKEN_COOKIE, verifyOwnerToken } from "@releve/core/owner-token";
import { normalizeSlug } from "@releve/core/slug";
import { decideTap } from "@releve/core/tap-rules";
import { getTapRoute } from "@releve/db/tap-cache";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { getTapEnv } from "./env";
import { resolutionFailedPage } from "./resolution-failed";
import { isRealTap, sendScan } from "./scan";

type TapBindings = { Bindings: Env };

const app = new Hono<TapBindings>({ strict: false });

app.use(async (c, next) => {
  await next();
  // 302, never 301, and never stored: a cached redirect would hide repeat taps from statistics
  // and keep sending people to a stale answer (DESIGN.md §3).
  c.header("Cache-Control", "private, no-store");
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  c.header("X-Robots-Tag", "noindex");
  c.header("X-Served-By", "releve-tap");
});

const invalidLink = (c: Context<TapBindings>) => c.html(resolutionFailedPage("Invalid garment link"), 404);

// GET also answers HEAD (Hono strips the body); a HEAD is never a scan.
app.get("/t/:slug", async (c) => {
  const slug = normalizeSlug(c.req.param("slug"));
  if (!slug) return invalidLink(c);

  const env = getTapEnv(c.env);
  const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
  const [{ route, source }, viewerUserId] = await Promise.all([
    getTapRoute(env, slug, waitUntil),
    verifyOwnerToken(env.SESSION_SECRET, getCookie(c, OWNER_TOKEN_COOKIE)),
  ]);
  c.header("X-Tap-Source", source);

  const decision = decideTap(route, viewerUserId);
  if (decision.status === 404 || !route) return invalidLink(c);

  const request = c.req.raw;
  if (isRealTap(request)) {
    waitUntil(sendScan(env, { route, viewer: decision.viewer, request, source: "tap", now: Date.now() }));
  }
  return c.redirect(decision.location, 302);
});

app.notFound(invalidLink);

app.onError((err, c) => {
  console.error("[tap]", err);
  return c.html(resolutionFailedPage("Failed to resolve garment link"), 503);
});

export default app;
