/**
 * The sender a rate limit counts (issue #17): an IPv4 address as it is, an IPv6 address cut to
 * its /64, since one subscriber gets a whole /64 and can pick a fresh address in it for every
 * request. An IPv4-mapped IPv6 address counts as its IPv4 address. Any other value (a header
 * that is not an address) counts as itself, so it cannot escape the limit by being odd.
 */
export function senderNetwork(ip: string | null | undefined): string | null {
  const value = cleaned(ip);
  if (!value) return null;
  const address = parseAddress(value);
  if (!address) return value;
  return "v4" in address ? address.v4.join(".") : `${address.v6.slice(0, 4).join(":")}::/64`;
}

/**
 * The wider network a daily cap counts (issue #35, decision 0057): an IPv4 /24, an IPv6 /48 (one
 * site's allocation, where a /64 is one subscriber), so a sender cannot pass it by walking the
 * addresses of a block it holds. The same rules otherwise as `senderNetwork`.
 */
export function senderPrefix(ip: string | null | undefined): string | null {
  const value = cleaned(ip);
  if (!value) return null;
  const address = parseAddress(value);
  if (!address) return value;
  return "v4" in address ? `${address.v4.slice(0, 3).join(".")}.0/24` : `${address.v6.slice(0, 3).join(":")}::/48`;
}

const cleaned = (ip: string | null | undefined) => ip?.trim().toLowerCase().slice(0, 100);

// Dotted decimal as Cloudflare writes it (no leading zeros), so a parsed address reads as it came.
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An address's four IPv4 octets (an IPv4-mapped IPv6 address's too) or eight IPv6 groups; null for any other value. */
function parseAddress(value: string): { v4: number[] } | { v6: string[] } | null {
  if (!value.includes(":")) return IPV4.test(value) ? { v4: value.split(".").map(Number) } : null;
  let host: string;
  try {
    // The URL parser validates and serialises IPv6 one way: compressed, lower-case, no dotted tail.
    host = new URL(`http://[${value}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head = "", tail] = host.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  if (groups.slice(0, 5).every((g) => g === "0") && groups[5] === "ffff") {
    const [hi = 0, lo = 0] = groups.slice(6).map((g) => Number.parseInt(g, 16));
    return { v4: [hi >> 8, hi & 255, lo >> 8, lo & 255] };
  }
  return { v6: groups };
}
