import type { TapDiagnosis } from "./dry-run";

/**
 * QA tools (issue #20, spec part 2 §2, §7, §8): the admin's reset of the sample garments and
 * the test-garment page. Messages are the spec's, verbatim.
 */

export const QA_MESSAGES = {
  resetDone: "E2E Data Reset Complete",
  resetFailed: "Reset Failed",
  accessDenied: "Access Denied",
  adminRequired: "Admin privileges required",
  testSlugRequired: "Please enter a test slug",
  badTestSlug: "A test slug is 1 to 64 lower-case letters, digits and inner hyphens (for example test-garment).",
  testGarmentCreated: (slug: string) => `Test garment ${slug} created: unclaimed, in the QA batch.`,
  testGarmentExists: (slug: string) => `A garment with the slug ${slug} already exists.`,
  resetTakesNoBody: "The QA reset takes no request body.",
  e2eTakesNoBody: "An e2e run takes no request body.",
  linkSlugRequired: "Please enter a slug to test",
  linkSlugTooLong: "A slug to test is at most 200 characters.",
  linkSlugMalformed: "A slug to test must be plain text (it has a broken character).",
  linkViewer: "Choose the viewer: visitor or owner.",
  testFailed: "Test Failed",
} as const;

/** The link tester's quick slugs (spec part 2 §2): three samples and one that resolves to nothing. */
export const LINK_TEST_QUICK_SLUGS = ["mb-001", "ss-002", "cg-003", "invalid-slug"] as const;
/** How many link test results the page keeps (spec part 2 §9). */
export const LINK_TEST_RESULTS_KEPT = 10;

/** `POST /api/admin/qa/link-test`'s body (checked by `LinkTestBodySchema`, in ./contracts: no zod in the admin remote). */
export type LinkTestBody = { slug: string; viewer: "visitor" | "owner" };

/** The link tester's answer: the tap's own status and Location, and its diagnosis of the dry run. */
export type LinkTestResult = {
  slug: string;
  viewer: LinkTestBody["viewer"];
  /** The path the tap was asked for. */
  path: string;
  status: number;
  location: string | null;
  diagnosis: TapDiagnosis;
  testedAt: number;
};

/** The /test-garment page's default slug (spec part 2 §2). */
export const TEST_GARMENT_DEFAULT_SLUG = "test-garment";
/** 'Test Claim Flow' goes to /t/<slug> after this long (spec part 2 §2). */
export const CLAIM_FLOW_DELAY_MS = 500;
/** The tag batch test garments are created in (made once, when first needed). */
export const QA_BATCH_NAME = "QA";

/** One sample garment as the QA reset left it. */
type QaResetGarment = { slug: string; id: number; before: { status: string; owned: boolean; active: boolean } };

/** `POST /api/admin/qa/reset`: the garments put back to unclaimed (mb-001 and ss-002, those that exist). */
export type QaResetResult = { garments: QaResetGarment[]; resetAt: number };

/** A demo account the seed creates: its email and role; its password lives in `passwordVariable` (never shown). */
type QaAccount = { role: string; email: string; exists: boolean; passwordVariable: string };
/** A sample garment the reset puts back, as it is now. */
type QaSample = { slug: string; status: string; active: boolean; claimedAt: number | null };
/** `GET /api/admin/qa`: what the QA panel shows. */
export type QaPanel = { accounts: QaAccount[]; samples: QaSample[] };

/** Where a demo account's password is set: `.dev.vars` locally, the environment elsewhere (scripts/dev-vars.ts). */
export const demoPasswordVariable = (role: string) => `DEMO_${role.toUpperCase()}_PASSWORD`;
