import { z } from "zod";
import { type LinkTestBody, QA_MESSAGES } from "./qa";
import { URL_SUITE_MESSAGES, URL_TEST_SLUG_MAX_LENGTH, type UrlSuiteBody } from "./qa-urls";

/**
 * `POST /api/admin/qa/link-test` (issue #20): any slug an admin types (the tap itself decides
 * what is a valid one, as for a real tap), and who taps: a visitor without an owner token, or
 * the garment's owner. Apart from ./qa so the admin remote, which imports that, bundles no zod.
 */
export const LinkTestBodySchema = z.strictObject({
  slug: z
    .string(QA_MESSAGES.linkSlugRequired)
    .trim()
    .min(1, QA_MESSAGES.linkSlugRequired)
    .max(200, QA_MESSAGES.linkSlugTooLong)
    // A lone surrogate cannot be put in a URL (encodeURIComponent throws): refused, not a 500.
    .refine((slug) => slug.isWellFormed(), QA_MESSAGES.linkSlugMalformed),
  viewer: z.enum(["visitor", "owner"], QA_MESSAGES.linkViewer),
}) satisfies z.ZodType<LinkTestBody>;

/**
 * `POST /api/admin/qa/url-suite` (issue #20 item 3): any slug an admin types, as for the link
 * tester (the tap decides what a valid one is; 'invalid-slug' is a fine test).
 */
export const UrlSuiteBodySchema = z.strictObject({
  slug: z
    .string(URL_SUITE_MESSAGES.slugRequired)
    .trim()
    .min(1, URL_SUITE_MESSAGES.slugRequired)
    .max(URL_TEST_SLUG_MAX_LENGTH, URL_SUITE_MESSAGES.slugTooLong)
    // A lone surrogate cannot be put in a URL (encodeURIComponent throws): refused, not a 500.
    .refine((slug) => slug.isWellFormed(), URL_SUITE_MESSAGES.slugMalformed),
}) satisfies z.ZodType<UrlSuiteBody>;
