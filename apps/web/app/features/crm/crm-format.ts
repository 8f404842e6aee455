const eventDay = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A wardrobe event's date (stored as YYYY-MM-DD, a calendar day with no time zone). */
export function formatEventDate(date: string): string {
  return eventDay.format(new Date(`${date}T00:00:00Z`));
}

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** A day as the owner's pages show it ('3 Mar 2026', UTC). */
export function formatDay(date: Date | number): string {
  return day.format(date);
}

const percent = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });

/** A conversion rate for display; '–' when there was nothing to convert. */
export function formatRate(rate: number | null): string {
  return rate === null ? "–" : `${percent.format(rate)}%`;
}
