import { AppError } from "@releve/core";
import type { MiddlewareHandler } from "hono";
import { errorBody } from "../app/api/errors";
import { drainBody } from "../app/lib/drain-body.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * After any answer (API or page): a body the handler never read (a refusal by the admin gate,
 * a bad id thrown before the form is read, a route that takes no body) is drained before the
 * answer leaves, for the same reason.
 */
export const drainUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.raw.body && !c.req.raw.bodyUsed) await drainBody(c.req.raw);
};

/**
 * Paths whose POST carries its own proof (a signed token in the URL) and reads no cookie, so a
 * cross-site request can do nothing a forger could not: RFC 8058's one-click unsubscribe comes
 * from a mail provider, without an Origin (issue #33).
 */
const TOKEN_PROOF_PATHS = /^\/unsubscribe\/[^/]+$/;

/**
 * Every state-changing request must come from our own pages: its Origin header must be
 * this origin. A missing Origin is refused too (browsers send it on every POST).
 */
export const requireSameOrigin: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (c.req.method === "POST" && TOKEN_PROOF_PATHS.test(new URL(c.req.url).pathname)) return next();
  const origin = c.req.header("Origin");
  if (origin && origin === new URL(c.req.url).origin) return next();
  const refusal = new AppError("forbidden", "This request did not come from a Relevé page, so it was refused.");
  await drainBody(c.req.raw);
  if (new URL(c.req.url).pathname.startsWith("/api/")) {
    return c.json(errorBody(refusal, c.req.header("cf-ray") ?? crypto.randomUUID()), refusal.status);
  }
  return c.text(`Forbidden: ${refusal.message}`, refusal.status);
};
