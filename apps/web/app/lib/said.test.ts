/**
 * The forward maps' English is the spec's English: each code's message, read in English, is the
 * sentence core's table gives for that code (what the API answers), word for word.
 */
import { AUTH_MESSAGES } from "@releve/core/accounts/auth-constants";
import { DELETION_MESSAGES } from "@releve/core/accounts/deletion";
import { PROFILE_MESSAGES } from "@releve/core/accounts/profile";
import { UNSUBSCRIBE_MESSAGES } from "@releve/core/crm/alerts";
import { CRM_MESSAGES } from "@releve/core/crm/rules";
import { TRANSFER_MESSAGES } from "@releve/core/ownership/transfer";
import { CONTACT_MESSAGES } from "@releve/core/sharing/contact";
import { contactRateMessage } from "@releve/core/sharing/contact-limits";
import { EARLY_ACCESS_MESSAGES } from "@releve/core/site/early-access-constants";
import { REPORTED_MISSING_MESSAGE } from "@releve/core/tap/rules";
import { SECURE_TAP_MESSAGES } from "@releve/core/tap/secure-tap";
import { PHOTO_CARD_MESSAGES, PHOTO_MESSAGES } from "@releve/core/wardrobe/photo";
import { PhotoResizeError } from "@releve/core/wardrobe/photo-resize";
import { REGISTRATION_MESSAGES } from "@releve/core/wardrobe/registration";
import { withLocale } from "@releve/i18n/server";
import { describe, expect, it } from "vitest";
import { AUTH_SAID, DELETION_SAID, PROFILE_SAID } from "../features/accounts/said";
import { CRM_SAID, UNSUBSCRIBE_SAID } from "../features/crm/said";
import { TRANSFER_SAID } from "../features/ownership/said";
import { CONTACT_SAID, RATE_SAID, saySaveFailedRetry } from "../features/sharing/said";
import { UNAVAILABLE_SAID } from "../features/sharing/share";
import { EARLY_ACCESS_SAID } from "../features/site/said";
import { REGISTRATION_SAID } from "../features/wardrobe/said";
import { CARD_SAID, NFC_SAID, PHOTO_SAID, photoRefusal, resizeRefusal } from "../features/wardrobe/words";
import { SECURE_TAP_SAID, sayReportedMissing } from "./tap-said";
import { NFC_MESSAGES } from "./web-nfc";

const english = (say: () => string) => withLocale("en", say);
const french = (say: () => string) => withLocale("fr", say);

function sameEnglish(table: Readonly<Record<string, unknown>>, said: Readonly<Record<string, () => string>>) {
  for (const [code, say] of Object.entries(said)) {
    expect(english(say), code).toBe(table[code]);
    expect(french(say), code).not.toBe("");
  }
}

describe("each outcome's message, by its code", () => {
  it("says core's English sentence in English", () => {
    sameEnglish(TRANSFER_MESSAGES, TRANSFER_SAID);
    sameEnglish(CONTACT_MESSAGES, CONTACT_SAID);
    sameEnglish(SECURE_TAP_MESSAGES, SECURE_TAP_SAID);
    sameEnglish(AUTH_MESSAGES, AUTH_SAID);
    sameEnglish(PROFILE_MESSAGES, PROFILE_SAID);
    sameEnglish(DELETION_MESSAGES, DELETION_SAID);
    sameEnglish(CRM_MESSAGES, CRM_SAID);
    sameEnglish(UNSUBSCRIBE_MESSAGES, UNSUBSCRIBE_SAID);
    sameEnglish(EARLY_ACCESS_MESSAGES, EARLY_ACCESS_SAID);
    sameEnglish(REGISTRATION_MESSAGES, REGISTRATION_SAID);
    sameEnglish(NFC_MESSAGES, NFC_SAID);
    sameEnglish(PHOTO_MESSAGES, PHOTO_SAID);
    sameEnglish(PHOTO_CARD_MESSAGES, CARD_SAID);
    expect(english(sayReportedMissing)).toBe(REPORTED_MISSING_MESSAGE);
    expect(english(saySaveFailedRetry)).toBe(`${CONTACT_MESSAGES.saveFailed}: Please try again`);
    for (const [verdict, say] of Object.entries(RATE_SAID)) {
      expect(english(say)).toBe(contactRateMessage(verdict as keyof typeof RATE_SAID));
    }
    sameEnglish(
      {
        not_token: CONTACT_MESSAGES.garmentUnavailable,
        invalid: CONTACT_MESSAGES.invalidToken,
        missing: CONTACT_MESSAGES.tokenProfileMissing,
        sharing_off: CONTACT_MESSAGES.sharingDisabled,
      },
      UNAVAILABLE_SAID,
    );
  });
});

describe("a photo step's refusal, by its codes", () => {
  it("says the API's reason, a card's own for the card-size copy, then who may not", () => {
    const refused = (reason: string) => ({ code: "bad_request", details: { reason } });
    expect(english(() => photoRefusal(refused("too_large"), false))).toBe(PHOTO_MESSAGES.too_large);
    expect(english(() => photoRefusal(refused("too_large"), true))).toBe(PHOTO_CARD_MESSAGES.too_large);
    expect(english(() => photoRefusal(refused("malformed"), true))).toBe(PHOTO_MESSAGES.malformed);
    expect(french(() => photoRefusal(refused("polyglot"), false))).not.toBe(PHOTO_MESSAGES.polyglot);
    expect(english(() => photoRefusal({ code: "unauthorized" }, false))).toBe(
      "Sign in to change your garment's photo.",
    );
    expect(english(() => photoRefusal({ code: "not_found" }, false))).toBe("Garment not found");
    // An unknown reason, a reason that is an object's own key, no body: the general failure.
    for (const error of [refused("toString"), refused("nonsense"), undefined]) {
      expect(english(() => photoRefusal(error, false))).toBe("Save Failed: Please try again or contact support.");
    }
  });

  it("says the resize's reason; its English message is the server's", () => {
    for (const reason of ["empty", "malformed", "too_large"] as const) {
      expect(english(() => resizeRefusal(new PhotoResizeError(reason)))).toBe(PHOTO_MESSAGES[reason]);
      expect(new PhotoResizeError(reason).message).toBe(PHOTO_MESSAGES[reason]);
    }
    const browser = new PhotoResizeError("browser");
    expect(english(() => resizeRefusal(browser))).toBe(browser.message);
    expect(french(() => resizeRefusal(browser))).not.toBe(browser.message);
  });
});
