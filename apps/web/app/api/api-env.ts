import type { Db } from "@releve/db";
import type { Effects } from "@releve/verbs/effects";
import type { WebEnv } from "../env.server";
import type { RequestServices } from "../request-context.server";

/**
 * A request to this same shell, answered in process by its whole routing (headers, /api, /t/*
 * through the tap binding, the page renderer), as a browser's request would be. The QA tools
 * check real pages with it (issue #20): a Worker's fetch of its own URL would not reach it.
 */
export type Loopback = (request: Request) => Promise<Response>;

/**
 * What every /api handler sees: the bindings, the validated env, the request's one drizzle client,
 * its services (the same a page's request context has) and the effects its verbs act through (as
 * a visitor; as the staff member under /api/admin, the owner under /api/garments).
 */
export type ApiEnv = {
  Bindings: Env;
  Variables: { requestId: string; env: WebEnv; db: Db; loopback: Loopback; effects: Effects } & RequestServices;
};
