/**
 * The burst guard (issue #5 item 6, docs/decisions/0012): a scan's id is derived from
 * (client IP, slug, UTC minute), keyed with a server secret, so every tap from one IP on one
 * slug within a minute carries the same id and `INSERT ... ON CONFLICT (id) DO NOTHING`
 * stores it once, wherever in the world it was answered. No counter, no shared state; the
 * IP itself is never stored, and without the secret the id cannot be linked back to it.
 */
export const BURST_WINDOW_MS = 60_000;

const hmacKeys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    hmacKeys.set(secret, key);
  }
  return key;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** UUID-shaped (version 8, RFC 9562 "custom") so it fits wherever a random UUID would. */
function asUuid(digest: Uint8Array): string {
  const b = digest.slice(0, 16);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x80;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The id for a scan at `atMs`. With no client IP (only local tools omit it) there is nothing
 * to group a burst by, so the id is random and every tap counts.
 */
export async function burstScanId(
  secret: string,
  ip: string | null | undefined,
  slug: string,
  atMs: number,
): Promise<string> {
  if (!ip) return crypto.randomUUID();
  const minute = Math.floor(atMs / BURST_WINDOW_MS);
  const data = new TextEncoder().encode(`scan|${ip}|${slug}|${minute}`);
  const digest = await crypto.subtle.sign("HMAC", await hmacKey(secret), data);
  return asUuid(new Uint8Array(digest));
}
