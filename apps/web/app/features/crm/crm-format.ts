import { formatDay as dayIn, formatFullDay, formatPercent } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";

/** A wardrobe event's date (stored as YYYY-MM-DD, a calendar day with no time zone): 'Sat, 28 November 2026'. */
export function formatEventDate(date: string): string {
  return formatFullDay(currentLocale(), `${date}T00:00:00Z`);
}

/** A day as the owner's pages show it ('3 Mar 2026', UTC), in the page's language. */
export function formatDay(date: Date | number): string {
  return dayIn(currentLocale(), date);
}

/** A conversion rate (a percentage, 12.5) for display; '–' when there was nothing to convert. */
export function formatRate(rate: number | null): string {
  return rate === null ? "–" : formatPercent(currentLocale(), rate / 100);
}
