/**
 * The admin's URL test suite, /test-urls (issue #20 item 3, spec part 2 §2): for one slug, real
 * checks against the real tap (dry runs, no scan), the pages it sends to, the tap's cache and the
 * share card. Zod-free: the page bundles this; the request body's schema is in ./contracts.
 */
import { QA_MESSAGES } from "./tools";

/** The spec's ten sample slugs (part 2 §2), in its order. */
export const URL_TEST_SAMPLE_SLUGS = [
  "mb-001",
  "ss-002",
  "cg-003",
  "sj-004",
  "hb-005",
  "vt-006",
  "ad-007",
  "lt-008",
  "cs-009",
  "ps-010",
] as const;
/** The slug the page opens with (spec part 2 §2). */
export const URL_TEST_DEFAULT_SLUG = "mb-001";
/** What a slug to test may be at most (as the link tester's: the tap itself decides what a valid one is). */
export const URL_TEST_SLUG_MAX_LENGTH = 200;

export const URL_SUITE_MESSAGES = {
  slugRequired: QA_MESSAGES.testSlugRequired,
  slugTooLong: `A test slug is at most ${URL_TEST_SLUG_MAX_LENGTH} characters.`,
  slugMalformed: "A test slug must be plain text (it has a broken character).",
} as const;

/** `POST /api/admin/qa/url-suite`'s body (checked by `UrlSuiteBodySchema` in ./contracts). */
export type UrlSuiteBody = { slug: string };

/** The checks, in the order the suite runs and lists them. */
const URL_CHECKS = [
  { id: "tap-visitor", name: "Tap as a visitor" },
  { id: "tap-owner", name: "Tap as the owner" },
  { id: "destination-visitor", name: "Visitor's destination answers" },
  { id: "destination-owner", name: "Owner's destination asks a signed-out browser to sign in" },
  { id: "cache", name: "Cached record equals D1" },
  { id: "share-card", name: "Share card shows no unshared field" },
  { id: "vcard", name: "vCard parses" },
] as const;
export type UrlCheckId = (typeof URL_CHECKS)[number]["id"];
export type UrlCheckResult = "pass" | "fail" | "skip";

/** One check: what it found, and why (expected vs got, or the reason it was skipped). */
export type UrlCheck = { id: UrlCheckId; name: string; result: UrlCheckResult; detail: string };

/** `POST /api/admin/qa/url-suite`'s answer. */
export type UrlSuiteResult = { slug: string; checks: UrlCheck[]; testedAt: number };

export const urlCheckName = (id: UrlCheckId) => URL_CHECKS.find((c) => c.id === id)?.name ?? id;

/** 'N passed, M failed, K skipped' over any number of results. */
export function urlSuiteSummary(checks: readonly Pick<UrlCheck, "result">[]) {
  const count = (result: UrlCheckResult) => checks.filter((c) => c.result === result).length;
  const counts = { passed: count("pass"), failed: count("fail"), skipped: count("skip") };
  return { ...counts, text: `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` };
}
