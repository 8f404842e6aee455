import { getDb } from "@releve/db";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "../app/context";
import { createShellApp } from "./shell";

const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default createShellApp(
  (request, env, ctx, nonce) => {
    const context = new RouterContextProvider();
    context.set(cloudflareContext, {
      env,
      ctx,
      db: getDb(env.DB),
      requestId: request.headers.get("cf-ray") ?? crypto.randomUUID(),
      nonce,
    });
    return handleRequest(request, context);
  },
  { dev: import.meta.env.DEV },
);
