import { AppError, EnvError, type ErrorBody } from "@releve/core";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { getWebEnv, type WebEnv } from "../env.server";
import { admin } from "./admin";
import { scans } from "./scans";

export type ApiEnv = { Bindings: Env; Variables: { requestId: string; env: WebEnv } };

export function errorBody(error: AppError, id: string): ErrorBody {
  const body: ErrorBody = { error: { code: error.code, message: error.message, requestId: id } };
  if (error.details !== undefined) body.error.details = error.details;
  return body;
}

export const api = new Hono<ApiEnv>();

api.use(requestId({ headerName: "cf-ray" }));
api.use(async (c, next) => {
  c.set("env", getWebEnv(c.env));
  await next();
});

api.get("/health", async (c) => {
  const { DB } = c.get("env");
  const row = await DB.prepare("select count(*) as garments from garments").first<{ garments: number }>();
  return c.json({ ok: true, garments: row?.garments ?? 0 });
});

api.route("/admin", admin);
api.route("/scans", scans);

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
