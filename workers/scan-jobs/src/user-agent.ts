import Bowser from "bowser";

export type ParsedUserAgent = { browser: string | null; os: string | null; deviceType: string | null };

/**
 * Browser, OS and device class for the scan tables (garment page: "browser or 'Unknown'").
 * Parsed here, off the hot path, so the tap worker ships no UA database (docs/decisions/0011).
 */
export function parseUserAgent(ua: string | null): ParsedUserAgent {
  if (!ua) return { browser: null, os: null, deviceType: null };
  try {
    const { browser, os, platform } = Bowser.parse(ua);
    return {
      browser: browser.name || null,
      os: os.name || null,
      deviceType: platform.type || null,
    };
  } catch {
    return { browser: null, os: null, deviceType: null };
  }
}
