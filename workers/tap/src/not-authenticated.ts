import type { Locale } from "@releve/i18n";
import { tapMessage } from "@releve/i18n/tap";
import { escapeHtml, tapPage } from "./resolution-failed";

/**
 * The answer to a secure garment's tap that does not verify (issue #21, docs/security.md): its SUN
 * parameters missing, forged, another tag's, or a counter already seen. Nothing of the owner (no
 * name, no card, no link to the share page) and no hint of why. Same house style and
 * stylesheet as the failure page (so the same CSP, by hash). Constant per language: the same
 * bytes for every refused tap read in that language.
 */
const pages = new Map<Locale, string>();

export function notAuthenticatedPage(locale: Locale): string {
  let page = pages.get(locale);
  if (page === undefined) {
    page = tapPage(
      locale,
      tapMessage(locale, "tap_not_authenticated_title"),
      `<h1>${escapeHtml(tapMessage(locale, "tap_secure_refused"))}</h1>`,
      {
        alert: true,
      },
    );
    pages.set(locale, page);
  }
  return page;
}
