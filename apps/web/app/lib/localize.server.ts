/**
 * Field errors in the request's language (issue #34). Rules in packages/core say what is wrong
 * with a field in English, the spec's words, which API clients and tests read as they are; a page
 * shows them through here, in the reader's language. English readers get them untouched; a text
 * this table does not know stays as it is (English), never blank. This reverse lookup is what is
 * left of issue #48: outcomes are said by their code (features/<room>/said.ts), but a form's field
 * errors still reach a page as zod issues' English sentences, with no code.
 */
import { BASE_LOCALE } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import * as accounts from "../features/accounts/texts.server";
import * as crm from "../features/crm/texts.server";
import * as site from "../features/site/texts.server";
import * as wardrobe from "../features/wardrobe/texts.server";

/** Each room's own field errors and labels (features/<room>/texts.server.ts). */
const ROOMS = [accounts, crm, site, wardrobe];

const EXACT = new Map<string, () => string>([
  ["Enter a valid email address", () => m.field_invalid_email()],
  ["Enter a phone number like +33 6 12 34 56 78", () => m.field_invalid_phone()],
  ["Enter an Instagram handle", () => m.field_invalid_instagram()],
  ["Enter a LinkedIn profile URL", () => m.field_invalid_linkedin()],
  ["Notes must be at most 4 KB", () => m.field_notes_too_large()],
  ...ROOMS.flatMap((room) => room.TEXTS),
]);

/** Field labels as core's rules name them. */
const LABELS = new Map<string, () => string>([
  ["First name", () => m.label_first_name()],
  ["Last name", () => m.label_last_name()],
  ["Name", () => m.label_name()],
  ["Email", () => m.label_email()],
  ["Phone", () => m.label_phone()],
  ["Instagram", () => m.label_instagram()],
  ["LinkedIn", () => m.label_linkedin()],
  ["Notes", () => m.label_notes()],
  ...ROOMS.flatMap((room) => room.LABELS),
]);
const label = (english: string) => LABELS.get(english)?.() ?? english;

/** The text rule's and the text field's sentences (packages/core platform/text.ts, text-field.ts). */
const PATTERNS: Array<[RegExp, (match: RegExpExecArray) => string]> = [
  [/^(.+) must be at most (\d+) characters$/, (x) => m.field_at_most({ label: label(x[1] ?? ""), max: Number(x[2]) })],
  [/^(.+) is too long$/, (x) => m.field_too_long({ label: label(x[1] ?? "") })],
  [/^(.+) must not contain line breaks or control characters$/, (x) => m.field_control({ label: label(x[1] ?? "") })],
  [/^(.+) must not contain control characters$/, (x) => m.field_control_multiline({ label: label(x[1] ?? "") })],
  [
    /^(.+) is not valid text: it contains a lone UTF-16 surrogate$/,
    (x) => m.field_malformed({ label: label(x[1] ?? "") }),
  ],
];

export function localizeMessage(text: string): string {
  // English readers get the rule's text exactly as written: the spec's words ("4000", not
  // the messages' formatted "4,000").
  if (currentLocale() === BASE_LOCALE) return text;
  const exact = EXACT.get(text);
  if (exact) return exact();
  for (const [pattern, say] of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return say(match);
  }
  return text;
}

/** A form's field errors, each in the request's language. */
export function localizeErrors<T extends Record<string, string | undefined>>(errors: T): T {
  return Object.fromEntries(
    Object.entries(errors).map(([field, text]) => [field, text === undefined ? text : localizeMessage(text)]),
  ) as T;
}
