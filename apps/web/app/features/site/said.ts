/** The site room's outcomes (EARLY_ACCESS_MESSAGES' codes) in the reader's language (issues #34, #48). */
import type { EARLY_ACCESS_MESSAGES } from "@releve/core/site/early-access-constants";
import { m } from "@releve/i18n/messages";
import type { FormSaid } from "../../lib/field-said";
import type { SaidBy } from "../../lib/said";

export const EARLY_ACCESS_SAID: SaidBy<typeof EARLY_ACCESS_MESSAGES> = {
  missing: () => m.site_ea_missing(),
  duplicateTitle: () => m.site_ea_duplicate_title(),
  duplicate: () => m.site_ea_duplicate(),
  failedTitle: () => m.site_ea_failed_title(),
  failed: () => m.site_ea_failed(),
  rateLimited: () => m.site_ea_rate_limited(),
  networkLimited: () => m.site_ea_network_limited(),
  success: () => m.site_ea_success(),
};

/** The early-access form's fields (core site/early-access.ts). */
export const EARLY_ACCESS_FIELDS: FormSaid = {
  full_name: { label: () => m.site_label_full_name(), required: () => m.site_ea_full_name_required() },
  email: {
    label: () => m.label_email(),
    required: () => m.site_ea_email_required(),
    invalid: () => m.field_invalid_email(),
  },
  referral_source: { invalid: () => m.site_ea_referral_invalid() },
};
