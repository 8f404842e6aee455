import { HSTS, isLocalHost } from "@releve/core/platform/security-headers";
import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { readCookie, SESSION_COOKIE } from "../app/lib/cookies.server";

/**
 * The sha256 of the stylesheet sonner (the shell's toaster, sonner 2.0.8) injects as a
 * `<style>` element when it loads in the browser; it carries no nonce, so the policy names its
 * hash. sonner appends the element empty and fills it after, so the empty stylesheet's hash
 * is allowed too (it styles nothing). components/toaster.test.ts recomputes both from the
 * installed sonner: an upgrade that changes them fails there, not the toaster in production.
 */
export const SONNER_STYLE_HASH = "'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY='";
export const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/**
 * The shell's Content-Security-Policy (every response; browsers apply it to documents). Scripts:
 * our origin and the per-request nonce React Router and React put on every inline script.
 * Styles: our origin, the nonce (a plain page's inline stylesheet) and sonner's hashes; style
 * attributes stay allowed (`style-src-attr`: React's `style={...}` widths). Images: ours, data:
 * (server-drawn QR codes), blob: (photo previews) and https: (an admin may point an Instagram
 * tile at an image elsewhere). No eval, no plugins, no <base>, no framing, forms post here only.
 * In development (`npm run dev`) inline scripts and styles are allowed and no nonce is given:
 * Vite injects unnonced <style> tags for hot reload, and React's development build reports the
 * nonce the browser hides from the DOM as a hydration mismatch.
 */
function contentSecurityPolicy(dev: boolean) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", NONCE],
    styleSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", NONCE, SONNER_STYLE_HASH, EMPTY_STYLE_HASH],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", "https:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

const baseline = (dev: boolean, hsts: boolean) =>
  secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(dev),
    xFrameOptions: "DENY",
    xContentTypeOptions: true,
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: hsts ? HSTS : false,
    crossOriginOpenerPolicy: true,
    // Kept to what the app needs and is tested for (issue #17): no CORP, no legacy extras.
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    // A response that already says (the tap's failure page: its own CSP with its style's hash)
    // keeps what it says.
    overwrite: false,
  });

/** Query parameters that carry a secret (a reset or verification token, a card id, a tag code). */
const SECRET_PARAMS = ["token", "id", "code", "w"];

// A stored photo (/photos/<key>) says its own caching: a shown one the same bytes whoever asks,
// cookie or not (immutable), a hidden one its owner's only (private, no-store; issue #28).
const isPrivate = (request: Request, path: string, response: Response) =>
  !path.startsWith("/photos/") &&
  (path.startsWith("/api/") ||
    path.endsWith(".data") ||
    readCookie(request, SESSION_COOKIE) !== null ||
    response.headers.has("Set-Cookie"));

/**
 * Every response of the shell (issue #17): the baseline headers and CSP (HSTS off localhost),
 * the CSP nonce in `c.get("secureHeadersNonce")` for the page renderer (none in development), and
 * `Cache-Control: private, no-store` on whatever depends on who asks: any request with a
 * session cookie (every signed-in page and export), every single-fetch `.data` request, every
 * /api answer, anything setting a cookie. Public pages for visitors keep their own caching.
 * A URL carrying a secret gets `Referrer-Policy: same-origin`.
 */
export function securityHeaders({ dev = false } = {}): MiddlewareHandler {
  const local = baseline(dev, false);
  const production = baseline(dev, true);
  return async (c, next) => {
    const url = new URL(c.req.url);
    await (isLocalHost(c.req.url) ? local : production)(c, async () => {
      await next();
      const headers = c.res.headers;
      if (isPrivate(c.req.raw, url.pathname, c.res)) headers.set("Cache-Control", "private, no-store");
      if (SECRET_PARAMS.some((name) => url.searchParams.has(name))) headers.set("Referrer-Policy", "same-origin");
    });
  };
}
