/**
 * The wardrobe's words that are not plain messages (issue #34): a garment's labels with their
 * fallbacks and fixed choices in the reader's language, and what a browser-side step meets as
 * the reader's language says it: Web NFC's refusals, the photo API's and the photo resize's, each
 * by its code.
 * Runs on the server and in the browser alike: the message functions know which language.
 */
import type { PHOTO_CARD_MESSAGES, PHOTO_MESSAGES, PhotoCardProblem, PhotoProblem } from "@releve/core/wardrobe/photo";
import type { PhotoResizeError } from "@releve/core/wardrobe/photo-resize";
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

export const PHOTO_SAID: SaidBy<typeof PHOTO_MESSAGES, PhotoProblem> = {
  empty: () => m.wardrobe_photo_empty(),
  too_large: () => m.wardrobe_photo_too_large(),
  unsupported_type: () => m.wardrobe_photo_unsupported(),
  malformed: () => m.wardrobe_photo_malformed(),
  bad_dimensions: () => m.wardrobe_photo_bad_dimensions(),
  polyglot: () => m.wardrobe_photo_polyglot(),
};

export const CARD_SAID: SaidBy<typeof PHOTO_CARD_MESSAGES, PhotoCardProblem> = {
  no_photo: () => m.wardrobe_card_no_photo(),
  too_large: () => m.wardrobe_card_too_large(),
  too_wide: () => m.wardrobe_card_too_wide(),
  aspect: () => m.wardrobe_card_aspect(),
  changed: () => m.wardrobe_card_changed(),
};

const said = <K extends string>(table: Record<K, () => string>, key: unknown) =>
  typeof key === "string" && Object.hasOwn(table, key) ? table[key as K]() : undefined;

/**
 * The photo API's refusal (`{ error: { code, details: { reason } } }`) in the reader's language,
 * by its codes: the rule's reason (a card's own for the card-size copy), else signed out or not
 * the owner's piece, else the general failure.
 */
export function photoRefusal(error: { code?: unknown; details?: { reason?: unknown } } | undefined, card: boolean) {
  const reason = error?.details?.reason;
  return (
    (card ? said(CARD_SAID, reason) : undefined) ??
    said(PHOTO_SAID, reason) ??
    (error?.code === "unauthorized" ? m.wardrobe_photo_sign_in() : undefined) ??
    (error?.code === "not_found" ? m.wardrobe_garment_not_found() : undefined) ??
    m.wardrobe_save_failed()
  );
}

/** Why the browser could not prepare a photo, by its reason. */
export const resizeRefusal = (error: PhotoResizeError) =>
  error.reason === "browser" ? m.wardrobe_photo_browser() : PHOTO_SAID[error.reason]();
