/**
 * The passport room's server texts in the reader's language (issue #34): each English text its
 * rules send to a page (packages/core constants, the spec's words), and each field label they name,
 * with the message that says it. Merged by apps/web/app/lib/localize.server.ts.
 */
import { PRODUCT_MESSAGES } from "@releve/core/passport/product-rules";
import { m } from "@releve/i18n/messages";

export const TEXTS: ReadonlyArray<readonly [english: string, say: () => string]> = [
  [PRODUCT_MESSAGES.noPassport, () => m.passport_no_passport()],
  [PRODUCT_MESSAGES.noProduct, () => m.passport_no_product()],
];

export const LABELS: ReadonlyArray<readonly [english: string, say: () => string]> = [];
