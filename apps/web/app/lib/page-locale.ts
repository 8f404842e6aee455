import { type Locale, requestLocale } from "@releve/i18n";

/**
 * The staff's pages stay in English (issue #34, README): the admin portal, the QA tools and the
 * local outbox. They are read in English whatever the person chose, so `<html lang>` says so.
 */
const ENGLISH_ONLY = /^\/(admin(\/|$)|dev\/|test-garment(\/|$)|test-urls(\/|$)|e2e-tests(\/|$))/;

export const isEnglishOnlyPath = (pathname: string) => ENGLISH_ONLY.test(pathname);

/** The language a page is rendered in: English on the staff's pages, else the request's. */
export function pageLocale(request: Request): Locale {
  return isEnglishOnlyPath(new URL(request.url).pathname) ? "en" : requestLocale(request);
}
