/**
 * The tap worker's messages (decision 0061): the `tap_*` messages of every language, from the
 * table the compile step writes, without Paraglide's runtime (the tap's bundle budget).
 * Plain sentences; `{name}` holes are filled with the caller's values, as given.
 */

import type { Locale } from "./locale";
import { TAP_MESSAGES } from "./paraglide/tap-messages";

export type TapMessageKey = keyof (typeof TAP_MESSAGES)["en"];

export function tapMessage(locale: Locale, key: TapMessageKey, inputs: Record<string, string> = {}): string {
  const text: string = TAP_MESSAGES[locale][key];
  return text.replace(/\{(\w+)\}/g, (hole, name: string) => inputs[name] ?? hole);
}
