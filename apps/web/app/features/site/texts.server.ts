/**
 * The site room's field errors in the reader's language (issue #34): the English its schema's
 * issues carry (packages/core site/early-access.ts), which still reach a page as text, and the field
 * label the text rule's sentences name. Merged by apps/web/app/lib/localize.server.ts; the room's
 * outcomes are said by code (./said.ts).
 */
import { m } from "@releve/i18n/messages";

export const TEXTS: ReadonlyArray<readonly [english: string, say: () => string]> = [
  // EarlyAccessSchema's own field errors.
  ["Full name is required", () => m.site_ea_full_name_required()],
  ["Email is required", () => m.site_ea_email_required()],
  ["Choose one of the listed options", () => m.site_ea_referral_invalid()],
];

export const LABELS: ReadonlyArray<readonly [english: string, say: () => string]> = [
  ["Full name", () => m.site_label_full_name()],
];
