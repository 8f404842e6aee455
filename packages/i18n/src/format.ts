/**
 * Dates, times, numbers and percentages in a page's language, through Intl (issue #34).
 *
 * The time zone rule: a calendar day the house keeps (a day of the scan rollups, an event's
 * date, a passport's month) is a UTC day, as it is stored, and is shown as that day everywhere;
 * a moment (when a connection arrived, when a garment changed hands) is shown in UTC too,
 * labelled as such where a time of day appears, because a page is rendered on the server, which
 * cannot know the reader's zone, and one reading for everyone keeps a shared card, a mail and
 * an export in agreement.
 */
import { intlLocale, type Locale } from "./locale";

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: "UTC" });
    cache.set(key, format);
  }
  return format;
}

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), options);
    cache.set(key, format);
  }
  return format;
}

type When = Date | number | string;
const asDate = (when: When) => (when instanceof Date ? when : new Date(when));

/** "28 Nov 2026" · "28 nov. 2026". */
export const formatDay = (locale: Locale, when: When) =>
  dateFormat(locale, { day: "numeric", month: "short", year: "numeric" }).format(asDate(when));

/** "Sat, 28 November 2026" · "sam. 28 novembre 2026": a day with its weekday (an event's). */
export const formatFullDay = (locale: Locale, when: When) =>
  dateFormat(locale, { weekday: "short", day: "numeric", month: "long", year: "numeric" }).format(asDate(when));

/** "28 November 2026" · "28 novembre 2026". */
export const formatLongDay = (locale: Locale, when: When) =>
  dateFormat(locale, { day: "numeric", month: "long", year: "numeric" }).format(asDate(when));

/** "28 Nov" · "28 nov.": a chart's day. */
export const formatShortDay = (locale: Locale, when: When) =>
  dateFormat(locale, { day: "numeric", month: "short" }).format(asDate(when));

/** "November 2026" · "novembre 2026". */
export const formatMonth = (locale: Locale, when: When) =>
  dateFormat(locale, { month: "long", year: "numeric" }).format(asDate(when));

/** "28 Nov 2026, 18:05 UTC" · "28 nov. 2026, 18:05 UTC": a moment, its zone named. */
export const formatMoment = (locale: Locale, when: When) =>
  dateFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(asDate(when));

/** "1,200" · "1 200". */
export const formatNumber = (locale: Locale, n: number) => numberFormat(locale, {}).format(n);

/** A share (0.125) as "12.5%" · "12,5 %". */
export const formatPercent = (locale: Locale, share: number) =>
  numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(share);

/** ["Ana", "Ben", "Cy"] as "Ana, Ben and Cy" · "Ana, Ben et Cy". */
export const formatList = (locale: Locale, items: readonly string[]) =>
  new Intl.ListFormat(intlLocale(locale), { style: "long", type: "conjunction" }).format(items);
