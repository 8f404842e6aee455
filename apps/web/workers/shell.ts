import { Hono } from "hono";
import { api } from "../app/api";
import type { Loopback } from "../app/api/api-env";
import { getWebEnv, type WebEnv } from "../app/env.server";
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
 * The shell's routing, independent of how pages are rendered: /api/* to Hono, /t/* to the
 * tap worker, everything else to the page renderer (React Router in the real entry).
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
  // One origin locally: /t/* goes to the tap worker through its service binding. In
  // production the /t/* route reaches the tap worker directly and never touches this one.
  // Copied: a fetched response's headers are immutable, and the shell's own go on top.
  app.all("/t/*", async (c) => {
    const answer = await getWebEnv(c.env).TAP.fetch(c.req.raw);
    return new Response(answer.body, answer);
  });
  app.all("*", (c) =>
    renderPage(c.req.raw, getWebEnv(c.env), c.executionCtx as ExecutionContext, c.get("secureHeadersNonce")),
  );
  return app;
}
