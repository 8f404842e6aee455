import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatDay, formatFullDay, formatList, formatMoment, formatMonth, formatNumber, formatPercent } from "./format";
import {
  BASE_LOCALE,
  chooseLocale,
  LOCALES,
  localeFromAcceptLanguage,
  localeFromCookieHeader,
  localeName,
} from "./locale";
import { m } from "./paraglide/messages.js";
import { slot, splitSlots } from "./slots";
import { tapMessage } from "./tap";

const MESSAGES = join(import.meta.dirname, "../messages");
type Variant = { declarations?: string[]; selectors?: string[]; match: Record<string, string> };
type Message = string | Variant[];
const read = (locale: string) =>
  JSON.parse(readFileSync(join(MESSAGES, `${locale}.json`), "utf8")) as Record<string, Message>;
const keysOf = (messages: Record<string, Message>) => Object.keys(messages).filter((k) => k !== "$schema");

/** The inputs a message takes: its declared inputs, else the `{holes}` of its text. */
function inputsOf(message: Message): string[] {
  if (typeof message === "string") return [...message.matchAll(/\{(\w+)\}/g)].map((x) => x[1] as string).sort();
  return (message[0]?.declarations ?? [])
    .filter((d) => d.startsWith("input "))
    .map((d) => d.slice(6))
    .sort();
}

describe("the messages (issue #34)", () => {
  const base = read(BASE_LOCALE);

  it("every language in the settings has a file, and every file a language", () => {
    const files = readdirSync(MESSAGES).map((f) => f.replace(/\.json$/, ""));
    expect(files.sort()).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES.filter((l) => l !== BASE_LOCALE)) {
    it(`${locale} has every message English has, no more, each taking the same inputs`, () => {
      const other = read(locale);
      expect(
        keysOf(other).filter((k) => !(k in base)),
        "messages English lacks",
      ).toEqual([]);
      expect(
        keysOf(base).filter((k) => !(k in other)),
        `messages ${locale} lacks`,
      ).toEqual([]);
      for (const key of keysOf(base)) {
        expect(inputsOf(other[key] as Message), key).toEqual(inputsOf(base[key] as Message));
      }
    });
  }

  it("no message is empty, and every plural covers 'other'", () => {
    for (const locale of LOCALES) {
      for (const [key, message] of Object.entries(read(locale))) {
        if (key === "$schema") continue;
        if (typeof message === "string") expect(message.trim(), `${locale} ${key}`).not.toBe("");
        else
          expect(
            Object.keys(message[0]?.match ?? {}).some((k) => k.endsWith("=other")),
            `${locale} ${key}`,
          ).toBe(true);
      }
    }
  });

  it("plurals follow each language's rule: 0 scans, 1 scan; 0 and 1 scan in French", () => {
    expect([0, 1, 2, 1200].map((count) => m.taps({ count }, { locale: "en" }))).toEqual([
      "0 scans",
      "1 scan",
      "2 scans",
      "1,200 scans",
    ]);
    expect([0, 1, 2, 1200].map((count) => m.taps({ count }, { locale: "fr" }))).toEqual([
      "0 scan",
      "1 scan",
      "2 scans",
      "1\u202f200 scans",
    ]);
    expect(m.field_at_most({ label: "Prénom", max: 1 }, { locale: "fr" })).toBe("Prénom : 1 caractère au plus");
    expect(m.field_at_most({ label: "First name", max: 80 }, { locale: "en" })).toBe(
      "First name must be at most 80 characters",
    );
  });

  it("the spec's English stays verbatim", () => {
    expect(m.share_form_heading({}, { locale: "en" })).toBe("Share Your Contact Info");
    expect(m.share_connected({}, { locale: "en" })).toBe("Successfully Connected!");
    expect(tapMessage("en", "tap_failed_title")).toBe("Resolution Failed");
    expect(tapMessage("en", "tap_secure_refused")).toBe("This tag could not be authenticated");
  });

  it("the tap's table fills its holes and leaves unknown ones be", () => {
    expect(tapMessage("fr", "tap_missing_found", { email: "care@releve.fr" })).toBe(
      "Si vous l'avez trouvé, écrivez-nous à care@releve.fr.",
    );
    expect(tapMessage("en", "tap_invalid_digital_link")).toBe("Invalid Digital Link: {reason}");
  });

  it("a slot keeps the sentence whole around markup", () => {
    expect(splitSlots(m.tap_missing_found({ email: slot("email") }, { locale: "fr" }))).toEqual([
      "Si vous l'avez trouvé, écrivez-nous à ",
      { slot: "email" },
      ".",
    ]);
  });
});

describe("which language (issue #34)", () => {
  it("Accept-Language: by weight, ties in order, primary subtags, nothing for q=0 or *", () => {
    expect(localeFromAcceptLanguage("fr-FR,fr;q=0.9,en;q=0.8")).toBe("fr");
    expect(localeFromAcceptLanguage("en;q=0.5, fr;q=0.8")).toBe("fr");
    expect(localeFromAcceptLanguage("de-DE, fr-CH;q=0.3")).toBe("fr");
    expect(localeFromAcceptLanguage("ja, zh")).toBeNull();
    expect(localeFromAcceptLanguage("fr;q=0")).toBeNull();
    expect(localeFromAcceptLanguage("*")).toBeNull();
    expect(localeFromAcceptLanguage("")).toBeNull();
    expect(localeFromAcceptLanguage(";;;,,q=2")).toBeNull();
    expect(localeFromAcceptLanguage(`${"x,".repeat(1000)}fr`)).toBeNull();
  });

  it("the explicit choice, else Accept-Language, else English", () => {
    expect(chooseLocale("en", "fr-FR")).toBe("en");
    expect(chooseLocale("klingon", "fr-FR")).toBe("fr");
    expect(chooseLocale(null, "de")).toBe("en");
    expect(chooseLocale(undefined, undefined)).toBe("en");
    expect(localeFromCookieHeader("a=1; releve_lang=fr; b=2")).toBe("fr");
    expect(localeFromCookieHeader("releve_language=fr")).toBeNull();
  });

  it("each language is named in itself, capitalised", () => {
    expect(localeName("en")).toBe("English");
    expect(localeName("fr")).toBe("Français");
    // Any language added later too: its own name, not a code.
    for (const locale of LOCALES) expect(localeName(locale)).toMatch(/^\p{Lu}\p{L}+/u);
  });
});

describe("dates, numbers and percentages through Intl, UTC (issue #34)", () => {
  const when = Date.UTC(2026, 10, 28, 23, 30);
  it("English the British way, French the French way", () => {
    expect(formatDay("en", when)).toBe("28 Nov 2026");
    expect(formatDay("fr", when)).toBe("28 nov. 2026");
    expect(formatMonth("fr", when)).toBe("novembre 2026");
    expect(formatFullDay("en", "2026-11-28T00:00:00Z")).toBe("Sat, 28 November 2026");
    expect(formatFullDay("fr", "2026-11-28T00:00:00Z")).toBe("sam. 28 novembre 2026");
    // Late at night in UTC is still that day, whatever the server's zone.
    expect(formatMoment("en", when)).toBe("28 Nov 2026, 23:30 UTC");
    expect(formatMoment("fr", when)).toBe("28 nov. 2026, 23:30 UTC");
    expect(formatNumber("en", 12345.5)).toBe("12,345.5");
    expect(formatNumber("fr", 12345.5)).toBe("12\u202f345,5");
    expect(formatPercent("en", 0.125)).toBe("12.5%");
    expect(formatPercent("fr", 0.125)).toBe("12,5\u00a0%");
    expect(formatList("fr", ["Ana", "Ben", "Cy"])).toBe("Ana, Ben et Cy");
  });
});
