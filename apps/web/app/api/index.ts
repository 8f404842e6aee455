import { AppError, EnvError } from "@releve/core";
import { VISITOR } from "@releve/core/platform/events";
import { getDb } from "@releve/db";
import { countGarments } from "@releve/db/tags/queries";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { getWebEnv } from "../env.server";
import { passportJsonLd } from "../features/passport/jsonld-api";
import { photos } from "../features/wardrobe/photos-api";
import { requestEffects, requestServices } from "../request-context.server";
import { admin } from "./admin";
import type { ApiEnv } from "./api-env";
import { errorBody } from "./errors";

export const api = new Hono<ApiEnv>();

api.use(requestId({ headerName: "cf-ray" }));
api.use(async (c, next) => {
  const env = getWebEnv(c.env);
  const db = getDb(env.DB);
  c.set("env", env);
  c.set("db", db);
  const services = requestServices(c.req.raw, env);
  c.set("ip", services.ip);
  c.set("origin", services.origin);
  c.set("tap", services.tap);
  c.set(
    "effects",
    requestEffects(c.req.raw, { env, db, ctx: { waitUntil: (p) => c.executionCtx.waitUntil(p) } }, VISITOR),
  );
  await next();
});

api.get("/health", async (c) => {
  return c.json({ ok: true, garments: await countGarments(c.get("db")) });
});

api.route("/admin", admin);
api.route("/garments", photos);
api.route("/", passportJsonLd);

// A catch-all route, not notFound(): once mounted under the shell, unmatched /api paths
// must not fall through to the page renderer.
api.all("*", (c) =>
  c.json(
    errorBody(new AppError("not_found", `No API route for ${c.req.method} ${c.req.path}`), c.get("requestId")),
    404,
  ),
);

api.onError((err, c) => {
  const id = c.get("requestId") ?? crypto.randomUUID();
  if (err instanceof AppError) return c.json(errorBody(err, id), err.status);
  // Anything else is a bug or an outage: log it whole, tell the caller only what it can act on.
  console.error(`[api ${id}]`, err);
  const message = err instanceof EnvError ? "The server is misconfigured." : "Something went wrong. Please try again.";
  return c.json(errorBody(new AppError("internal", message), id), 500);
});
