import { ADMIN_DATE_TIME } from "@releve/core/platform/audit-changes";

/** Every time the portal shows: day, month, year, hour and minute, in UTC. */
const dateTime = ADMIN_DATE_TIME;

/** A time as the portal shows it; '—' for none. */
export const formatDate = (ms: number | null) => (ms === null ? "—" : dateTime.format(ms));

/**
 * Under a keyset-paged list: how many rows are shown, of how many when the list knows
 * ('Showing 20 of 1,204 tags'), the noun singular or plural by that total.
 */
export function showingText(shown: number, total: number | undefined, [one, many]: readonly [string, string]) {
  const count = (n: number) => n.toLocaleString("en-GB");
  const of = total ?? shown;
  return `Showing ${count(shown)}${total === undefined ? "" : ` of ${count(total)}`} ${of === 1 ? one : many}`;
}
