import { createContext } from "react-router";
import type { WebEnv } from "./env.server";

export interface CloudflareContext {
  env: WebEnv;
  ctx: ExecutionContext;
  requestId: string;
}

export const cloudflareContext = createContext<CloudflareContext>();
