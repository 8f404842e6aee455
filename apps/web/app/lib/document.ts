import { createContext, useContext } from "react";

/**
 * What only the server's document render knows (entry.server.tsx provides it); null in the
 * browser. A route whose `handle` is `{ hydrate: false }` is sent as plain HTML when rendered
 * as a document: no script, no stylesheet request (CSS inline), forms post natively
 * (decision 0020). Client-side navigations to such a route render it normally. `nonce`: the
 * response's CSP nonce, which that inline style and script carry.
 */
export type ServerDocument = { inlineCss: string; nonce: string | undefined };

/**
 * `script`: a plain route's own small inline script (progressive enhancement; the page must
 * work without it). Client-side navigations never run it: there the route's React renders.
 */
/**
 * What a route tells the document: `hydrate: false`, plain HTML; `script`, its one inline
 * script; `ownSignOut`, the page has its own sign-out (the admin portal's), so the header's goes;
 * `alternates`, its URL is shareable and names its languages.
 */
export type RouteHandle = {
  hydrate?: boolean;
  script?: string;
  ownSignOut?: boolean;
  alternates?: boolean;
  /** A page a garment opens for anyone (the card, the passport): no staff way in (issue #49). */
  noStaffLink?: boolean;
};

/**
 * Whether a matched route's URL is shareable, so the document names its language alternates
 * (`hreflang`, issue #34): the same path with `?lang=<locale>`, and the bare path as x-default.
 */
export const hasAlternates = (matches: { handle: unknown }[]) =>
  matches.some((match) => (match.handle as RouteHandle | undefined)?.alternates === true);

/** Whether the page is one a garment opens for anyone, whose footer offers staff no way in (issue #49). */
export const hidesStaffLink = (matches: { handle: unknown }[]) =>
  matches.some((match) => (match.handle as RouteHandle | undefined)?.noStaffLink === true);

/** Whether a matched route signs out on its own (the header then offers no second Logout). */
export const hasOwnSignOut = (matches: { handle: unknown }[]) =>
  matches.some((match) => (match.handle as RouteHandle | undefined)?.ownSignOut === true);

export const ServerDocumentContext = createContext<ServerDocument | null>(null);

export const useServerDocument = () => useContext(ServerDocumentContext);

export const isPlainRoute = (handle: unknown) => (handle as RouteHandle | undefined)?.hydrate === false;

export const routeScripts = (matches: { handle: unknown }[]) =>
  matches.flatMap((match) => (match.handle as RouteHandle | undefined)?.script ?? []);

/**
 * The only script a plain page carries, inline: a submitted form's button says it is sending
 * (its `data-busy-label`, SubmitButton's busy label, else 'Sending...') and cannot be pressed
 * twice. Without it the form still works.
 */
export const PLAIN_PAGE_SCRIPT =
  "document.addEventListener('submit',function(e){var b=e.target.querySelector('button[type=submit]');" +
  "if(b){setTimeout(function(){b.disabled=true;b.setAttribute('aria-busy','true');" +
  "b.textContent=b.getAttribute('data-busy-label')||'Sending...'},0)}})";
