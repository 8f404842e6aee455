import { type Locale, slot } from "@releve/i18n";
import { tapMessage } from "@releve/i18n/tap";
import { escapeHtml, tapPage } from "./resolution-failed";

/**
 * The answer for a garment whose tag is reported lost or stolen (issue #18, decision 0033): the
 * neutral message and the brand's address (configuration, BRAND_CONTACT_EMAIL: issue #35),
 * nothing of the owner (no name, no card, no link to the share page). Same house style and
 * stylesheet as the failure page (so the same CSP, by hash), but no redirect home: whoever found
 * the piece needs the time to read the address. The same bytes for every missing garment, but
 * for a garment with a passport (issue #31): a link to it, 'About this piece', which says what
 * the piece is and nothing of its owner. In the visitor's language (issue #34).
 */
export function reportedMissingPage(locale: Locale, brandEmail: string, passportSlug: string | null): string {
  const email = escapeHtml(brandEmail);
  const found = escapeHtml(tapMessage(locale, "tap_missing_found", { email: slot("email") })).replace(
    slot("email"),
    `<a href="mailto:${email}">${email}</a>`,
  );
  const body = `<h1>${escapeHtml(tapMessage(locale, "tap_missing_title"))}</h1>\n<p>${found}</p>`;
  return tapPage(
    locale,
    tapMessage(locale, "tap_missing_page_title"),
    passportSlug === null
      ? body
      : `${body}\n<p><a href="/passport/${encodeURIComponent(passportSlug)}">${escapeHtml(tapMessage(locale, "tap_about_piece"))}</a></p>`,
  );
}
