/**
 * In the browser, messages speak the document's language: the server set `<html lang>` from the
 * request, and a change of language reloads the document, so it never changes under a page.
 */
import { BASE_LOCALE, toLocale } from "./locale";
import { overwriteGetLocale } from "./paraglide/runtime.js";

// Imported by code that also renders on the server, where ./server.ts answers instead.
if (typeof document !== "undefined") {
  overwriteGetLocale(() => toLocale(document.documentElement.lang) ?? BASE_LOCALE);
}
