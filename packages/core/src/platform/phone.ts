import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * Phone numbers as people read them and as machines exchange them (issue #49), by libphonenumber's
 * rules (its small metadata set). Numbers are stored as the forms normalise them (normalisePhone:
 * digits with an optional leading `+`); a number written with its country code is read for that
 * country. One without (a national number) names no country, so it is shown and exported as stored.
 */
const parsed = (value: string) => {
  const number = value.startsWith("+") ? parsePhoneNumberFromString(value) : undefined;
  return number?.isPossible() ? number : undefined;
};

/** As its country writes it, with its code: `+33 6 12 34 56 78`, `+44 20 7946 0000`. */
export const formatPhone = (value: string): string => parsed(value)?.formatInternational() ?? value;

/** E.164 (`+33612345678`), for `tel:` links, vCards and exports; a national number as stored. */
export const phoneE164 = (value: string): string => parsed(value)?.number ?? value.replace(/[^0-9+]/g, "");
