import { BRAND_CONTACT_EMAIL, REPORTED_MISSING_MESSAGE } from "@releve/core/tap/rules";
import { tapPage } from "./resolution-failed";

/**
 * The answer for a garment whose tag is reported lost or stolen (DESIGN.md §3, issue #18): the
 * neutral message and the brand's address, nothing of the owner (no name, no card, no link to
 * the share page). Same house style and stylesheet as the failure page (so the same CSP, by
 * hash), but no redirect home: whoever found the piece needs the time to read the address.
 * Constant: the same bytes for every missing garment.
 */
export const REPORTED_MISSING_PAGE = tapPage(
  "Reported missing",
  `<h1>${REPORTED_MISSING_MESSAGE}</h1>\n<p>If you have found it, please contact Relevé at <a href="mailto:${BRAND_CONTACT_EMAIL}">${BRAND_CONTACT_EMAIL}</a>.</p>`,
);
