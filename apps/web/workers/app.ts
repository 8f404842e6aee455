import { getDb } from "@releve/db";
import { withLocale } from "@releve/i18n/server";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "../app/context";
import { pageLocale } from "../app/lib/page-locale";
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
    // Messages called while this request renders speak its language (issue #34).
    const locale = pageLocale(request);
    return withLocale(locale, () => handleRequest(request, context)).then((response) => {
      if (!response.headers.get("Content-Type")?.startsWith("text/html")) return response;
      // A page varies by the language cookie and Accept-Language, and says which it chose.
      const page = new Response(response.body, response);
      page.headers.set("Content-Language", locale);
      page.headers.append("Vary", "Accept-Language, Cookie");
      return page;
    });
  },
  { dev: import.meta.env.DEV },
);
