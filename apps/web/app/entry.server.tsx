import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { cloudflareContext } from "./context";
import { ServerDocumentContext } from "./lib/document";
import { inlineCss } from "./lib/inline-css.server";

export const streamTimeout = 5_000;

/** React Router's default web entry, plus what plain (unhydrated) pages need from the server. */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // The response's CSP nonce (workers/security-headers.ts): on React's and React Router's
  // inline scripts, and on a plain page's inline style and script (root.tsx).
  const { nonce } = loadContext.get(cloudflareContext);

  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  const body = await renderToReadableStream(
    <ServerDocumentContext.Provider value={{ inlineCss, nonce }}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </ServerDocumentContext.Provider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell itself reject and are logged by React Router.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers get the whole document at once.
  if (userAgent && isbot(userAgent)) await body.allReady;

  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
