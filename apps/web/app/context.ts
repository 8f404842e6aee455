import type { Db } from "@releve/db";
import { createContext, type RouterContextProvider } from "react-router";
import type { WebEnv } from "./env.server";
// The user's shape only: the session itself is read by the accounts room's root middleware.
import type { SessionUser } from "./features/accounts/session.server";

export interface CloudflareContext {
  env: WebEnv;
  ctx: ExecutionContext;
  /** The request's drizzle client, created once in the worker entry. */
  db: Db;
  requestId: string;
  /** This response's CSP nonce (apps/web/workers/security-headers.ts), for inline scripts and styles; absent in tests that call loaders directly. */
  nonce?: string;
}

export const cloudflareContext = createContext<CloudflareContext>();

/** The signed-in user of this request (or null), resolved once by the root middleware. */
export const userContext = createContext<SessionUser | null>(null);

export function getUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  return context.get(userContext);
}
