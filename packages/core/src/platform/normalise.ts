// A handle, a web address, a phone number as every form keeps them (profile, contact, tags,
// passport). Zod-free, so the profile form can preview exactly what will be saved in the browser.

const HANDLE = /^[A-Za-z0-9._-]{1,60}$/;

/** "@name", "name" or a profile URL on `host` become the bare handle; anything else is refused. */
export function normaliseHandle(raw: string, hosts: string[]): string | null {
  let value = raw.trim();
  if (value === "") return null;
  if (/^https?:\/\//i.test(value) || hosts.some((h) => value.toLowerCase().startsWith(h))) {
    try {
      const url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
      if (!hosts.some((h) => url.hostname.toLowerCase() === h || url.hostname.toLowerCase().endsWith(`.${h}`)))
        return null;
      value = url.pathname.split("/").filter(Boolean).pop() ?? "";
    } catch {
      return null;
    }
  }
  value = value.replace(/^@/, "");
  return HANDLE.test(value) ? value : null;
}

/** A web address with a scheme; only http and https (no javascript:, data: and friends). */
export function normaliseUrl(raw: string): string | null {
  const value = raw.trim();
  if (value === "") return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname.includes(".")) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** Digits with an optional leading +; spaces, dots, dashes and brackets are dropped. */
export function normalisePhone(raw: string): string | null {
  const value = raw.trim();
  if (value === "") return null;
  if (!/^\+?[0-9 ().-]{6,30}$/.test(value)) return null;
  const digits = value.replace(/[^0-9]/g, "");
  if (digits.length < 6 || digits.length > 15) return null;
  return `${value.startsWith("+") ? "+" : ""}${digits}`;
}
