/** 32 random bytes, base64url: cookie session ids and single-use email tokens. */
export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  let s = "";
  for (const b of raw) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Tokens are stored only as this hash, so a database leak gives no working session or link. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  let s = "";
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** HMAC-SHA-256 of `releve-<purpose>:<subject>` under the server's secret, base64url (43 characters). */
async function purposeMac(secret: string, purpose: string, subject: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return base64url(await crypto.subtle.sign("HMAC", key, encoder.encode(`releve-${purpose}:${subject}`)));
}

/**
 * A token that names `subject` (an id) for one `purpose` and proves the server made it:
 * `<subject>.<HMAC>`. Nothing secret is stored; a token made for one purpose never passes
 * for another. `subject` must not contain a dot.
 */
export async function signedToken(secret: string, purpose: string, subject: string): Promise<string> {
  return `${subject}.${await purposeMac(secret, purpose, subject)}`;
}

/**
 * The subject a token names when its HMAC matches and `subjectPattern` accepts it; null for a
 * malformed, truncated or forged token (checked before any query).
 */
export async function signedSubject(
  secret: string,
  purpose: string,
  token: string | null | undefined,
  subjectPattern: RegExp,
): Promise<string | null> {
  const match = /^([^.]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match?.[1] || !match[2] || !subjectPattern.test(match[1])) return null;
  const expected = await purposeMac(secret, purpose, match[1]);
  // Constant-time compare: every character is looked at whatever differs.
  let diff = expected.length ^ match[2].length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ match[2].charCodeAt(i);
  return diff === 0 ? match[1] : null;
}

/** A signed token naming a row id (a positive integer) for one purpose. */
export const signedIdToken = (secret: string, purpose: string, id: number) => signedToken(secret, purpose, String(id));

/** The row id a `signedIdToken` names, or null when it is malformed, truncated or forged. */
export async function signedId(
  secret: string,
  purpose: string,
  token: string | null | undefined,
): Promise<number | null> {
  const subject = await signedSubject(secret, purpose, token, /^[1-9][0-9]{0,15}$/);
  if (subject === null) return null;
  const id = Number(subject);
  return Number.isSafeInteger(id) ? id : null;
}
