import { type Actor, VISITOR } from "@releve/core/platform/events";
import type { TapStores } from "@releve/db/tap/cache";
import { type Effects, effectsOf } from "@releve/verbs/effects";
import type { RouterContextProvider } from "react-router";
import { type CloudflareContext, cloudflareContext, getUser } from "./context";
import { tapStores, type WebEnv } from "./env.server";
import type { SessionUser } from "./features/accounts/session.server";

/**
 * What a request's code reaches beyond its bindings (issue #29): the sender's address, the
 * origin links are made on, and the tap's stores a command keeps true. Loaders, actions and API
 * handlers get the same fields; mail, photos and queues are the verbs' (the request's effects).
 */
export type RequestServices = {
  /** CF-Connecting-IP: the sender, for rate limits and lock-outs. */
  ip: string | null;
  origin: string;
  tap: TapStores;
};

/**
 * A page's request context: the worker entry's (env, ctx, db, request id, nonce), its services,
 * the signed-in user, and the effects its verbs act through (as the signed-in client, or a visitor).
 */
export type RequestContext = CloudflareContext &
  RequestServices & { readonly user: SessionUser | null; readonly effects: Effects };

/** The effects of one request, acting as `actor` (packages/verbs builds them from the bindings). */
export function requestEffects(
  request: Request,
  base: Pick<CloudflareContext, "env" | "db"> & { ctx: Pick<ExecutionContext, "waitUntil"> },
  actor: Actor,
) {
  return effectsOf(base.env, base.db, {
    origin: new URL(request.url).origin,
    actor,
    waitUntil: (promise) => base.ctx.waitUntil(promise),
  });
}

/** The services of one request on `env` (the API's middleware and requestContext build them alike). */
export function requestServices(request: Request, env: WebEnv): RequestServices {
  return {
    ip: request.headers.get("CF-Connecting-IP"),
    origin: new URL(request.url).origin,
    tap: tapStores(env),
  };
}

const built = new WeakMap<object, RequestContext>();

/** The one request context of a loader or action: built on first use, the same object after. */
export function requestContext(request: Request, context: Readonly<RouterContextProvider>): RequestContext {
  let rc = built.get(context);
  if (!rc) {
    const base = context.get(cloudflareContext);
    let effects: Effects | undefined;
    rc = {
      ...base,
      ...requestServices(request, base.env),
      get user() {
        return getUser(context);
      },
      get effects() {
        const user = getUser(context);
        effects ??= requestEffects(request, base, user ? { kind: "client", id: user.userId } : VISITOR);
        return effects;
      },
    };
    built.set(context, rc);
  }
  return rc;
}
