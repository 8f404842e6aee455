import { createShellApp } from "../workers/shell";

// The real shell routing with a trivial page renderer: React Router's server build exists
// only inside Vite, and pages are covered by the end-to-end tier. The renderer names the CSP
// nonce it was given, so a test can match it against the policy; a `?cache=` query stands for
// a route's own caching header.
export default createShellApp((request, _env, _ctx, nonce) => {
  const url = new URL(request.url);
  const headers = new Headers({ "X-Test-Nonce": nonce ?? "" });
  const cache = url.searchParams.get("cache");
  if (cache) headers.set("Cache-Control", cache);
  return new Response(`page ${url.pathname}`, { headers });
});
