// No zod here: route components import these, and they must stay light in the browser.

/**
 * The largest id we take from input. Our ids are D1 row ids, far below it; anything bigger
 * names no row of ours (and stays well inside the range where a JS number is exact).
 */
export const ID_MAX = 2 ** 31 - 1;
const ID_DIGITS = /^[1-9][0-9]{0,9}$/;

/**
 * The one id parser (issue #17) behind every route param, query, form field and API param that
 * names a row: decimal digits only, no sign, no leading zero, no space, no exponent or hex
 * ("0x8", "1e1", " 22", "012", "+3" are not ids), from 1 to ID_MAX. A JSON number is an id
 * when it is such an integer. Anything else is null: a page answers 404, an API 400.
 */
export function parseId(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 1 && value <= ID_MAX ? value : null;
  if (typeof value !== "string" || !ID_DIGITS.test(value)) return null;
  const id = Number(value);
  return id <= ID_MAX ? id : null;
}

/**
 * The longest search term any search box or `?q=` takes (contacts, connections, their exports,
 * the admin's garments and clients), in characters after trimming. A longer one is refused with
 * a 400 and this message; any term up to it, in any script, reaches D1 (searches use instr(),
 * not LIKE, whose patterns D1 caps at 50 bytes).
 */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_TOO_LONG = `Search must be at most ${SEARCH_MAX_LENGTH} characters`;

/** The honeypot field of every public form: people never see it; bots fill it in. */
export const HONEYPOT_FIELD = "website_url";
