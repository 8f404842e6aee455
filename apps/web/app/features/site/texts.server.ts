/**
 * The site room's server texts in the reader's language (issue #34): each English text its
 * rules send to a page (packages/core constants, the spec's words), and each field label they name,
 * with the message that says it. Merged by apps/web/app/lib/localize.server.ts.
 */
import { EARLY_ACCESS_MESSAGES } from "@releve/core/site/early-access-constants";
import { m } from "@releve/i18n/messages";

export const TEXTS: ReadonlyArray<readonly [english: string, say: () => string]> = [
  // The early-access form and the blog's newsletter (packages/core/src/site).
  [EARLY_ACCESS_MESSAGES.missing, () => m.site_ea_missing()],
  [EARLY_ACCESS_MESSAGES.duplicateTitle, () => m.site_ea_duplicate_title()],
  [EARLY_ACCESS_MESSAGES.duplicate, () => m.site_ea_duplicate()],
  [EARLY_ACCESS_MESSAGES.failedTitle, () => m.site_ea_failed_title()],
  [EARLY_ACCESS_MESSAGES.failed, () => m.site_ea_failed()],
  [EARLY_ACCESS_MESSAGES.rateLimited, () => m.site_ea_rate_limited()],
  [EARLY_ACCESS_MESSAGES.networkLimited, () => m.site_ea_network_limited()],
  [EARLY_ACCESS_MESSAGES.success, () => m.site_ea_success()],
  // EarlyAccessSchema's own field errors.
  ["Full name is required", () => m.site_ea_full_name_required()],
  ["Email is required", () => m.site_ea_email_required()],
  ["Choose one of the listed options", () => m.site_ea_referral_invalid()],
];

export const LABELS: ReadonlyArray<readonly [english: string, say: () => string]> = [
  ["Full name", () => m.site_label_full_name()],
];
