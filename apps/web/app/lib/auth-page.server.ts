import type { RouterContextProvider } from "react-router";
import { cloudflareContext } from "../context";
import { getEmailSender } from "./email.server";

/** Everything an auth route needs from the request context. */
export function authDeps(request: Request, context: Readonly<RouterContextProvider>) {
  const { env, ctx, db } = context.get(cloudflareContext);
  return {
    env,
    ctx,
    db,
    ip: request.headers.get("CF-Connecting-IP"),
    mail: { sender: getEmailSender(env, db), origin: new URL(request.url).origin },
  };
}

export function formString(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
