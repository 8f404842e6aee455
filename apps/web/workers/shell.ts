import { VISITOR } from "@releve/core/platform/events";
import { getDb } from "@releve/db";
import { readPhoto } from "@releve/verbs/wardrobe/read-photo";
import { Hono } from "hono";
import { api } from "../app/api";
import type { Loopback } from "../app/api/api-env";
import { getWebEnv, type WebEnv } from "../app/env.server";
import { readSession } from "../app/features/accounts/session.server";
import { requestEffects } from "../app/request-context.server";
import { drainUnreadBody, requireSameOrigin } from "./csrf";
import { securityHeaders } from "./security-headers";

/** `nonce`: this response's CSP nonce, for every inline script and style the page carries (none in development). */
export type RenderPage = (
  request: Request,
  env: WebEnv,
  ctx: ExecutionContext,
  nonce: string | undefined,
) => Response | Promise<Response>;

/**
 * The shell's routing, independent of how pages are rendered: /api/* to Hono, /t/* and the
 * Digital Links (/01/*, /.well-known/gs1resolver) to the tap worker, everything else to the
 * page renderer (React Router in the real entry).
 */
export function createShellApp(renderPage: RenderPage, options: { dev?: boolean } = {}) {
  const app = new Hono<{ Bindings: Env; Variables: { loopback: Loopback } }>();
  app.use(async (c, next) => {
    c.set("loopback", async (request) => app.fetch(request, c.env, c.executionCtx));
    await next();
  });
  app.use(securityHeaders(options));
  app.use(requireSameOrigin);
  app.use(drainUnreadBody);
  app.route("/api", api);
  app.get("/photos/:key", (c) =>
    servePhoto(getWebEnv(c.env), c.req.raw, c.req.param("key"), c.executionCtx as ExecutionContext),
  );
  // One origin locally: /t/* goes to the tap worker through its service binding. In
  // production the /t/* route reaches the tap worker directly and never touches this one.
  // Copied: a fetched response's headers are immutable, and the shell's own go on top.
  const toTap = async (c: { env: Env; req: { raw: Request } }) => {
    const answer = await getWebEnv(c.env).TAP.fetch(c.req.raw);
    return new Response(answer.body, answer);
  };
  app.all("/t/*", toTap);
  // GS1 Digital Links and the resolver's description (issue #31): the tap worker's too.
  app.all("/01/*", toTap);
  app.all("/.well-known/gs1resolver", toTap);
  app.all("*", (c) =>
    renderPage(c.req.raw, getWebEnv(c.env), c.executionCtx as ExecutionContext, c.get("secureHeadersNonce")),
  );
  return app;
}

// Never kept by a cache: a hidden photo's key answers 404 to visitors until its owner shows it.
const PHOTO_NOT_FOUND = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * GET (and HEAD) /photos/<key>: a stored photo (issue #19), as the readPhoto verb finds it (only
 * a key a row names now; one not shown, its owner's and staff's only). A photo its owner shows on
 * the card is the same bytes for everyone under that key (a new photo gets a new key): cached for
 * a year as immutable; one not shown, `private, no-store`; anything else a plain 404. The
 * object's ETag revalidates; the Content-Type is the checked type the key names, never sniffed.
 */
async function servePhoto(env: WebEnv, request: Request, key: string, ctx: ExecutionContext): Promise<Response> {
  const db = getDb(env.DB);
  const found = await readPhoto(requestEffects(request, { env, db, ctx }, VISITOR), {
    key,
    head: request.method === "HEAD",
    ifNoneMatch: request.headers.get("If-None-Match"),
    viewer: async () => {
      const { user } = await readSession(db, request);
      return user && { userId: user.userId, staff: Boolean(user.adminRole) };
    },
  });
  if (found.code === "not_found") return PHOTO_NOT_FOUND();
  const headers = new Headers({
    "Content-Type": found.type,
    "Cache-Control": found.shown ? "public, max-age=31536000, immutable" : "private, no-store",
    ETag: found.etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Length": String(found.size),
  });
  if (request.method !== "HEAD" && !found.body) {
    headers.delete("Content-Length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(found.body, { headers });
}
