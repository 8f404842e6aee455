import { Hono } from "hono";
import { api } from "../app/api";
import { getWebEnv, type WebEnv } from "../app/env.server";
import { requireSameOrigin } from "./csrf";

export type RenderPage = (request: Request, env: WebEnv, ctx: ExecutionContext) => Response | Promise<Response>;

/**
 * The shell's routing, independent of how pages are rendered: /api/* to Hono, /t/* to the
 * tap worker, everything else to the page renderer (React Router in the real entry).
 */
export function createShellApp(renderPage: RenderPage) {
  const app = new Hono<{ Bindings: Env }>();
  app.use(requireSameOrigin);
  app.route("/api", api);
  // One origin locally: /t/* goes to the tap worker through its service binding. In
  // production the /t/* route reaches the tap worker directly and never touches this one.
  app.all("/t/*", (c) => getWebEnv(c.env).TAP.fetch(c.req.raw));
  app.all("*", (c) => renderPage(c.req.raw, getWebEnv(c.env), c.executionCtx as ExecutionContext));
  return app;
}
