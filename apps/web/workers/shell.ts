import { photoKeyType } from "@releve/core/wardrobe/photo";
import { getDb } from "@releve/db";
import { findPhotoByKey } from "@releve/db/wardrobe/queries";
import { Hono } from "hono";
import { api } from "../app/api";
import type { Loopback } from "../app/api/api-env";
import { getWebEnv, type WebEnv } from "../app/env.server";
import { readSession } from "../app/features/accounts/session.server";
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
  app.get("/photos/:key", (c) => servePhoto(getWebEnv(c.env), c.req.raw, c.req.param("key")));
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
 * GET (and HEAD) /photos/<key>: a garment photo from R2 (issue #19). Only a well-formed key that a
 * garment names now is looked up; anything else, a removed or hidden photo's old key, or a key
 * with no object, is a plain 404. A photo its owner shows on the card is the same bytes for
 * everyone under that key (a new photo gets a new key): cached for a year as immutable. One not
 * shown (issue #28) is its owner's (and staff's) only, `private, no-store`; anyone else gets the
 * 404. The object's ETag revalidates; the Content-Type is the checked type the key names, never sniffed.
 */
async function servePhoto(env: WebEnv, request: Request, key: string): Promise<Response> {
  const type = photoKeyType(key);
  if (!type) return PHOTO_NOT_FOUND();
  const db = getDb(env.DB);
  const holder = await findPhotoByKey(db, key);
  if (!holder) return PHOTO_NOT_FOUND();
  if (!holder.photo_public) {
    const { user } = await readSession(db, request);
    if (!user || (user.userId !== holder.owner_user_id && !user.adminRole)) return PHOTO_NOT_FOUND();
  }
  // Only If-None-Match is honoured: R2 answers a match with the metadata and no body.
  const ifNoneMatch = request.headers.get("If-None-Match");
  const onlyIf = ifNoneMatch ? new Headers({ "If-None-Match": ifNoneMatch }) : undefined;
  const object = request.method === "HEAD" ? await env.PHOTOS.head(key) : await env.PHOTOS.get(key, { onlyIf });
  if (!object) return PHOTO_NOT_FOUND();
  const headers = new Headers({
    "Content-Type": type,
    "Cache-Control": holder.photo_public ? "public, max-age=31536000, immutable" : "private, no-store",
    ETag: object.httpEtag,
    "X-Content-Type-Options": "nosniff",
    "Content-Length": String(object.size),
  });
  const body = "body" in object ? (object as R2ObjectBody).body : null;
  if (request.method !== "HEAD" && !body) {
    headers.delete("Content-Length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { headers });
}
