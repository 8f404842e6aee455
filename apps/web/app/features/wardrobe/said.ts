/** The wardrobe room's outcomes (REGISTRATION_MESSAGES' codes) in the reader's language (issues #34, #48). */
import type { REGISTRATION_MESSAGES, RegistrationCode, registrationErrors } from "@releve/core/wardrobe/registration";
import { m } from "@releve/i18n/messages";
import { localizeErrors, localizeMessage } from "../../lib/localize.server";
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

/**
 * A refused registration form in the reader's language: the rules' own refusals by their code;
 * the text rule's (no code yet) through the field-error lookup.
 */
export function sayRegistrationErrors({ message, fields, codes }: ReturnType<typeof registrationErrors>) {
  const byField = localizeErrors(fields);
  for (const [field, code] of Object.entries(codes.fields)) {
    if (code !== undefined) byField[field] = REGISTRATION_SAID[code]();
  }
  return {
    message: codes.message === undefined ? localizeMessage(message) : REGISTRATION_SAID[codes.message](),
    fields: byField,
  };
}
