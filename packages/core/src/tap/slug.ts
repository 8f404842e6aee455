/**
 * A garment's short slug, as written on its NFC tag and in `/t/<slug>`: lower-case letters,
 * digits and inner hyphens, 1 to 64 characters (the sample slugs are `mb-001` … `ps-010`).
 * Checked before any lookup, so odd input never reaches KV or D1.
 */
export const SLUG_MAX_LENGTH = 64;
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export function isValidSlug(value: unknown): value is string {
  return typeof value === "string" && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

/**
 * Tags written by other tools may carry upper case; slugs are stored lower case. Returns the
 * canonical slug, or null for anything that cannot be one (empty, overlong, odd characters).
 */
export function normalizeSlug(value: string | undefined | null): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > SLUG_MAX_LENGTH) return null;
  const slug = value.toLowerCase();
  return SLUG_PATTERN.test(slug) ? slug : null;
}
