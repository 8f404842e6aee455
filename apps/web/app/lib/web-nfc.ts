import { normalizeSlug } from "@releve/core/tap/slug";

/**
 * Web NFC (Chrome on Android, https://w3c.github.io/web-nfc/) as the owner's screens use it:
 * read a tag's first URL or text record, or write a tap link to a blank one. Browser only; `hasWebNfc()` says whether to offer it.
 */
const NFC_READ_TIMEOUT_MS = 10_000;
/** What a read of ours refuses, by code; the English is the error's message. */
export const NFC_MESSAGES = {
  timeout: "NFC read timeout after 10 seconds",
  foreignTag: "NFC Tag Detected: this tag is not one of Relevé's garments.",
  readFailed: "Failed to read NFC tag",
  unknown: "Unknown error",
} as const;
type NfcCode = keyof typeof NFC_MESSAGES;

/** A read's refusal of our own (not the browser's), carrying its code for a page to say (issue #48). */
export class NfcError extends Error {
  constructor(readonly code: NfcCode) {
    super(NFC_MESSAGES[code]);
    this.name = "NfcError";
  }
}

type NdefRecordLike = { recordType: string; data?: DataView };
type NdefReaderLike = {
  scan(options: { signal: AbortSignal }): Promise<void>;
  onreading: ((event: { message: { records: NdefRecordLike[] } }) => void) | null;
  onreadingerror: (() => void) | null;
};

type NdefWriterLike = {
  write(message: { records: { recordType: string; data: string }[] }, options: { signal: AbortSignal }): Promise<void>;
};

export const hasWebNfc = () => typeof window !== "undefined" && "NDEFReader" in window;

/** The first URL or text record of the next tag held to the phone; rejects with a message to show. */
async function readTagText(signal: AbortSignal): Promise<string> {
  const Reader = (window as unknown as { NDEFReader: new () => NdefReaderLike }).NDEFReader;
  const reader = new Reader();
  await reader.scan({ signal });
  return new Promise((resolve, reject) => {
    signal.addEventListener("abort", () => reject(new NfcError("timeout")), { once: true });
    reader.onreadingerror = () => reject(new NfcError("readFailed"));
    reader.onreading = (event) => {
      for (const record of event.message.records) {
        if ((record.recordType === "url" || record.recordType === "text") && record.data) {
          resolve(new TextDecoder().decode(record.data));
          return;
        }
      }
      reject(new NfcError("foreignTag"));
    };
  });
}

/** Writes one URL record (a piece's tap link) to the next tag held to the phone. */
export async function writeTapUrl(url: string, signal: AbortSignal): Promise<void> {
  const Writer = (window as unknown as { NDEFReader: new () => NdefWriterLike }).NDEFReader;
  await new Writer().write({ records: [{ recordType: "url", data: url }] }, { signal });
}

/** Reads one tag with the standard time-out; the abort controller lets a screen stop early. */
export async function readTagWithTimeout(controller: AbortController): Promise<string> {
  const timer = setTimeout(() => controller.abort(), NFC_READ_TIMEOUT_MS);
  try {
    return await readTagText(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new NfcError("timeout");
    throw error instanceof Error ? error : new NfcError("unknown");
  } finally {
    clearTimeout(timer);
  }
}

/** The garment slug a tag's text points at (`…/t/<slug>`), or null when it is no Relevé tap link. */
export function tapSlugOf(text: string): string | null {
  const match = /\/t\/([^/?#\s]+)/.exec(text.trim());
  if (!match?.[1]) return null;
  try {
    return normalizeSlug(decodeURIComponent(match[1]));
  } catch {
    return null;
  }
}
