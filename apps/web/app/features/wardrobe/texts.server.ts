/**
 * The wardrobe room's text-rule refusals in the reader's language (issue #34): the English the
 * registration forms' text fields still send to a page, and each field label they name. Merged by
 * apps/web/app/lib/localize.server.ts; the registration rules' own refusals are said by code
 * (./said.ts).
 */
import { textProblemMessage } from "@releve/core/platform/text";
import { CHIP_CODE_MAX, NAME_MAX, SKU_MAX } from "@releve/core/wardrobe/registration";
import { m } from "@releve/i18n/messages";

type Say = () => string;

/** The registration rules' field labels (packages/core/src/wardrobe/registration.ts). */
const FIELDS: ReadonlyArray<readonly [english: string, say: Say, max?: number]> = [
  ["Name", () => m.wardrobe_label_name(), NAME_MAX],
  ["The style", () => m.wardrobe_label_style()],
  ["The size", () => m.wardrobe_label_size()],
  ["SKU", () => m.wardrobe_label_sku(), SKU_MAX],
  ["The purchase date", () => m.wardrobe_label_purchase_date()],
  ["The garment type", () => m.wardrobe_label_garment_type()],
  ["The chip id", () => m.wardrobe_label_chip_id(), CHIP_CODE_MAX],
];

export const TEXTS: ReadonlyArray<readonly [english: string, say: Say]> = [
  // The text rule's refusals as the registration forms word them (a full stop at the end).
  ...FIELDS.flatMap(([english, say, max]) => [
    [`${textProblemMessage("control", english)}.`, () => m.wardrobe_field_control({ label: say() })] as const,
    [`${textProblemMessage("malformed", english)}.`, () => m.wardrobe_field_malformed({ label: say() })] as const,
    ...(max === undefined
      ? []
      : [[`${english} is at most ${max} characters.`, () => m.wardrobe_field_at_most({ label: say(), max })] as const]),
  ]),
];

export const LABELS: ReadonlyArray<readonly [english: string, say: Say]> = FIELDS.filter(
  ([english]) => english !== "Name",
).map(([english, say]) => [english, say] as const);
