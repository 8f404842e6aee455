import { SECURE_TAP_MESSAGES } from "@releve/core/tap/secure-tap";
import { tapPage } from "./resolution-failed";

/**
 * The answer to a secure garment's tap that does not verify (issue #21, DESIGN.md §3): its SUN
 * parameters missing, forged, another tag's, or a counter already seen. Nothing of the owner (no
 * name, no card, no link to the share page) and no hint of why. Same house style and
 * stylesheet as the failure page (so the same CSP, by hash). Constant: the same bytes for every
 * refused tap.
 */
export const NOT_AUTHENTICATED_PAGE = tapPage("Not authenticated", `<h1>${SECURE_TAP_MESSAGES.refused}</h1>`, {
  alert: true,
});
