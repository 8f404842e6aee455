/**
 * Which language a page speaks (issue #34, decision 0061). The languages are the inlang
 * project's (`project.inlang/settings.json`): adding one is its messages file and one line there.
 * The order of choice: the person's explicit choice (the language cookie, which a signed-in
 * person's stored choice sets at sign-in), else the request's `Accept-Language`, else English.
 */
import * as languages from "./paraglide/languages";
import type { Locale as CompiledLocale } from "./paraglide/runtime.js";

/** One of our languages, as the project's settings name them; not Paraglide's runtime (the tap never loads it). */
export type Locale = CompiledLocale;
export const LOCALES: readonly Locale[] = languages.LOCALES;
export const BASE_LOCALE: Locale = languages.BASE_LOCALE as Locale;

/** The language cookie: a person's explicit choice, remembered for a year. */
export const LOCALE_COOKIE = "releve_lang";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** A stored or posted value as a language, or null (anything else is ignored, never an error page). */
export const toLocale = (value: unknown): Locale | null => (isLocale(value) ? value : null);

/**
 * The best of our languages for an `Accept-Language` header (RFC 9110 §12.5.4): ranges by
 * weight, ties in the order sent; a range matches a language by its primary subtag ("fr-CA" is
 * French); `*` and q=0 choose nothing. Null when nothing matches (the caller falls back).
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranges = header
    .slice(0, 512)
    .split(",")
    .map((part, order) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { primary: range.trim().toLowerCase().split("-")[0] ?? "", q: q === undefined ? 1 : Number(q), order };
    })
    .filter((r) => r.q > 0 && r.primary !== "" && r.primary !== "*")
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const range of ranges) {
    const found = toLocale(range.primary);
    if (found) return found;
  }
  return null;
}

/** The language of a request: the explicit choice, else Accept-Language, else English. */
export function chooseLocale(choice: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  return toLocale(choice) ?? localeFromAcceptLanguage(acceptLanguage) ?? BASE_LOCALE;
}

/** The explicit choice in a Cookie header (the language cookie's value, if it names a language). */
export function localeFromCookieHeader(cookie: string | null | undefined): Locale | null {
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === LOCALE_COOKIE) return toLocale(part.slice(eq + 1).trim());
  }
  return null;
}

/** The query parameter a shareable link names its language with (`hreflang` alternates: `?lang=fr`). */
export const LOCALE_PARAM = "lang";

/**
 * A request's language, by the rule above; a link's own `?lang=` (the alternates a shareable
 * page names) counts as an explicit choice for that page, before the cookie.
 */
export function requestLocale(request: Request): Locale {
  const query = request.url.indexOf("?");
  const linked = query === -1 ? null : toLocale(new URLSearchParams(request.url.slice(query + 1)).get(LOCALE_PARAM));
  return (
    linked ??
    chooseLocale(localeFromCookieHeader(request.headers.get("cookie")), request.headers.get("accept-language"))
  );
}

/**
 * The Intl locale a language formats with. English is written the British way, as the house
 * always has ("28 Nov 2026", "18:00"); any other language formats as itself.
 */
export const intlLocale = (locale: Locale): string => (locale === "en" ? "en-GB" : locale);

/** A language's own name, capitalised as it begins a line ("English", "Français"). */
export function localeName(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
