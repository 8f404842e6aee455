/**
 * The wardrobe's words that are not plain messages (issue #34): a garment's labels with their
 * fallbacks and fixed choices in the reader's language, and what a browser-side step meets as
 * the reader's language says it: Web NFC's refusals by code, the photo API's and the photo rules'
 * by their English (issue #48: they carry no code to a page yet).
 * Runs on the server and in the browser alike: the message functions know which language.
 */
import { PHOTO_CARD_MESSAGES, PHOTO_MESSAGES } from "@releve/core/wardrobe/photo";
import type { REGISTRATION_STYLES } from "@releve/core/wardrobe/registration";
import { BASE_LOCALE } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import type { SaidBy } from "../../lib/said";
import { type NFC_MESSAGES, NfcError } from "../../lib/web-nfc";

// A garment's labels are shared beyond the wardrobe (lib/garment-words.ts); its pages import them here.
export { type GarmentWords, garmentWords, typeWord } from "../../lib/garment-words";

const STYLES: Record<(typeof REGISTRATION_STYLES)[number], () => string> = {
  dress: () => m.wardrobe_type_dress(),
  top: () => m.wardrobe_style_top(),
  jacket: () => m.wardrobe_type_jacket(),
  pants: () => m.wardrobe_type_pants(),
  skirt: () => m.wardrobe_style_skirt(),
};

/** Tap registration's style choice, capitalised as the list shows it ("Dress"). */
export const styleWord = (style: (typeof REGISTRATION_STYLES)[number]) => STYLES[style]();

/** What a browser's refusal (a DOMException) says, by its name, outside English. */
const BROWSER_REFUSALS: Record<string, () => string> = {
  NotAllowedError: () => m.wardrobe_nfc_not_allowed(),
  NotSupportedError: () => m.wardrobe_nfc_off(),
  NotReadableError: () => m.wardrobe_nfc_off(),
};

/** Our own reads' refusals (lib/web-nfc.ts), by code. */
export const NFC_SAID: SaidBy<typeof NFC_MESSAGES> = {
  timeout: () => m.wardrobe_nfc_read_timeout(),
  foreignTag: () => m.wardrobe_nfc_foreign_tag(),
  readFailed: () => m.wardrobe_nfc_read_failed(),
  unknown: () => m.wardrobe_nfc_unknown_error(),
};

/**
 * A Web NFC failure as the page shows it: our own refusals (lib/web-nfc.ts) by their code, in
 * the reader's language; the browser's own refusal as the browser words it in English (as
 * before), and in another language by its kind, or else `fallback`.
 */
export function nfcProblem(error: unknown, fallback: () => string = () => m.wardrobe_nfc_unknown_error()): string {
  if (error instanceof NfcError) return NFC_SAID[error.code]();
  if (!(error instanceof Error) || !error.message) return fallback();
  if (currentLocale() === BASE_LOCALE) return error.message;
  return (BROWSER_REFUSALS[error.name] ?? fallback)();
}

const PHOTO_TEXTS = new Map<string, () => string>([
  [PHOTO_MESSAGES.empty, () => m.wardrobe_photo_empty()],
  [PHOTO_MESSAGES.too_large, () => m.wardrobe_photo_too_large()],
  [PHOTO_MESSAGES.unsupported_type, () => m.wardrobe_photo_unsupported()],
  [PHOTO_MESSAGES.malformed, () => m.wardrobe_photo_malformed()],
  [PHOTO_MESSAGES.bad_dimensions, () => m.wardrobe_photo_bad_dimensions()],
  [PHOTO_MESSAGES.polyglot, () => m.wardrobe_photo_polyglot()],
  [PHOTO_CARD_MESSAGES.no_photo, () => m.wardrobe_card_no_photo()],
  [PHOTO_CARD_MESSAGES.too_large, () => m.wardrobe_card_too_large()],
  [PHOTO_CARD_MESSAGES.too_wide, () => m.wardrobe_card_too_wide()],
  [PHOTO_CARD_MESSAGES.aspect, () => m.wardrobe_card_aspect()],
  [PHOTO_CARD_MESSAGES.changed, () => m.wardrobe_card_changed()],
  // photo-resize.ts, when the browser cannot draw or encode the photo.
  ["This browser cannot prepare photos. Try another browser.", () => m.wardrobe_photo_browser()],
  // photos-api.ts: signed out, and a piece that is not (or no longer) the owner's.
  ["Sign in to change your garment's photo.", () => m.wardrobe_photo_sign_in()],
  ["Garment not found", () => m.wardrobe_garment_not_found()],
]);

/** A photo step's refusal (the photo API's or the resize's, in English) in the reader's language. */
export const photoProblem = (message: string) => PHOTO_TEXTS.get(message)?.() ?? message;
