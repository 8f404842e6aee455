/**
 * The sender a rate limit counts (issue #17): an IPv4 address as it is, an IPv6 address cut to
 * its /64, since one subscriber gets a whole /64 and can pick a fresh address in it for every
 * request. An IPv4-mapped IPv6 address counts as its IPv4 address. Any other value (a header
 * that is not an address) counts as itself, so it cannot escape the limit by being odd.
 */
export function senderNetwork(ip: string | null | undefined): string | null {
  const value = ip?.trim().toLowerCase().slice(0, 100);
  if (!value) return null;
  if (!value.includes(":")) return value;
  let host: string;
  try {
    // The URL parser validates and serialises IPv6 one way: compressed, lower-case, no dotted tail.
    host = new URL(`http://[${value}]/`).hostname.slice(1, -1);
  } catch {
    return value;
  }
  const [head = "", tail] = host.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  if (groups.slice(0, 5).every((g) => g === "0") && groups[5] === "ffff") {
    const [hi = 0, lo = 0] = groups.slice(6).map((g) => Number.parseInt(g, 16));
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  }
  return `${groups.slice(0, 4).join(":")}::/64`;
}
