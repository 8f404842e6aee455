import { REPORTED_MISSING_MESSAGE } from "@releve/core/tap/rules";
import { escapeHtml, tapPage } from "./resolution-failed";

/**
 * The answer for a garment whose tag is reported lost or stolen (DESIGN.md §3, issue #18): the
 * neutral message and the brand's address (configuration, BRAND_CONTACT_EMAIL: issue #35),
 * nothing of the owner (no name, no card, no link to the share page). Same house style and
 * stylesheet as the failure page (so the same CSP, by hash), but no redirect home: whoever found
 * the piece needs the time to read the address. The same bytes for every missing garment, but
 * for a garment with a passport (issue #31): a link to it, 'About this piece', which says what
 * the piece is and nothing of its owner.
 */
export function reportedMissingPage(brandEmail: string, passportSlug: string | null): string {
  const email = escapeHtml(brandEmail);
  const body = `<h1>${REPORTED_MISSING_MESSAGE}</h1>\n<p>If you have found it, please contact Relevé at <a href="mailto:${email}">${email}</a>.</p>`;
  return tapPage(
    "Reported missing",
    passportSlug === null
      ? body
      : `${body}\n<p><a href="/passport/${encodeURIComponent(passportSlug)}">About this piece</a></p>`,
  );
}
