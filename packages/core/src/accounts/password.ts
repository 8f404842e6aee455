/**
 * PBKDF2-SHA256 through Web Crypto. Workers cap PBKDF2 at 100,000 iterations in
 * production (local workerd does not), so this is the ceiling, not a floor.
 * Stored form: `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` so the cost can
 * be raised later and old hashes still verify.
 */
export const PBKDF2_ITERATIONS = 100_000;
const ALGORITHM = "pbkdf2-sha256";
const SALT_BYTES = 16;
const HASH_BITS = 256;

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(value: string): Uint8Array {
  const s = atob(value);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  if (iterations > PBKDF2_ITERATIONS) {
    throw new RangeError(`PBKDF2 iterations above ${PBKDF2_ITERATIONS} are rejected by Workers in production`);
  }
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return `${ALGORITHM}$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

export function parsePasswordHash(stored: string): { iterations: number; salt: Uint8Array; hash: Uint8Array } | null {
  const [algorithm, iter, salt, hash] = stored.split("$");
  const iterations = Number(iter);
  if (algorithm !== ALGORITHM || !Number.isInteger(iterations) || iterations < 1 || !salt || !hash) return null;
  try {
    return { iterations, salt: fromBase64(salt), hash: fromBase64(hash) };
  } catch {
    return null;
  }
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed || parsed.iterations > PBKDF2_ITERATIONS) return false;
  const candidate = await derive(password, parsed.salt, parsed.iterations);
  return timingSafeEqual(candidate, parsed.hash);
}
