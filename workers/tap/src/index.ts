import { WorkerEntrypoint } from "cloudflare:workers";
import { OWNER_TOKEN_COOKIE, verifyOwnerToken } from "@releve/core/owner-token";
import { normalizeSlug } from "@releve/core/slug";
import { decideTap, type TapRoute } from "@releve/core/tap-rules";
import { getTapRoute } from "@releve/db/tap-cache";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { getTapEnv, type TapEnv } from "./env";
import { MEMO_TTL_MS, RouteMemo } from "./memo";
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

let memo: RouteMemo | undefined;
const routeMemo = (env: TapEnv) => {
  memo ??= new RouteMemo(env.TAP_MEMO_TTL_MS ?? MEMO_TTL_MS);
  return memo;
};

/** This isolate's memo first (no I/O), then KV, then D1 (decisions 0010, 0022). */
async function resolveRoute(env: TapEnv, slug: string, waitUntil: (promise: Promise<unknown>) => void) {
  const memo = routeMemo(env);
  const held = memo.get(slug);
  if (held !== undefined) return { route: held, source: "memo" as const };
  const found = await getTapRoute(env, slug, waitUntil);
  memo.set(slug, found.route);
  return found;
}

const invalidLink = (c: Context<TapBindings>) => c.html(resolutionFailedPage("Invalid garment link"), 404);

/** The answer for a resolved route; the scan is decided and sent after it (waitUntil). */
function answer(
  c: Context<TapBindings>,
  env: TapEnv,
  route: TapRoute | null,
  source: "memo" | "kv" | "d1",
  viewerUserId: string | null,
): Response {
  c.header("X-Tap-Source", source);
  const decision = decideTap(route, viewerUserId);
  if (decision.status === 404 || !route) return invalidLink(c);
  const request = c.req.raw;
  const now = Date.now();
  c.executionCtx.waitUntil(
    new Promise((resolve) => setTimeout(resolve, 0)).then(() =>
      isRealTap(request) ? sendScan(env, { route, viewer: decision.viewer, request, source: "tap", now }) : undefined,
    ),
  );
  return c.redirect(decision.location, 302);
}

// GET also answers HEAD (Hono strips the body); a HEAD is never a scan.
app.get("/t/:slug", (c) => {
  const slug = normalizeSlug(c.req.param("slug"));
  if (!slug) return invalidLink(c);
  const env = getTapEnv(c.env);
  const token = getCookie(c, OWNER_TOKEN_COOKIE);
  const held = routeMemo(env).get(slug);
  // A remembered answer for someone without an owner token: no I/O and nothing to await.
  if (held !== undefined && !token) return answer(c, env, held, "memo", null);

  return (async () => {
    const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
    const [{ route, source }, viewerUserId] = await Promise.all([
      held !== undefined ? { route: held, source: "memo" as const } : resolveRoute(env, slug, waitUntil),
      verifyOwnerToken(env.SESSION_SECRET, token),
    ]);
    return answer(c, env, route, source, viewerUserId);
  })();
});

app.notFound(invalidLink);

app.onError((err, c) => {
  console.error("[tap]", err);
  return c.html(resolutionFailedPage("Failed to resolve garment link"), 503);
});

export default app;

/**
 * The writers' side door (a service binding with `entrypoint: "TapControl"`, never routed to
 * the internet): after a change rewrites a slug's KV record, `forget` drops this isolate's
 * memo of it, so the very next tap here answers from the new record.
 */
export class TapControl extends WorkerEntrypoint<Env> {
  forget(slugs: string[]): void {
    if (!Array.isArray(slugs)) return;
    memo?.forget(slugs.filter((slug): slug is string => typeof slug === "string"));
  }
}
