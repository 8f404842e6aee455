import type { Db } from "@releve/db";
import { createContext } from "react-router";
import type { WebEnv } from "./env.server";

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
