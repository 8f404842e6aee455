import { z } from "zod";
import { text } from "../platform/text-field";
import { type LinkTestBody, QA_MESSAGES } from "./tools";
import { URL_SUITE_MESSAGES, URL_TEST_SLUG_MAX_LENGTH, type UrlSuiteBody } from "./url-suite";

/**
 * `POST /api/admin/qa/link-test` (issue #20): any slug an admin types (the tap itself decides
 * what is a valid one, as for a real tap), and who taps: a visitor without an owner token, or
 * the garment's owner. Apart from ./tools so the admin remote, which imports that, bundles no zod.
 */
export const LinkTestBodySchema = z.strictObject({
  // The one text rule (text.ts); a lone surrogate cannot be put in a URL (encodeURIComponent throws).
  slug: text({
    label: "The slug",
    typeError: QA_MESSAGES.linkSlugRequired,
    required: QA_MESSAGES.linkSlugRequired,
    max: 200,
    tooLong: QA_MESSAGES.linkSlugTooLong,
    malformed: QA_MESSAGES.linkSlugMalformed,
    end: ".",
  }),
  viewer: z.enum(["visitor", "owner"], QA_MESSAGES.linkViewer),
}) satisfies z.ZodType<LinkTestBody>;

/**
 * `POST /api/admin/qa/url-suite` (issue #20 item 3): any slug an admin types, as for the link
 * tester (the tap decides what a valid one is; 'invalid-slug' is a fine test).
 */
export const UrlSuiteBodySchema = z.strictObject({
  // The one text rule (text.ts); a lone surrogate cannot be put in a URL (encodeURIComponent throws).
  slug: text({
    label: "The slug",
    typeError: URL_SUITE_MESSAGES.slugRequired,
    required: URL_SUITE_MESSAGES.slugRequired,
    max: URL_TEST_SLUG_MAX_LENGTH,
    tooLong: URL_SUITE_MESSAGES.slugTooLong,
    malformed: URL_SUITE_MESSAGES.slugMalformed,
    end: ".",
  }),
}) satisfies z.ZodType<UrlSuiteBody>;
