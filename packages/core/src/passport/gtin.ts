/**
 * GTIN-14, the product's identifier in a GS1 Digital Link (issue #31): 14 digits, the last a
 * check digit (GS1 General Specifications 7.9: from the right, the digits before the check
 * digit weigh 3, 1, 3, …; the check digit brings the sum to a multiple of ten). A brand's GTINs
 * start with its GS1 Company Prefix (configuration, `GS1_COMPANY_PREFIX`). Kept free of
 * dependencies: the tap worker checks every Digital Link with it.
 */
const GTIN_LENGTH = 14;

/**
 * A TEST company prefix, never a real product's: GS1 keeps prefix 952 for demonstrations and
 * examples. The seed's products are numbered under it; a brand sets its own prefix in
 * `GS1_COMPANY_PREFIX` (docs/passport.md).
 */
export const TEST_GS1_COMPANY_PREFIX = "9520000";

/** The check digit for the digits before it (any length), or null when they are not all digits. */
export function gtinCheckDigit(body: string): number | null {
  if (!/^\d+$/.test(body)) return null;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Why a GTIN-14 is refused, or null when it is one. */
export function gtinProblem(value: string): string | null {
  if (!/^\d+$/.test(value)) return "A GTIN has digits only";
  if (value.length !== GTIN_LENGTH)
    return `A GTIN here has ${GTIN_LENGTH} digits (pad a shorter one with zeros on the left)`;
  if (gtinCheckDigit(value.slice(0, -1)) !== Number(value.slice(-1))) return "The GTIN's check digit is wrong";
  return null;
}

export const isGtin14 = (value: string): boolean => gtinProblem(value) === null;

/**
 * The GTIN-14 of item reference `itemReference` under `companyPrefix` (indicator digit 0): the
 * prefix and the reference together take 12 digits, then the check digit. Null when they do not
 * fit or are not digits.
 */
export function gtinFor(companyPrefix: string, itemReference: number): string | null {
  const referenceDigits = 12 - companyPrefix.length;
  if (!/^\d{6,12}$/.test(companyPrefix) || referenceDigits < 0) return null;
  if (!Number.isInteger(itemReference) || itemReference < 0 || itemReference >= 10 ** referenceDigits) return null;
  const reference = referenceDigits === 0 ? "" : String(itemReference).padStart(referenceDigits, "0");
  const body = `0${companyPrefix}${reference}`;
  return `${body}${gtinCheckDigit(body)}`;
}
