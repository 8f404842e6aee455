import type { SECURE_TAP_MESSAGES } from "@releve/core/tap/secure-tap";
import { m } from "@releve/i18n/messages";
import type { SaidBy } from "./said";

/** The tap's outcomes other rooms' pages repeat: a garment reported missing (REPORTED_MISSING_MESSAGE). */
export const sayReportedMissing = () => m.tap_missing_title();

/** A secure tap's outcomes (SECURE_TAP_MESSAGES). */
export const SECURE_TAP_SAID: SaidBy<typeof SECURE_TAP_MESSAGES> = {
  authenticated: () => m.secure_authenticated(),
  refused: () => m.tap_secure_refused(),
};
