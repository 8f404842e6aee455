/** The wardrobe room's outcomes (REGISTRATION_MESSAGES' codes) in the reader's language (issues #34, #48). */
import type { REGISTRATION_MESSAGES, RegistrationCode, registrationErrors } from "@releve/core/wardrobe/registration";
import { m } from "@releve/i18n/messages";
import { type FormSaid, sayProblems } from "../../lib/field-said";
import type { SaidBy } from "../../lib/said";

export const REGISTRATION_SAID: SaidBy<typeof REGISTRATION_MESSAGES, RegistrationCode> = {
  requiredFields: () => m.wardrobe_required_fields(),
  failed: () => m.wardrobe_registration_failed(),
  style: () => m.wardrobe_style_choices(),
  tapSize: () => m.wardrobe_tap_size_choices(),
  formSize: () => m.wardrobe_form_size_choices(),
  garmentType: () => m.wardrobe_type_choices(),
  dateFormat: () => m.wardrobe_date_format(),
  dateFuture: () => m.wardrobe_date_future(),
};

/** The registration forms' fields (core wardrobe/registration.ts), for the text rule's refusals. */
const REGISTRATION_FIELDS: FormSaid = {
  name: { label: () => m.wardrobe_label_name() },
  style: { label: () => m.wardrobe_label_style() },
  size: { label: () => m.wardrobe_label_size() },
  sku: { label: () => m.wardrobe_label_sku() },
  purchase_date: { label: () => m.wardrobe_label_purchase_date() },
  garment_type: { label: () => m.wardrobe_label_garment_type() },
  chip_id: { label: () => m.wardrobe_label_chip_id() },
};

/**
 * A refused registration form in the reader's language: the rules' own refusals by their code,
 * the text rule's by the field's rule.
 */
export function sayRegistrationErrors({ codes, problems }: ReturnType<typeof registrationErrors>) {
  const fields = sayProblems(REGISTRATION_FIELDS, problems);
  for (const [field, code] of Object.entries(codes.fields)) {
    if (code !== undefined) fields[field] = REGISTRATION_SAID[code]();
  }
  const first = Object.keys(fields)[0];
  const message =
    codes.message !== undefined
      ? REGISTRATION_SAID[codes.message]()
      : ((first === undefined ? undefined : fields[first]) ?? REGISTRATION_SAID.failed());
  return { message, fields };
}
