import type { ScanAgent } from "@releve/db/tap/commands";
import Bowser from "bowser";

/**
 * Browser, OS and device class for the scan tables (garment page: "browser or 'Unknown'").
 * Parsed here, off the hot path, so the tap worker ships no UA database (docs/decisions/0011).
 */
export function parseUserAgent(ua: string | null): ScanAgent {
  if (!ua) return { browser: null, os: null, device_type: null };
  try {
    const { browser, os, platform } = Bowser.parse(ua);
    return {
      browser: browser.name || null,
      os: os.name || null,
      device_type: platform.type || null,
    };
  } catch {
    return { browser: null, os: null, device_type: null };
  }
}
