import { formatDay as dayIn, formatPercent, intlLocale } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";

const eventDays = new Map<string, Intl.DateTimeFormat>();

/** A wardrobe event's date (stored as YYYY-MM-DD, a calendar day with no time zone): 'Sat, 28 November 2026'. */
export function formatEventDate(date: string): string {
  const locale = intlLocale(currentLocale());
  let format = eventDays.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: "short",
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    eventDays.set(locale, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** A day as the owner's pages show it ('3 Mar 2026', UTC), in the page's language. */
export function formatDay(date: Date | number): string {
  return dayIn(currentLocale(), date);
}

/** A conversion rate (a percentage, 12.5) for display; '–' when there was nothing to convert. */
export function formatRate(rate: number | null): string {
  return rate === null ? "–" : formatPercent(currentLocale(), rate / 100);
}
