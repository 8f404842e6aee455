import { safeRedirect } from "@releve/core";
import { getDb } from "@releve/db";
import type { RouterContextProvider } from "react-router";
import { cloudflareContext } from "../context";
import { pendingClaimHeader, readPendingClaim } from "./cookies.server";
import { getEmailSender } from "./email.server";

/** Everything an auth route needs from the request context. */
export function authDeps(request: Request, context: Readonly<RouterContextProvider>) {
  const { env, ctx } = context.get(cloudflareContext);
  const db = getDb(env.DB);
  return {
    env,
    ctx,
    db,
    ip: request.headers.get("CF-Connecting-IP"),
    mail: { sender: getEmailSender(env, db), origin: new URL(request.url).origin },
  };
}

/**
 * Where a user goes right after signing in (spec part 1 §4, global handler): a pending claim
 * first (and it is cleared), then a same-origin redirect, else the wardrobe.
 */
export async function postSignInDestination(
  request: Request,
  deps: ReturnType<typeof authDeps>,
  redirectTo: unknown,
  fallback = "/dashboard/wardrobe",
): Promise<{ to: string; headers: string[] }> {
  const pending = await readPendingClaim(deps.env, request);
  if (pending) return { to: `/claim/${pending}`, headers: [await pendingClaimHeader(deps.env, request, null)] };
  return { to: safeRedirect(redirectTo, fallback), headers: [] };
}

export function formString(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
